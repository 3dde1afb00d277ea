/**
 * The `events` table as every embedded log written before the click layout declared it: a
 * table-level UNIQUE (stream, revision) holding every event's entry, clicks' too
 * (docs/architecture.md#durable-clicks). Tests and the layout benchmark build such logs from it.
 */
export const LEGACY_EVENTS_TABLE = `
  CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    stream TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    UNIQUE (stream, revision)
  )`;
