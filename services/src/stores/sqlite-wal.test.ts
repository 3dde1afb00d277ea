import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { useWal } from './sqlite-wal.ts';

const CHILD = fileURLToPath(new URL('../testing/wal-switch-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'll-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('turning a new database file to WAL', () => {
  it('succeeds in every one of several processes opening the same new file at the same moment (the HTTP and projector processes on a new data directory)', async () => {
    const rounds = 30;
    const startAt = Date.now() + 3_000; // every process loaded by then
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, dir, String(startAt), String(rounds), 'useWal']);
    const outputs = await Promise.all([run(), run(), run(), run()]);
    expect(outputs.map(({ stdout }) => Number(stdout.trim()))).toEqual([0, 0, 0, 0]);
    const db = new Database(join(dir, `round-${rounds - 1}.db`));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  }, 60_000);

  it('returns at once on a file already in WAL mode, and passes other errors on', () => {
    const db = new Database(join(dir, 'single.db'));
    useWal(db);
    useWal(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    expect(() => useWal(db)).toThrow(/not open/);
  });
});
