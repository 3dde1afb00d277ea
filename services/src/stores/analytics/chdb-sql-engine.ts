import { createRequire } from 'node:module';
import type { Session as ChdbSession } from 'chdb';
import { ClickHouseError } from './clickhouse-error.ts';
import { applyAnalystSchema } from './analyst-schema.ts';
import { analystSettings, settingValue, settingsClause, type SqlAnswer, type SqlEngine, type SqlRunOptions } from './sql-engine.ts';

/** Sessions analysts' queries run on at once; a query waits for a free one, up to QUEUE_LIMIT waiting. */
const SESSIONS = 3;
const QUEUE_LIMIT = 16;
/** A statement that left the process this much larger gets its session replaced (below). */
const RENEW_AFTER_GROWTH = 32 * 1024 * 1024;

/**
 * Analysts' queries on chDB, on sessions of their own beside the projector's: a chDB
 * session keeps its settings, so each is set once to readonly with the limits and the
 * analysts' database, and nothing an analyst sends can reset them (readonly = 2 refuses
 * a change of readonly; the guard refuses SETTINGS clauses). Sessions run in parallel;
 * queries on one session run one after another, hence a few.
 *
 * Memory: a chDB session holds on to what its largest query used (measured: a query
 * refused at a 2 GiB max_memory_usage left the process 2 GB larger for as long as the
 * session lived; a purge of the allocator alone gives back little while the session is
 * open). A statement that failed, or after which the process grew, has its session
 * replaced by a fresh one, set up the same way, and the allocator is then purged (by a
 * session of its own, never given an analyst's SQL): measured, the process returns to its
 * size before, in about 10 ms.
 */
export class ChdbSqlEngine implements SqlEngine {
  private readonly free: ChdbSession[];
  private readonly waiting: ((session: ChdbSession) => void)[] = [];
  private readonly open = new Set<ChdbSession>();
  /** The last purge asked for: each runs after the one before, never beside it. */
  private purging: Promise<void> = Promise.resolve();

  private constructor(
    private readonly newSession: () => Promise<ChdbSession>,
    sessions: ChdbSession[],
    private readonly housekeeping: ChdbSession,
    readonly database: string,
  ) {
    this.free = [...sessions];
    for (const session of sessions) this.open.add(session);
  }

  static async open(path: string, productDatabase: string, database: string, limits: Record<string, number | string>): Promise<ChdbSqlEngine> {
    // chdb's root module is CommonJS with a native addon; ESM cannot import its Session by name.
    const { Session } = createRequire(import.meta.url)('chdb') as typeof import('chdb');
    const setup = [`USE ${database}`, ...Object.entries(analystSettings(limits)).map(([name, value]) => `SET ${name} = ${settingValue(value)}`)];
    const newSession = async () => {
      const session = new Session(path);
      try {
        for (const statement of setup) await session.queryAsync(statement);
        return session;
      } catch (error) {
        session.close();
        throw error;
      }
    };
    const housekeeping = new Session(path);
    const sessions: ChdbSession[] = [];
    try {
      for (const statement of applyAnalystSchema(productDatabase, database)) await housekeeping.queryAsync(statement);
      for (let i = 0; i < SESSIONS; i++) sessions.push(await newSession());
    } catch (error) {
      for (const session of [...sessions, housekeeping]) session.close();
      throw error;
    }
    return new ChdbSqlEngine(newSession, sessions, housekeeping, database);
  }

  private async acquire(): Promise<ChdbSession> {
    const session = this.free.pop();
    if (session) return session;
    if (this.waiting.length >= QUEUE_LIMIT)
      throw ClickHouseError.of('TOO_MANY_SIMULTANEOUS_QUERIES', `Too many simultaneous queries: ${SESSIONS} run and ${QUEUE_LIMIT} wait already`);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(session: ChdbSession): void {
    const next = this.waiting.shift();
    if (next) next(session);
    else this.free.push(session);
  }

  async run(sql: string, options: SqlRunOptions): Promise<SqlAnswer> {
    const session = await this.acquire();
    const before = process.memoryUsage.rss();
    let failed = true;
    try {
      // The format goes as chDB's option (a FORMAT clause would do the same); settings as
      // the statement's own clause, which holds for this statement only.
      const text = `${sql}${settingsClause(options.settings)}`;
      const params = options.params ?? {};
      const result = Object.keys(params).length
        ? await session.queryBindAsync(text, params, { format: options.format })
        : await session.queryAsync(text, { format: options.format });
      const bytes = result.bytes();
      failed = false;
      return {
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        rowsRead: result.rowsRead,
        bytesRead: result.bytesRead,
        elapsedMs: result.elapsed * 1000,
      };
    } finally {
      if (failed || process.memoryUsage.rss() - before > RENEW_AFTER_GROWTH) await this.renew(session);
      else this.release(session);
    }
  }

  /** Replaces a session with a fresh one and purges the allocator; if none can be opened, the old one serves on. */
  private async renew(session: ChdbSession): Promise<void> {
    let fresh: ChdbSession;
    try {
      fresh = await this.newSession();
    } catch {
      this.release(session);
      return;
    }
    session.close();
    this.open.delete(session);
    this.open.add(fresh);
    this.release(fresh);
    // A failed purge costs memory, not the answer: the next renewal purges again.
    this.purging = this.purging
      .then(() => this.housekeeping.queryAsync('SYSTEM JEMALLOC PURGE'))
      .then(
        () => undefined,
        () => undefined,
      );
    await this.purging;
  }

  async close(): Promise<void> {
    await this.purging;
    for (const session of [...this.open, this.housekeeping]) session.close();
  }
}
