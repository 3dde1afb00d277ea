import { createRequire } from 'node:module';
import type { Session as ChdbSession } from 'chdb';
import { ClickHouseError } from './clickhouse-error.ts';
import { applyAnalystSchema } from './analyst-schema.ts';
import { analystSettings, settingValue, settingsClause, type SqlAnswer, type SqlEngine, type SqlRunOptions } from './sql-engine.ts';

/** Sessions analysts' queries run on at once; a query waits for a free one, up to QUEUE_LIMIT waiting. */
const SESSIONS = 3;
const QUEUE_LIMIT = 16;

/**
 * Analysts' queries on chDB, on sessions of their own beside the projector's: a chDB
 * session keeps its settings, so each is set once to readonly with the limits and the
 * analysts' database, and nothing an analyst sends can reset them (readonly = 2 refuses
 * a change of readonly; the guard refuses SETTINGS clauses). Sessions run in parallel;
 * queries on one session run one after another, hence a few.
 */
export class ChdbSqlEngine implements SqlEngine {
  private readonly free: ChdbSession[];
  private readonly waiting: ((session: ChdbSession) => void)[] = [];

  private constructor(
    private readonly sessions: ChdbSession[],
    readonly database: string,
  ) {
    this.free = [...sessions];
  }

  static async open(path: string, productDatabase: string, database: string, limits: Record<string, number | string>): Promise<ChdbSqlEngine> {
    // chdb's root module is CommonJS with a native addon; ESM cannot import its Session by name.
    const { Session } = createRequire(import.meta.url)('chdb') as typeof import('chdb');
    const sessions = Array.from({ length: SESSIONS }, () => new Session(path));
    try {
      const [first] = sessions;
      for (const statement of applyAnalystSchema(productDatabase, database)) await first!.queryAsync(statement);
      const setup = [`USE ${database}`, ...Object.entries(analystSettings(limits)).map(([name, value]) => `SET ${name} = ${settingValue(value)}`)];
      for (const session of sessions) for (const statement of setup) await session.queryAsync(statement);
    } catch (error) {
      for (const session of sessions) session.close();
      throw error;
    }
    return new ChdbSqlEngine(sessions, database);
  }

  private async acquire(): Promise<ChdbSession> {
    const session = this.free.pop();
    if (session) return session;
    if (this.waiting.length >= QUEUE_LIMIT) throw ClickHouseError.of('TOO_MANY_SIMULTANEOUS_QUERIES', `Too many simultaneous queries: ${SESSIONS} run and ${QUEUE_LIMIT} wait already`);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(session: ChdbSession): void {
    const next = this.waiting.shift();
    if (next) next(session);
    else this.free.push(session);
  }

  async run(sql: string, options: SqlRunOptions): Promise<SqlAnswer> {
    const session = await this.acquire();
    try {
      // The format goes as chDB's option (a FORMAT clause would do the same); settings as
      // the statement's own clause, which holds for this statement only.
      const text = `${sql}${settingsClause(options.settings)}`;
      const params = options.params ?? {};
      const result = Object.keys(params).length
        ? await session.queryBindAsync(text, params, { format: options.format })
        : await session.queryAsync(text, { format: options.format });
      const bytes = result.bytes();
      return {
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        rowsRead: result.rowsRead,
        bytesRead: result.bytesRead,
        elapsedMs: result.elapsed * 1000,
      };
    } finally {
      this.release(session);
    }
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.close();
  }
}
