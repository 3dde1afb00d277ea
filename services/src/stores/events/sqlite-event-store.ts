import { Worker } from 'node:worker_threads';
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

/** An append as the writer thread takes it: event rows already serialised. */
type StreamRows = { stream: string; expected: ExpectedRevision; events: [string, string, number, string, string][] };

type WriterOutcome =
  | { ok: true; position: number; revisions: number[] }
  | { ok: false; stream: string; expected: ExpectedRevision; actual: number | null };

type WriterReply = { ok: true; outcomes: WriterOutcome[] } | { ok: false; message: string };

interface PendingAppend {
  rows: StreamRows[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const toRows = (streams: StreamAppend[]): StreamRows[] =>
  streams.map(({ stream, expected, events }) => ({
    stream,
    expected,
    events: events.map((e) => [e.id, e.type, e.version, JSON.stringify(e.data), JSON.stringify(e.metadata)]),
  }));

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
 * The embedded event store: one SQLite file in WAL mode. Writes happen in a writer thread
 * (sqlite-writer.worker.mjs) with pipelined group commit: while one batch is being made
 * durable, the appends that arrive meanwhile gather into the next, one transaction and one
 * sync each. Every append keeps its all-or-nothing semantics. Reads use this thread's own
 * connection, which sees each batch as soon as it is committed.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite';
  private readonly db: Database.Database;
  private readonly writer: Worker;
  private queue: PendingAppend[] = [];
  private inFlight: PendingAppend[] | null = null;
  private flushScheduled = false;
  private failure: Error | null = null;
  private drained: (() => void) | null = null;
  /** Appends made by this process; other processes' appends are found by polling. */
  private readonly appends = new AppendCounter();
  private readonly pollMs: number;
  private readonly statements;
  private closed = false;
  private readonly pageStatements = new Map<string, Database.Statement<(string | number)[], Row>>();

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.pollMs = options.pollMs ?? 100;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
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
      readStream: this.db.prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision'),
      head: this.db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events'),
    };
    this.writer = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), {
      workerData: { file, synchronous: options.synchronous ?? 'FULL' },
    });
    this.writer.on('message', (reply: WriterReply) => this.settle(reply));
    this.writer.on('error', (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    this.writer.on('exit', (code) => {
      if (!this.closed) this.fail(new Error(`The event store's writer stopped (exit code ${code})`));
    });
  }

  append(streams: StreamAppend[]): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ rows: toRows(streams), resolve, reject });
      if (!this.flushScheduled && !this.inFlight) {
        this.flushScheduled = true;
        // Let the appends of this turn of the event loop join the batch.
        setImmediate(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    if (this.inFlight || this.queue.length === 0) {
      if (!this.inFlight) this.drained?.();
      return;
    }
    this.inFlight = this.queue;
    this.queue = [];
    this.writer.postMessage({ type: 'commit', appends: this.inFlight.map((pending) => pending.rows) });
  }

  private settle(reply: WriterReply): void {
    const batch = this.inFlight ?? [];
    this.inFlight = null;
    if (!reply.ok) {
      // The commit itself failed: nothing of this batch is durable.
      const error = new Error(`The event store could not commit: ${reply.message}`);
      for (const pending of batch) pending.reject(error);
    } else {
      batch.forEach((pending, index) => {
        const outcome = reply.outcomes[index]!;
        if (outcome.ok) pending.resolve({ position: outcome.position, revisions: outcome.revisions });
        else pending.reject(new WrongExpectedRevisionError(outcome.stream, outcome.expected, outcome.actual));
      });
      this.appends.bump();
    }
    this.flush();
  }

  private fail(error: Error): void {
    this.failure = error;
    for (const pending of [...(this.inFlight ?? []), ...this.queue]) pending.reject(error);
    this.inFlight = null;
    this.queue = [];
    this.drained?.();
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


  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already accepted are committed before the writer stops.
    if (this.inFlight || this.queue.length > 0) await new Promise<void>((resolve) => ((this.drained = resolve), this.flush()));
    this.closed = true;
    this.appends.close();
    const exited = new Promise((resolve) => this.writer.once('exit', resolve));
    this.writer.postMessage({ type: 'close' });
    await exited;
    this.db.close();
  }
}

