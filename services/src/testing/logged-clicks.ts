import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The referrer host of every Clicked event in a data directory's log (tests give each request its own). */
export function loggedReferrers(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true });
  try {
    return db
      .prepare<[], { data: string }>("SELECT data FROM events WHERE type = 'Clicked'")
      .all()
      .map((row) => (JSON.parse(row.data) as { referrer: string }).referrer);
  } finally {
    db.close();
  }
}
