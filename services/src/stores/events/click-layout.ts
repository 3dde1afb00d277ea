/**
 * The schema of the embedded log's click layout (docs/operations.md#upgrading-the-event-logs-click-layout):
 * clicks stay rows of `events`, but their per-link index entry lives in `click_revisions`,
 * written in batches, so a click's commit touches only the table's last page. The one copy of
 * this DDL, for the store and for the upgrade of older logs.
 */
export const CLICK_TYPE = 'Clicked';

/** The `events` table without the table-level UNIQUE (stream, revision) of older logs; `name` lets the upgrade build it beside the old one. */
export const eventsTableSql = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    stream TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL
  )`;

/** Every event but a click keeps its entry in a unique (stream, revision) index. */
export const STREAM_REVISION_INDEX_SQL = `CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision) WHERE type <> '${CLICK_TYPE}'`;

/** A click's (stream, revision) → position, once indexed. */
export const clickRevisionsTableSql = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    stream TEXT NOT NULL,
    revision INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (stream, revision)
  ) WITHOUT ROWID`;

/** Up to which position the clicks are in `click_revisions`: one row. */
export const CLICK_REVISIONS_THROUGH_SQL =
  'CREATE TABLE IF NOT EXISTS click_revisions_through (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL)';

/** Whether the `events` table, by its declaration in sqlite_master, is of the older layout, whose table-level unique index holds every click. */
export const isLegacyLayout = (tableSql: string) => /UNIQUE\s*\(\s*stream\s*,\s*revision\s*\)/i.test(tableSql);
