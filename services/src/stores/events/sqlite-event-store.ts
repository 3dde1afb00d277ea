import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type SubscriptionHandler,
} from '@linkledger/contracts';
import { AppendCounter, catchUpSubscription } from './catch-up.ts';

interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

interface PendingAppend {
  streams: StreamAppend[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export interface SqliteEventStoreOptions {
  /** FULL syncs the WAL on every commit (survives power loss); NORMAL survives a process crash. */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often an idle subscription looks for appends made by other processes. */
  pollMs?: number;
}

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.id,
  stream: row.stream,
  revision: row.revision,
  position: row.position,
  type: row.type,
  version: row.version,
  data: JSON.parse(row.data),
  metadata: JSON.parse(row.metadata),
});

/**
 * The embedded event store: one SQLite file in WAL mode. Appends made during one turn of
 * the event loop are group-committed in one transaction (one sync for all of them); each
 * append keeps its own all-or-nothing semantics through a savepoint.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite';
  private readonly db: Database.Database;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  /** Appends made by this process; other processes' appends are found by polling. */
  private readonly appends = new AppendCounter();
  private readonly pollMs: number;
  private readonly statements;
  private closed = false;
  private readonly commitBatch: Database.Transaction<(batch: PendingAppend[]) => Outcome[]>;
  private readonly pageStatements = new Map<string, Database.Statement<(string | number)[], Row>>();

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.pollMs = options.pollMs ?? 100;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      );
      CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
    `);
    this.statements = {
      streamRevision: this.db.prepare<[string], { revision: number | null }>(
        'SELECT max(revision) AS revision FROM events WHERE stream = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream, revision, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string, number], Row>(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision',
      ),
      head: this.db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events'),
      savepoint: this.db.prepare('SAVEPOINT append'),
      release: this.db.prepare('RELEASE append'),
      rollbackTo: this.db.prepare('ROLLBACK TO append'),
    };
    this.commitBatch = this.db.transaction((batch: PendingAppend[]) => this.writeBatch(batch));
  }

  append(streams: StreamAppend[]): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ streams, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0 || this.closed) {
      for (const pending of batch) pending.reject(new Error('The event store is closed'));
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = this.commitBatch.immediate(batch);
    } catch (error) {
      // The commit itself failed: nothing of this batch is durable.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    });
    this.notifyAppend();
  }

  /**
   * Writes every pending append in one transaction. An append that can be refused (it
   * expects a revision) gets a savepoint, so a refusal undoes only that append; appends
   * that expect nothing (clicks) cannot be refused and skip that cost.
   */
  private writeBatch(batch: PendingAppend[]): Outcome[] {
    return batch.map((pending): Outcome => {
      const refusable = pending.streams.some((s) => s.expected !== 'any');
      if (!refusable) return { ok: true, result: this.write(pending.streams) };
      this.statements.savepoint.run();
      try {
        const result = this.write(pending.streams);
        this.statements.release.run();
        return { ok: true, result };
      } catch (error) {
        this.statements.rollbackTo.run();
        this.statements.release.run();
        return { ok: false, error };
      }
    });
  }

  private write(streams: StreamAppend[]): AppendResult {
    let position = 0;
    const revisions: number[] = [];
    for (const { stream, expected, events } of streams) {
      const current = this.statements.streamRevision.get(stream)?.revision ?? null;
      assertExpected(stream, expected, current);
      let revision = current ?? -1;
      for (const event of events) {
        revision += 1;
        const info = this.statements.insert.run(
          event.id,
          stream,
          revision,
          event.type,
          event.version,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        );
        position = Number(info.lastInsertRowid);
      }
      revisions.push(revision);
    }
    return { position, revisions };
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.statements.readStream.all(stream, fromRevision).map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.readPage(options.after, options.limit, options.filter).events;
  }

  private readPage(after: number, limit: number, filter: EventFilter | undefined) {
    const head = this.statements.head.get()?.head ?? 0;
    const clauses = ['position > ?'];
    const params: (string | number)[] = [after];
    if (filter?.types?.length) {
      clauses.push(`type IN (${filter.types.map(() => '?').join(', ')})`);
      params.push(...filter.types);
    }
    if (filter?.streamPrefixes?.length) {
      clauses.push(`(${filter.streamPrefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})`);
      for (const prefix of filter.streamPrefixes) params.push(prefix.length, prefix);
    }
    const sql = `SELECT * FROM events WHERE ${clauses.join(' AND ')} ORDER BY position LIMIT ${Math.max(1, Math.floor(limit))}`;
    let statement = this.pageStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare<(string | number)[], Row>(sql);
      this.pageStatements.set(sql, statement);
    }
    const rows = statement.all(...params);
    const events = rows.map(toRecorded);
    // A short page means every event up to the head read before the query has been seen.
    const lastSeen = events.at(-1)?.position ?? after;
    const through = events.length < limit ? Math.max(lastSeen, head) : lastSeen;
    return { events, through };
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get()?.head ?? 0;
  }

  subscribe(options: SubscribeOptions, handler: SubscriptionHandler) {
    return catchUpSubscription(
      { readPage: async (after, limit, filter) => this.readPage(after, limit, filter), appends: this.appends },
      { ...options, idleWaitMs: this.pollMs },
      handler,
    );
  }

  private notifyAppend(): void {
    this.appends.bump();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pending = this.queue;
    this.queue = [];
    for (const append of pending) append.reject(new Error('The event store is closed'));
    this.appends.close();
    this.db.close();
  }
}

export function assertExpected(stream: string, expected: ExpectedRevision, current: number | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'number' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current);
}
