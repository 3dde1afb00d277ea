import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type CountAllOptions,
  type EventFilter,
  type EventStore,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type SubscriptionHandler,
} from '@linkledger/contracts';
import { AppendCounter, catchUpSubscription } from './catch-up.ts';
import { eventFilterTest } from './event-filter.ts';
import { WalSync } from './wal-sync.ts';
import { createCommit, type CommitOutcome, type EventRow, type StreamRows } from './sqlite-commit.mjs';
import { CLICK_LAYOUT_SCHEMA, CLICK_TYPE, hasClickIndex } from './sqlite-click-layout.mjs';
import { useWal } from '../sqlite-wal.ts';
import { StoreWriteError } from '../store-write-error.ts';

/** A row of the `events` table as an array, columns in the table's order. */
type RawRow = [position: number, id: string, stream: string, revision: number, type: string, version: number, data: string, metadata: string];

/** One row of the `events` table, as stored. */
export interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

type WriterOutcome = CommitOutcome;

/** The writer's answer for the batches it committed together, oldest first, or news of a failed checkpoint (see the worker). */
type WriterReply =
  | { ok: true; batches: WriterOutcome[][] }
  | { ok: false; batches: number; message: string; code: string }
  | { checkpointFailed: true; message: string; code: string };

/** An error the writer thread described, as its own thread would have thrown it. */
const writerError = ({ message, code }: { message: string; code: string }) => new StoreWriteError('event', Object.assign(new Error(message), { code }));

interface PendingAppend {
  rows: StreamRows[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const toRows = (streams: StreamAppend[]): StreamRows[] =>
  streams.map(({ stream, expected, events }) => ({
    stream,
    expected,
    events: events.map((e): EventRow => [e.id, e.type, e.version, JSON.stringify(e.data), JSON.stringify(e.metadata)]),
  }));

/**
 * A batch as one flat array (see sqlite-writer.worker.mjs for the layout): structured
 * cloning a flat array of strings and numbers costs far less than nested objects.
 */
function encodeBatch(batch: PendingAppend[]): (string | number)[] {
  const flat: (string | number)[] = [batch.length];
  for (const { rows } of batch) {
    flat.push(rows.length);
    for (const { stream, expected, events } of rows) {
      flat.push(stream, expected, events.length);
      for (const [id, type, version, data, metadata] of events) flat.push(id, type, version, data, metadata);
    }
  }
  return flat;
}

/**
 * A committed event kept in memory for the subscriptions of this process; parsed at most
 * once, on first read, and then shared by every subscriber (handlers must not mutate it).
 * A filter tests the entry itself (type, stream, metadata): no object per event and reader.
 */
class TailEntry {
  private recorded: RecordedEvent | undefined;

  constructor(
    readonly position: number,
    readonly stream: string,
    readonly revision: number,
    private readonly row: EventRow,
  ) {}

  get type(): string {
    return this.row[1];
  }

  event(): RecordedEvent {
    this.recorded ??= {
      id: this.row[0],
      stream: this.stream,
      revision: this.revision,
      position: this.position,
      type: this.row[1],
      version: this.row[2],
      data: JSON.parse(this.row[3]),
      metadata: JSON.parse(this.row[4]),
    };
    return this.recorded;
  }

  metadata(): RecordedEvent['metadata'] {
    return this.event().metadata;
  }
}

/** How often, at most, the writer checkpoints the log for commits made on the store's own thread. */
const CHECKPOINT_EVERY_MS = 200;

/** How many positions past the indexed point make a store index clicks as it opens the log. */
const INDEX_AT_OPEN_FROM = 10_000;

/** How many recent events stay in memory for subscriptions that are not behind, by default. */
const TAIL_SIZE = 20_000;

/** How far out of time order two events of the log may be: the margin of a time-range search. */
const TIME_ORDER_SLACK_MS = 60_000;
const shiftedIso = (iso: string, ms: number) => {
  const shifted = new Date(Date.parse(iso) + ms);
  // Only four-digit years compare as text with the stored times.
  return Number.isNaN(shifted.getTime()) || !/^\d{4}-/.test(shifted.toISOString()) ? iso : shifted.toISOString();
};

/** A type name as an SQL literal: partial indexes are used only for literal terms. */
const typeLiteral = (type: string) => `'${type.replaceAll("'", "''")}'`;

/**
 * Events that are not clicks, by position, by type, by actor and by correlation: the history
 * an admin browses (docs/admin.md#event-history) and the subscribers that follow a few types.
 * Partial, so a click (the bulk of the log, written on the redirect's path) costs no index
 * entry, which makes a click's insert about a third cheaper; a query uses them by leaving
 * clicks out.
 */
const HISTORY_INDEXES = `
  CREATE INDEX IF NOT EXISTS events_not_clicks ON events (position) WHERE type <> ${typeLiteral(CLICK_TYPE)};
  CREATE INDEX IF NOT EXISTS events_by_type_not_clicks ON events (type, position) WHERE type <> ${typeLiteral(CLICK_TYPE)};
  CREATE INDEX IF NOT EXISTS events_by_actor ON events (json_extract(metadata, '$.actor.id'), position) WHERE type <> ${typeLiteral(CLICK_TYPE)};
  CREATE INDEX IF NOT EXISTS events_by_correlation ON events (json_extract(metadata, '$.correlation_id'), position) WHERE type <> ${typeLiteral(CLICK_TYPE)};
`;

interface SqliteEventStoreOptions {
  /** FULL syncs the WAL on every commit (survives power loss); NORMAL survives a process crash. */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often an idle subscription looks for appends made by other processes. */
  pollMs?: number;
  /** How the WAL is synced (fdatasync from the thread pool; tests hold or fail it). */
  syncWal?: (fd: number, done: (error: Error | null) => void) => void;
  /** How many recent events stay in memory, at least (up to twice as many): 20,000. */
  tailSize?: number;
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
 * The embedded event store: one SQLite file in WAL mode. This thread commits each turn of
 * the event loop's appends itself, in one transaction, without waiting for the disk. With
 * synchronous=FULL (the default) an append is answered only once its commit is on disk:
 * the WAL is synced from the thread pool (wal-sync.ts), one sync serving every commit made
 * before it began, while this thread goes on committing. Nothing is acted on before it is
 * durable: this process's subscribers see an event once it is synced, and a reader that
 * meets events it has not seen synced (another process's) syncs the WAL before returning
 * them (docs/architecture.md#durable-clicks). With synchronous=NORMAL nothing is synced.
 * When another connection holds the write lock, a batch goes to the writer thread
 * (sqlite-writer.worker.mjs), which waits for the lock, commits with its own sync, and also
 * checkpoints the log. Every append keeps its all-or-nothing semantics. Reads use this
 * thread's own connection; subscriptions that keep up read this process's events from memory.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite';
  private readonly db: Database.Database;
  /** Started on first need (a locked log, a checkpoint): a process that rarely appends never pays for its runtime. */
  private writerThread: Worker | null = null;
  private readonly writerData: { file: string; synchronous: string };
  private queue: PendingAppend[] = [];
  /** Batches sent to the writer and not answered yet, oldest first. */
  private inFlight: PendingAppend[][] = [];
  private flushScheduled = false;
  /**
   * Why the last write failed, until one succeeds: what health reports. It never refuses an
   * append by itself; each append is tried afresh (docs/architecture.md#self-healing-stores).
   */
  private writeFailure: StoreWriteError | null = null;
  private drained: (() => void) | null = null;
  /** Appends made by this process; other processes' appends are found by polling. */
  private readonly appends = new AppendCounter();
  private readonly pollMs: number;
  private readonly tailSize: number;
  private readonly statements;
  private closed = false;
  private readonly pageStatements = new Map<string, Database.Statement<(string | number)[], unknown>>();
  /**
   * The latest events committed by this process, with no gap: every position from the
   * first entry's to the last one's is here. Subscriptions that are not behind read from it
   * instead of querying and parsing the same rows once each.
   */
  private tail: TailEntry[] = [];
  /** A read ahead of the tail under way (see readAheadOfTail). */
  private readingAhead: Promise<void> | null = null;
  /**
   * This thread's commits, when the log is free: no hand-over to the writer thread and back.
   * When another connection holds the write lock, or batches are already with the writer,
   * the batch goes to the writer, which may wait.
   */
  private readonly direct: { commit: (appends: StreamRows[][]) => CommitOutcome[]; db: Database.Database };
  /** synchronous=FULL: what makes this thread's commits durable before they are answered. */
  private readonly walSync: WalSync | null;
  /** Batches committed here and waiting for their sync. */
  private unsynced = 0;
  private lastCheckpoint = 0;
  /** Whether clicks' revisions are in click_revisions (the click layout) or in the table's own index (a log made before). */
  private readonly clickIndex: boolean;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.pollMs = options.pollMs ?? 100;
    this.tailSize = options.tailSize ?? TAIL_SIZE;
    this.db = new Database(file);
    useWal(this.db);
    this.db.pragma('busy_timeout = 5000');
    // A new log gets the click layout; one made before keeps its table (docs/architecture.md#durable-clicks).
    const existing = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get();
    if (!existing) this.db.exec(CLICK_LAYOUT_SCHEMA);
    this.clickIndex = hasClickIndex(this.db);
    this.db.exec(`
      ${HISTORY_INDEXES}
      -- Until 2026-11 every click had an entry here too; the partial index above replaced it.
      DROP INDEX IF EXISTS events_by_type;
    `);
    this.statements = {
      readStream: this.db.prepare<(string | number)[], Row>(`SELECT * FROM ${this.streamRows('>= ?')} ORDER BY revision`),
      head: this.db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events'),
      firstFrom: this.db.prepare<[number], { position: number; at: string }>(
        "SELECT position, json_extract(metadata, '$.at') AS at FROM events WHERE position >= ? ORDER BY position LIMIT 1",
      ),
      lastRevision: this.db.prepare<(string | number)[], { revision: number | null }>(
        this.clickIndex
          ? `SELECT max(revision) AS revision FROM (
               SELECT max(revision) AS revision FROM events WHERE stream = ? AND type <> '${CLICK_TYPE}'
               UNION ALL SELECT max(revision) FROM click_revisions WHERE stream = ?
               UNION ALL SELECT max(revision) FROM events
                 WHERE position > (SELECT position FROM click_revisions_through) AND stream = ? AND type = '${CLICK_TYPE}')`
          : 'SELECT max(revision) AS revision FROM events WHERE stream = ?',
      ),
      positionOf: this.db.prepare<(string | number)[], { position: number }>(`SELECT position FROM ${this.streamRows('= ?')}`),
      // Every event after a position, as arrays: the cheapest rows better-sqlite3 makes.
      rowsAfter: this.db
        .prepare<[number, number], RawRow>(
          'SELECT position, id, stream, revision, type, version, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
        )
        .raw(true),
    };
    const direct = new Database(file);
    // No sync at commit: with synchronous=FULL the WAL is synced from the thread pool before
    // the append is answered. Never wait for a lock on this thread; checkpoints (which sync)
    // are left to the writer.
    direct.pragma('synchronous = NORMAL');
    direct.pragma('busy_timeout = 0');
    direct.pragma('wal_autocheckpoint = 0');
    this.direct = { commit: createCommit(direct), db: direct };
    this.walSync =
      options.synchronous === 'NORMAL'
        ? null
        : new WalSync(
            `${file}-wal`,
            (error) => (this.writeFailure = error instanceof StoreWriteError ? error : new StoreWriteError('event', error)),
            options.syncWal,
          );
    this.writerData = { file, synchronous: options.synchronous ?? 'FULL' };
    this.lastCheckpoint = performance.now();
    // Many clicks left unindexed (a crash, a log copied in) get their entries now, off this thread.
    // A few do not start a writer thread in a process that may never append (the projector):
    // the next commits' indexing takes them, and reads find them by a short range of positions.
    if (this.clickIndex && this.unindexedPositions() > INDEX_AT_OPEN_FROM) this.writer.postMessage({ type: 'index' });
  }

  private unindexedPositions(): number {
    const row = this.db
      .prepare<[], { unindexed: number | null }>('SELECT (SELECT max(position) FROM events) - (SELECT position FROM click_revisions_through) AS unindexed')
      .get();
    return row?.unindexed ?? 0;
  }

  /**
   * The rows of a stream whose revision matches `revisions` (a condition such as '>= ?'), as an
   * SQL table; its parameters come from streamParams. With the click layout, one statement (one
   * snapshot: no row twice, none missed) over the stream's other events (partial unique index),
   * its indexed clicks (click_revisions) and its clicks past the indexed point (a range of positions).
   */
  private streamRows(revisions: string): string {
    if (!this.clickIndex) return `(SELECT * FROM events WHERE stream = ? AND revision ${revisions})`;
    return `(
      SELECT * FROM events WHERE stream = ? AND type <> '${CLICK_TYPE}' AND revision ${revisions}
      UNION ALL
      SELECT events.* FROM click_revisions JOIN events ON events.position = click_revisions.position
        WHERE click_revisions.stream = ? AND click_revisions.revision ${revisions}
      UNION ALL
      SELECT * FROM events
        WHERE position > (SELECT position FROM click_revisions_through) AND stream = ? AND type = '${CLICK_TYPE}' AND revision ${revisions}
    )`;
  }

  /** The parameters of streamRows: the stream, then the revision condition's, once per part. */
  private streamParams(stream: string, ...revisions: number[]): (string | number)[] {
    return this.clickIndex ? [stream, ...revisions, stream, ...revisions, stream, ...revisions] : [stream, ...revisions];
  }

  private get writer(): Worker {
    if (this.writerThread) return this.writerThread;
    const writer = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), { workerData: this.writerData });
    writer.on('message', (reply: WriterReply) => this.settle(reply));
    writer.on('error', (error: unknown) => this.writerLost(writer, error));
    writer.on('exit', (code) => {
      if (!this.closed) this.writerLost(writer, new Error(`The event store's writer stopped (exit code ${code})`));
    });
    this.writerThread = writer;
    return writer;
  }

  /**
   * The writer thread stopped: what it had not answered is refused, and the next batch that
   * needs a writer starts a new one. Nothing of the loss stays behind.
   */
  private writerLost(writer: Worker, error: unknown): void {
    if (this.writerThread !== writer) return;
    this.writerThread = null;
    const failure = new StoreWriteError('event', error);
    this.writeFailure = failure;
    const lost = this.inFlight.flat();
    this.inFlight = [];
    for (const pending of lost) pending.reject(failure);
    this.checkDrained();
    // Appends that gathered behind the lost batches go to the next writer.
    if (!this.closed) this.flush();
  }

  append(streams: StreamAppend[]): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ rows: toRows(streams), resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // Let the appends of this turn of the event loop join the batch.
        setImmediate(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  /**
   * Commits what gathered since the last commit, in one transaction (group commit): here
   * when the log is free, else through the writer, which commits everything that reached it
   * by the time it is free. An append waits for at most the sync under way and its own.
   */
  private flush(): void {
    if (this.queue.length === 0) return this.checkDrained();
    // While a commit's sync is under way the next batch gathers here, and is committed once
    // the disk is done: one commit and one sync for everything that arrived meanwhile.
    if (this.unsynced > 0) return;
    const batch = this.queue;
    this.queue = [];
    if (this.inFlight.length === 0 && this.commitHere(batch)) return;
    this.inFlight.push(batch);
    this.writer.postMessage({ type: 'commit', batch: encodeBatch(batch) });
  }

  private checkDrained(): void {
    if (this.queue.length === 0 && this.inFlight.length === 0 && this.unsynced === 0) this.drained?.();
  }

  /** Commits a batch on this thread, answered once durable; false when the log is locked. */
  private commitHere(batch: PendingAppend[]): boolean {
    let outcomes: CommitOutcome[];
    try {
      outcomes = this.direct.commit(batch.map((pending) => pending.rows));
    } catch (error) {
      if (/^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '')) return false;
      // Rolled back: nothing of the batch is in the log. The next batch is tried afresh.
      const failed = new StoreWriteError('event', error);
      this.writeFailure = failed;
      for (const pending of batch) pending.reject(failed);
      return true;
    }
    // The log grows until checkpointed: ask the writer for a (non-blocking) checkpoint now and then.
    const now = performance.now();
    if (now - this.lastCheckpoint >= CHECKPOINT_EVERY_MS) {
      this.lastCheckpoint = now;
      this.writer.postMessage({ type: 'checkpoint' });
    }
    let last = 0;
    for (const outcome of outcomes) if (outcome.ok && outcome.position > last) last = outcome.position;
    if (!this.walSync || last === 0) {
      this.committed(batch, outcomes);
      return true;
    }
    this.unsynced += 1;
    this.walSync.through(last, (error) => {
      this.unsynced -= 1;
      if (error) for (const pending of batch) pending.reject(error);
      else this.committed(batch, outcomes);
      this.flush();
    });
    return true;
  }

  /** A durable commit made here: its appends are answered and subscribers hear of it. */
  private committed(batch: PendingAppend[], outcomes: CommitOutcome[]): void {
    this.writeFailure = null;
    this.resolveBatch(batch, outcomes);
    this.appends.bump();
    this.checkDrained();
  }

  private resolveBatch(batch: PendingAppend[], outcomes: CommitOutcome[]): void {
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) {
        pending.resolve({ position: outcome.position, revisions: outcome.revisions });
        this.remember(pending.rows, outcome.position, outcome.revisions);
      } else pending.reject(new WrongExpectedRevisionError(outcome.stream, outcome.expected, outcome.actual));
    });
  }

  private settle(reply: WriterReply): void {
    if ('checkpointFailed' in reply) {
      this.writeFailure = writerError(reply);
      return;
    }
    const batches = this.inFlight.splice(0, reply.ok ? reply.batches.length : reply.batches);
    if (!reply.ok) {
      // The commit itself failed: nothing of these batches is durable.
      const error = writerError(reply);
      this.writeFailure = error;
      for (const batch of batches) for (const pending of batch) pending.reject(error);
    } else {
      this.writeFailure = null;
      // The writer commits with synchronous=FULL: its sync covered every earlier commit too.
      let last = 0;
      for (const outcomes of reply.batches) for (const outcome of outcomes) if (outcome.ok && outcome.position > last) last = outcome.position;
      this.walSync?.markDurable(last);
      batches.forEach((batch, b) => this.resolveBatch(batch, reply.batches[b]!));
      this.appends.bump();
    }
    this.checkDrained();
  }

  /** Adds a committed append to the tail: its events hold the positions up to `last`, in order. */
  private remember(rows: StreamRows[], last: number, revisions: number[]): void {
    let count = 0;
    for (const { events } of rows) count += events.length;
    let position = last - count + 1;
    rows.forEach(({ stream, events }, index) => {
      let revision = revisions[index]! - events.length + 1;
      for (const row of events) this.keep(new TailEntry(position++, stream, revision++, row));
    });
    this.trimTail();
  }

  /**
   * Adds the event after the tail's last to it. One already there (read by a subscriber
   * before its own commit was answered) is skipped; after a gap (another process's events
   * not seen here) the tail starts again from this one.
   */
  private keep(entry: TailEntry): void {
    const last = this.tail.at(-1)?.position;
    if (last !== undefined && entry.position <= last) return;
    if (last !== undefined && entry.position !== last + 1) this.tail = [];
    this.tail.push(entry);
  }

  private trimTail(): void {
    if (this.tail.length > 2 * this.tailSize) this.tail = this.tail.slice(-this.tailSize);
  }

  /**
   * A page from the in-memory tail, or null when the tail cannot answer alone: the reader is
   * behind it, or at its end (where only the log can tell whether another process appended).
   */
  private tailPage(after: number, limit: number, filter: EventFilter | undefined): { events: RecordedEvent[]; through: number } | null {
    const first = this.tail[0]?.position;
    const last = this.tail.at(-1)?.position;
    if (first === undefined || last === undefined || after < first - 1 || after >= last) return null;
    const matches = eventFilterTest(filter);
    const events: RecordedEvent[] = [];
    for (let i = after - first + 1; i < this.tail.length && events.length < limit; i++) {
      const entry = this.tail[i]!;
      if (matches(entry)) events.push(entry.event());
    }
    return { events, through: events.length < limit ? last : events.at(-1)!.position };
  }

  /**
   * Rows as events, once every one of them is on disk: a reader may meet commits whose sync
   * is under way (this process's, or another's), and nothing is acted on before it is durable.
   */
  private async durable(rows: Row[]): Promise<RecordedEvent[]> {
    if (this.walSync) {
      let last = 0;
      for (const row of rows) if (row.position > last) last = row.position;
      await this.walSync.reached(last);
    }
    return rows.map(toRecorded);
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.durable(this.statements.readStream.all(...this.streamParams(stream, fromRevision)));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { after = 0, before, direction = 'forward', limit, filter } = options;
    return this.durable(this.select(after, before ?? Number.MAX_SAFE_INTEGER, direction === 'forward', limit, filter));
  }

  /** A forward page for subscriptions; `through` is how far the log was scanned. */
  private async readPage(after: number, limit: number, filter: EventFilter | undefined) {
    const last = this.tail.at(-1)?.position;
    if (last === undefined || after >= last) return this.readAheadOfTail(after, limit, filter);
    const head = this.statements.head.get()?.head ?? 0;
    const rows = this.select(after, Number.MAX_SAFE_INTEGER, true, limit, filter);
    // A short page means every event up to the head read before the query has been seen.
    const through = rows.length < limit ? Math.max(rows.at(-1)?.position ?? after, head) : rows.at(-1)!.position;
    // Everything up to `through` is returned or skipped: all of it must be durable first.
    await this.walSync?.reached(through);
    return { events: rows.map(toRecorded), through };
  }

  /**
   * A page for a reader at the tail's end (or with no tail): every event after it is read,
   * filter or not, and kept in the tail, so the next reader there (this process's other
   * projector, say) finds them parsed in memory instead of querying and parsing them again.
   */
  private async readAheadOfTail(after: number, limit: number, filter: EventFilter | undefined): Promise<{ events: RecordedEvent[]; through: number }> {
    // One read ahead at a time: a reader arriving meanwhile (both projectors woken by the
    // same poll) waits for it, then finds its events in the tail.
    if (this.readingAhead) {
      await this.readingAhead;
      return this.tailPage(after, limit, filter) ?? this.readPage(after, limit, filter);
    }
    let finished = () => {};
    this.readingAhead = new Promise<void>((resolve) => (finished = resolve));
    try {
      const head = this.statements.head.get()?.head ?? 0;
      const rows = this.statements.rowsAfter.all(after, Math.max(1, Math.floor(limit)));
      const through = rows.length < limit ? Math.max(rows.at(-1)?.[0] ?? after, head) : rows.at(-1)![0];
      await this.walSync?.reached(through);
      // One pass, no intermediate arrays: each row becomes its tail entry, parsed only if this reader wants it.
      const matches = eventFilterTest(filter);
      const events: RecordedEvent[] = [];
      for (const [position, id, stream, revision, type, version, data, metadata] of rows) {
        const entry = new TailEntry(position, stream, revision, [id, type, version, data, metadata]);
        this.keep(entry);
        if (matches(entry)) events.push(entry.event());
      }
      this.trimTail();
      return { events, through };
    } finally {
      this.readingAhead = null;
      finished();
    }
  }

  async countAll(options: CountAllOptions): Promise<number> {
    const where = this.whereOf(options.after ?? 0, options.before ?? Number.MAX_SAFE_INTEGER, options.filter);
    if (!where) return 0;
    const row = this.prepared<{ count: number }>(`SELECT count(*) AS count FROM ${where.source} WHERE ${where.clauses.join(' AND ')}`).get(...where.params);
    return row?.count ?? 0;
  }

  /** Up to `limit` matching rows strictly between two positions, oldest or newest first. */
  private select(after: number, before: number, forward: boolean, limit: number, filter: EventFilter | undefined): Row[] {
    const pageSize = Math.max(1, Math.floor(limit));
    if (filter?.stream !== undefined && this.clickIndex) return this.selectInStream(after, before, forward, pageSize, filter);
    const where = this.whereOf(after, before, filter);
    return where ? this.selectWhere(where, forward, pageSize) : [];
  }

  private selectWhere(where: NonNullable<ReturnType<SqliteEventStore['whereOf']>>, forward: boolean, limit: number): Row[] {
    const sql = `SELECT * FROM ${where.source} WHERE ${where.clauses.join(' AND ')} ORDER BY ${where.order} ${forward ? 'ASC' : 'DESC'} LIMIT ${limit}`;
    return this.prepared<Row>(sql).all(...where.params);
  }

  /**
   * A page of one stream under the click layout. Its three parts are sorted together only once
   * all their rows in the revision range are read, so a page of a long click stream (the newest
   * 50 of a link's clicks) reads windows of revisions from the page's end instead, each twice
   * the last, until the page is full or the range is done: a stream's revisions are dense, so
   * without other conditions the first window is the page.
   */
  private selectInStream(after: number, before: number, forward: boolean, limit: number, filter: EventFilter): Row[] {
    const rows: Row[] = [];
    let covered = 0;
    for (let size = limit; ; size *= 2) {
      let exhausted = true;
      const where = this.whereOf(after, before, filter, ({ first, last }) => {
        const window = forward
          ? { first: first + covered, last: Math.min(last, first + covered + size - 1) }
          : { first: Math.max(first, last - covered - size + 1), last: last - covered };
        exhausted = forward ? window.last >= last : window.first <= first;
        return window;
      });
      if (!where) return rows;
      rows.push(...this.selectWhere(where, forward, limit - rows.length));
      if (rows.length >= limit || exhausted) return rows;
      covered += size;
    }
  }

  /** A statement built from a filter, prepared once per distinct text. */
  private prepared<T>(sql: string) {
    let statement = this.pageStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare<(string | number)[], unknown>(sql);
      this.pageStatements.set(sql, statement);
    }
    return statement as Database.Statement<(string | number)[], T>;
  }

  /** The SQL conditions (and index) for the events strictly between two positions that match a filter; null when none can. */
  private whereOf(
    after: number,
    before: number,
    filter: EventFilter | undefined,
    /** Narrows a stream's revision range (selectInStream's windows). */
    narrow: (range: { first: number; last: number }) => { first: number; last: number } = (range) => range,
  ): { clauses: string[]; params: (string | number)[]; order: string; source: string } | null {
    // A time range narrows the positions first, then is checked exactly. The log is in time
    // order only nearly (a retried command keeps its decision time; processes' clocks differ),
    // so the search looks a little wider than the range.
    if (filter?.from !== undefined) after = Math.max(after, this.firstPositionAt(shiftedIso(filter.from, -TIME_ORDER_SLACK_MS)) - 1);
    if (filter?.to !== undefined) before = Math.min(before, this.firstPositionAt(shiftedIso(filter.to, TIME_ORDER_SLACK_MS)));
    if (after + 1 >= before) return null;
    const clauses: string[] = [];
    const params: (string | number)[] = [];
    let order = 'position';
    let index = '';
    let source = 'events';
    if (filter?.stream !== undefined) {
      // Within a stream revisions follow positions: read its (stream, revision) indexes.
      const found = this.revisionsBetween(filter.stream, after, before);
      if (!found) return null;
      const revisions = narrow(found);
      source = `${this.streamRows('BETWEEN ? AND ?')} AS of_stream`;
      clauses.push('1');
      params.push(...this.streamParams(filter.stream, revisions.first, revisions.last));
      order = 'revision';
    } else {
      clauses.push('position > ?', 'position < ?');
      params.push(after, before);
    }
    if (filter?.types?.length) {
      clauses.push(`type IN (${filter.types.map(() => '?').join(', ')})`);
      params.push(...filter.types);
      // The literal term lets a search for other types use the partial index of types.
      if (!filter.types.includes(CLICK_TYPE)) clauses.push(`type <> ${typeLiteral(CLICK_TYPE)}`);
    }
    for (const type of filter?.excludeTypes ?? []) clauses.push(`type <> ${typeLiteral(type)}`);
    const withoutClicks = filter?.excludeTypes?.includes(CLICK_TYPE) ?? false;
    if (filter?.streamPrefixes?.length) {
      clauses.push(`(${filter.streamPrefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})`);
      for (const prefix of filter.streamPrefixes) params.push(prefix.length, prefix);
    }
    if (filter?.actorId !== undefined) {
      clauses.push("json_extract(metadata, '$.actor.id') = ?");
      params.push(filter.actorId);
      if (withoutClicks && filter.stream === undefined) index = 'INDEXED BY events_by_actor';
    }
    if (filter?.correlationId !== undefined) {
      clauses.push("json_extract(metadata, '$.correlation_id') = ?");
      params.push(filter.correlationId);
      if (withoutClicks && filter.stream === undefined) index = 'INDEXED BY events_by_correlation';
    }
    if (withoutClicks && !index && filter?.stream === undefined && !filter?.types?.length) index = 'INDEXED BY events_not_clicks';
    if (filter?.from !== undefined) {
      clauses.push("json_extract(metadata, '$.at') >= ?");
      params.push(filter.from);
    }
    if (filter?.to !== undefined) {
      clauses.push("json_extract(metadata, '$.at') < ?");
      params.push(filter.to);
    }
    return { clauses, params, order, source: index ? `events ${index}` : source };
  }

  /**
   * The first position whose event was recorded at or after `at` (head + 1 when none), by
   * binary search over the log: a few point reads, however long the log.
   */
  private firstPositionAt(at: string): number {
    let low = 1;
    let high = (this.statements.head.get()?.head ?? 0) + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const row = this.statements.firstFrom.get(middle);
      if (!row || row.at >= at) high = middle;
      else low = row.position + 1;
    }
    return low;
  }

  /** The revisions of a stream whose positions lie strictly between two positions, or null. */
  private revisionsBetween(stream: string, after: number, before: number): { first: number; last: number } | null {
    const last = this.statements.lastRevision.get(...(this.clickIndex ? [stream, stream, stream] : [stream]))?.revision;
    if (last === null || last === undefined) return null;
    const positionOf = (revision: number) => this.statements.positionOf.get(...this.streamParams(stream, revision))?.position ?? Number.MAX_SAFE_INTEGER;
    // The first revision at or past a position, by binary search (positions grow with revisions).
    const firstReaching = (position: number) => {
      let low = 0;
      let high = last + 1;
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        if (positionOf(middle) >= position) high = middle;
        else low = middle + 1;
      }
      return low;
    };
    const first = firstReaching(after + 1);
    const lastBefore = firstReaching(before) - 1;
    return first <= lastBefore ? { first, last: lastBefore } : null;
  }

  /**
   * Resolves when the log can take a write. After a failed write it tries a tiny one of its
   * own (a row of `write_check`, never an event), so health turns back to up once the cause
   * is gone even if nobody writes meanwhile (a balancer that stops sending traffic to a node
   * that reports down would otherwise keep it down).
   */
  async checkWritable(): Promise<void> {
    const failure = this.writeFailure;
    if (!failure) return;
    try {
      this.probeWrite();
    } catch (error) {
      // Another connection holds the lock right now: the probe tells nothing new.
      if (/^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '')) throw failure;
      throw (this.writeFailure = new StoreWriteError('event', error));
    }
    // A write that cannot be made durable is no write: the disk must take a sync too.
    try {
      await this.walSync?.check();
    } catch (error) {
      throw (this.writeFailure = error instanceof StoreWriteError ? error : new StoreWriteError('event', error));
    }
    if (this.writeFailure === failure) this.writeFailure = null;
  }

  private probeWrite(): void {
    const { db } = this.direct;
    db.transaction(() => {
      db.exec('CREATE TABLE IF NOT EXISTS write_check (id INTEGER PRIMARY KEY CHECK (id = 1), checks INTEGER NOT NULL)');
      db.exec('INSERT INTO write_check (id, checks) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET checks = checks + 1');
    }).immediate();
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get()?.head ?? 0;
  }

  subscribe(options: SubscribeOptions, handler: SubscriptionHandler) {
    return catchUpSubscription(
      { readPage: async (after, limit, filter) => this.tailPage(after, limit, filter) ?? this.readPage(after, limit, filter), appends: this.appends },
      { ...options, idleWaitMs: this.pollMs },
      handler,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already accepted are committed before the writer stops.
    if (this.inFlight.length > 0 || this.queue.length > 0) await new Promise<void>((resolve) => ((this.drained = resolve), this.flush()));
    this.closed = true;
    this.appends.close();
    const writer = this.writerThread;
    if (writer) {
      const exited = new Promise((resolve) => writer.once('exit', resolve));
      writer.postMessage({ type: 'close' });
      await exited;
    }
    await this.walSync?.close();
    this.direct.db.close();
    this.db.close();
  }
}
