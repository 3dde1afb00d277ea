import Database from 'better-sqlite3';

/** The log's last position in an events.db (0 when empty). */
export function headOf(db: Database.Database): number {
  return db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events').get()?.head ?? 0;
}

/** What a copied database holds, once SQLite has checked every page and index of it. */
interface CheckedSnapshot {
  head: number;
  events: number;
  keys: number;
}

/** `PRAGMA integrity_check` of one file: throws with SQLite's findings unless it answers ok. */
function assertIntact(db: Database.Database, name: string): void {
  const findings = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  if (findings.length !== 1 || findings[0]!.integrity_check !== 'ok') {
    throw new Error(
      `${name} failed SQLite's integrity check: ${findings
        .map((f) => f.integrity_check)
        .slice(0, 5)
        .join('; ')}`,
    );
  }
}

/** Checks a backup's or a restored directory's events.db and keys.db, read-only. */
export function checkSnapshot(eventsFile: string, keysFile: string): CheckedSnapshot {
  const events = new Database(eventsFile, { readonly: true, fileMustExist: true });
  const keys = new Database(keysFile, { readonly: true, fileMustExist: true });
  try {
    assertIntact(events, 'events.db');
    assertIntact(keys, 'keys.db');
    return {
      head: headOf(events),
      events: events.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()!.n,
      keys: keys.prepare<[], { n: number }>('SELECT count(*) AS n FROM data_keys').get()!.n,
    };
  } finally {
    events.close();
    keys.close();
  }
}
