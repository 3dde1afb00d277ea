import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreContract } from './read-store.contract.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

describe('SQLite read store (embedded) — contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-read-'));
  let n = 0;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  readStoreContract(async () => new SqliteReadStore(join(dir, `read-${n++}.db`)));
});

describe('SQLite read store (embedded) — a rebuild’s copy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-read-shadow-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one index per field list through swaps, and indexes each new copy', async () => {
    const store = new SqliteReadStore(join(dir, 'read.db'));
    const indexes = (table: string) =>
      (store['db'] as Database.Database).prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table);
    try {
      await store.ensureIndex('users', ['email']);
      for (let round = 1; round <= 3; round++) {
        const shadow = await store.shadow('p', ['users']);
        await shadow.ensureIndex('users', ['email']);
        expect(indexes('docs_rebuild')).toHaveLength(1);
        await shadow.commit('p', [{ collection: 'users', id: String(round), doc: { id: round, email: `u${round}@example.com` } }], round);
        const dropRetired = await shadow.promote();
        await dropRetired();
        // What start-up declares again finds the index the copy brought.
        await store.ensureIndex('users', ['email']);
        expect(indexes('docs')).toHaveLength(1);
        expect(await store.find('users', { where: { email: `u${round}@example.com` } })).toHaveLength(1);
      }
      const tables = (store['db'] as Database.Database).prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables).toEqual([{ name: 'checkpoints' }, { name: 'docs' }]);
    } finally {
      await store.close();
    }
  });
});
