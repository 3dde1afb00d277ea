import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CLICK_LAYOUT_SCHEMA, CLICK_TYPE, hasClickIndex } from './sqlite-click-layout.mjs';

/** The copies built beside the old table until the swap; their own names, so a store that opens the old log meanwhile never meets them. */
const EVENTS_COPY = 'events_upgraded';
const CLICK_REVISIONS_COPY = 'click_revisions_upgraded';
const COLUMNS = 'position, id, stream, revision, type, version, data, metadata';

interface UpgradeLogOptions {
  /** Rows copied per transaction: the unit of progress a restart resumes from. */
  chunk?: number;
  /** After each chunk: the copy's head, the log's, and the rows this run copied so far. */
  onProgress?: (copiedThrough: number, head: number, copied: number) => void;
  /** VACUUM after the swap: gives the old table's pages back to the disk at once, at the cost of writing the log again. */
  compact?: boolean;
  /** Called after each chunk is committed; a test throws here to stop the run as a kill would. */
  afterChunk?: (copiedThrough: number) => void;
}

type UpgradeLogResult =
  | { outcome: 'no-log' }
  | { outcome: 'already-upgraded' }
  /** `copied`: rows copied by this run (an earlier, interrupted run may have copied the rest). */
  | { outcome: 'upgraded'; copied: number; head: number; freeBytes: number };

/** Another connection has the log open: the server (or another upgrade) is running. */
export class LogInUseError extends Error {
  override name = 'LogInUseError';
}

/**
 * Turns an embedded log of the older layout (every click in the table-level UNIQUE (stream,
 * revision) index) into the click layout (sqlite-click-layout.mjs; docs/operations.md#upgrading-the-event-logs-click-layout).
 * Offline: it holds SQLite's exclusive lock from start to end, and refuses when any other
 * connection has the file open. The rows are copied, positions kept, into a new table in
 * chunks, the clicks' index entries into a new `click_revisions` as it goes; the copy's
 * own head is the progress, so a run stopped at any moment resumes where it stopped. The
 * last transaction copies what is left, swaps the tables, builds the indexes the old table
 * had and carries the AUTOINCREMENT sequence: a reader sees the old log or the new, never a mix.
 */
export function upgradeLog(file: string, options: UpgradeLogOptions = {}): UpgradeLogResult {
  const { chunk = 200_000 } = options;
  if (!existsSync(file)) return { outcome: 'no-log' };
  // No wait for a busy log: a connection that holds it is a running server, not a passing writer.
  const db = new Database(file, { fileMustExist: true, timeout: 200 });
  try {
    holdExclusively(db);
    if (!tableExists(db, 'events')) return { outcome: 'no-log' };
    if (hasClickIndex(db)) return { outcome: 'already-upgraded' };
    // The copy's tables are written in bulk: a larger page cache keeps click_revisions' pages in memory across a chunk.
    db.pragma('cache_size = -131072');
    if (!tableExists(db, EVENTS_COPY)) db.transaction(() => db.exec(copyTablesSql())).exclusive();
    const copyEvents = db.prepare<[number, number]>(
      `INSERT INTO ${EVENTS_COPY} (${COLUMNS}) SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? ORDER BY position`,
    );
    // Sorted by link, so each link's page of the index is written once per chunk.
    const copyClicks = db.prepare<[number, number]>(
      `INSERT INTO ${CLICK_REVISIONS_COPY} (stream, revision, position) SELECT stream, revision, position FROM events WHERE position > ? AND position <= ? AND type = '${CLICK_TYPE}' ORDER BY stream, revision`,
    );
    const chunkEnd = db.prepare<[number, number], { last: number | null }>(
      'SELECT max(position) AS last FROM (SELECT position FROM events WHERE position > ? ORDER BY position LIMIT ?)',
    );
    const headOf = (name: string) => db.prepare<[], { head: number | null }>(`SELECT max(position) AS head FROM ${name}`).get()?.head ?? 0;
    const head = headOf('events');
    let copiedThrough = headOf(EVENTS_COPY);
    let copied = 0;
    const copyRange = (after: number, through: number) => {
      const rows = copyEvents.run(after, through).changes;
      copyClicks.run(after, through);
      return rows;
    };
    for (;;) {
      const last = chunkEnd.get(copiedThrough, chunk)?.last;
      // The chunk that reaches the head is copied with the swap.
      if (last === null || last === undefined || last >= head) break;
      copied += db.transaction(() => copyRange(copiedThrough, last)).exclusive();
      copiedThrough = last;
      options.onProgress?.(copiedThrough, head, copied);
      options.afterChunk?.(copiedThrough);
    }
    db.transaction(() => {
      if (head > copiedThrough) copied += copyRange(copiedThrough, head);
      swapTables(db, head);
    }).exclusive();
    options.onProgress?.(head, head, copied);
    if (options.compact) db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const freeBytes = (db.pragma('freelist_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    return { outcome: 'upgraded', copied, head, freeBytes };
  } finally {
    db.close();
  }
}

const tableExists = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * The click layout's `events` and `click_revisions` under the copies' names, exactly as the
 * store's schema declares them: made in a scratch database and renamed there.
 */
function copyTablesSql(): string {
  const scratch = new Database(':memory:');
  try {
    scratch.exec(`${CLICK_LAYOUT_SCHEMA}; ALTER TABLE events RENAME TO ${EVENTS_COPY}; ALTER TABLE click_revisions RENAME TO ${CLICK_REVISIONS_COPY};`);
    const tables = scratch.prepare<[string, string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)");
    return tables
      .all(EVENTS_COPY, CLICK_REVISIONS_COPY)
      .map(({ sql }) => `${sql};`)
      .join('\n');
  } finally {
    scratch.close();
  }
}

/**
 * Takes the file for this connection alone: in exclusive locking mode, the first write
 * transaction fails at once while any other connection has the log open, and once it is
 * taken, the lock is kept until the connection closes.
 */
function holdExclusively(db: Database.Database) {
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new LogInUseError(`${db.name} is open in another process: stop the server (and any other upgrade) first.`, { cause: error });
  }
}

/** In the final transaction: the copy becomes `events`, with the old table's indexes (the history's) and its AUTOINCREMENT sequence. */
function swapTables(db: Database.Database, head: number) {
  const count = (name: string) => db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${name}`).get()!.n;
  const [before, after] = [count('events'), count(EVENTS_COPY)];
  if (before !== after) throw new Error(`The copy of the log holds ${after} events, the log ${before}: nothing was changed; run the upgrade again.`);
  // Named indexes only: the unnamed one is the table-level UNIQUE (stream, revision) this upgrade does away with.
  const indexes = db
    .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL ORDER BY name")
    .all();
  const sequence = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get()?.seq ?? 0;
  db.exec(`
    DROP TABLE events;
    ALTER TABLE ${EVENTS_COPY} RENAME TO events;
    -- A store of the click layout may have made these, empty, on a log it found of the older layout.
    DROP TABLE IF EXISTS click_revisions;
    DROP TABLE IF EXISTS click_revisions_through;
    ALTER TABLE ${CLICK_REVISIONS_COPY} RENAME TO click_revisions;
    -- The store's own schema: over the tables now in place, it adds the unique index of the events that are not clicks, and click_revisions_through.
    ${CLICK_LAYOUT_SCHEMA}
  `);
  for (const { sql } of indexes) db.exec(sql);
  db.prepare('UPDATE click_revisions_through SET position = ? WHERE id = 1').run(head);
  // The copy's sequence row was renamed with it; the old one went with the old table. Positions continue after the highest ever used.
  if (db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'events'").run(sequence).changes === 0)
    db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('events', ?)").run(sequence);
}
