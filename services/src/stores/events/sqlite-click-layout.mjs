// @ts-check
// The click layout of the embedded event log (docs/architecture.md#durable-clicks): a click's
// row is appended to `events` like any event, but its (stream, revision) entry is not written
// with it; the indexer below writes the entries of many clicks at once, later, into
// click_revisions. Plain JavaScript, shared by the store and its writer thread.

export const CLICK_TYPE = 'Clicked';

/** The log's tables for a new file. Logs made before keep their table-level UNIQUE (stream, revision). */
export const CLICK_LAYOUT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    stream TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision) WHERE type <> '${CLICK_TYPE}';
  CREATE TABLE IF NOT EXISTS click_revisions (
    stream TEXT NOT NULL, revision INTEGER NOT NULL, position INTEGER NOT NULL,
    PRIMARY KEY (stream, revision)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS click_revisions_through (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL);
  INSERT OR IGNORE INTO click_revisions_through (id, position) VALUES (1, 0);
`;

/**
 * Whether the log keeps clicks' revisions in click_revisions (true) or, like logs made before
 * the click layout, every event's in the table's own UNIQUE (stream, revision) index.
 * @param {import('better-sqlite3').Database} db
 */
export function hasClickIndex(db) {
  const table = /** @type {string | undefined} */ (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").pluck().get());
  const through = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'click_revisions_through'").pluck().get();
  return table !== undefined && !/UNIQUE\s*\(\s*stream\s*,\s*revision\s*\)/i.test(table) && through !== undefined;
}

/** How many positions of the log one indexing transaction covers at most. */
const POSITIONS_PER_TRANSACTION = 10_000;

/**
 * The indexer of clicks: each call writes the click_revisions entries of the clicks past the
 * indexed point, up to `maxTransactions` transactions of a bounded range each, and advances the
 * point in the same transaction. Idempotent and safe with several processes: the point is read
 * under the write lock. Returns how many clicks it indexed. With synchronous=NORMAL: the index is
 * derived from the log, so a crash loses only work that is done again.
 * @param {import('better-sqlite3').Database} db
 * @returns {(maxTransactions?: number) => number}
 */
export function createClickIndexer(db) {
  const through = db.prepare('SELECT position FROM click_revisions_through WHERE id = 1').pluck();
  const head = db.prepare('SELECT max(position) FROM events').pluck();
  const index = db.prepare(
    `INSERT INTO click_revisions (stream, revision, position)
     SELECT stream, revision, position FROM events WHERE position > ? AND position <= ? AND type = '${CLICK_TYPE}'`,
  );
  const advance = db.prepare('UPDATE click_revisions_through SET position = ? WHERE id = 1');
  const step = db.transaction(() => {
    const from = Number(through.get() ?? 0);
    const to = Math.min(Number(head.get() ?? 0), from + POSITIONS_PER_TRANSACTION);
    if (to <= from) return -1;
    const { changes } = index.run(from, to);
    advance.run(to);
    return changes;
  });
  return (maxTransactions = Number.POSITIVE_INFINITY) => {
    const synchronous = db.pragma('synchronous', { simple: true });
    db.pragma('synchronous = NORMAL');
    try {
      let indexed = 0;
      for (let t = 0; t < maxTransactions; t++) {
        const changes = step.immediate();
        if (changes < 0) break;
        indexed += changes;
      }
      return indexed;
    } finally {
      db.pragma(`synchronous = ${synchronous}`);
    }
  };
}

/**
 * Drops the click entries past `position` when a log is cut there (a restore to a point): the
 * positions after it are given again, and must be past the indexed point.
 * @param {import('better-sqlite3').Database} db
 * @param {number} position
 */
export function cutClickIndexAt(db, position) {
  if (!hasClickIndex(db)) return;
  db.prepare('DELETE FROM click_revisions WHERE position > ?').run(position);
  db.prepare('UPDATE click_revisions_through SET position = min(position, ?) WHERE id = 1').run(position);
}
