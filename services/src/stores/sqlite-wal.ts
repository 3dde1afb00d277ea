import type Database from 'better-sqlite3';

/** How long a connection keeps trying to turn a new file to WAL while another connection does the same. */
const WAL_SWITCH_TIMEOUT_MS = 5_000;
const WAL_SWITCH_PAUSE_MS = 10;

/**
 * Puts a database in WAL mode. On a file that is not in WAL mode yet (a new data directory),
 * the switch needs the file to itself, and SQLite answers SQLITE_BUSY at once, without its busy
 * handler, while another process (the HTTP and projector processes start together) holds it:
 * so keep trying for a while. Once a file is in WAL mode it stays so, and this returns at once.
 */
export function useWal(db: Database.Database): void {
  const deadline = Date.now() + WAL_SWITCH_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      // Start-up only: a short synchronous pause, as the constructors that call this are synchronous.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_SWITCH_PAUSE_MS);
    }
  }
}
