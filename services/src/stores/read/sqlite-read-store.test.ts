import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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
      (store['db'] as Database.Database)
        .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
        .all(table);
    try {
      await store.ensureIndex('users', ['email']);
      for (let round = 1; round <= 3; round++) {
        const shadow = await store.shadow('p', ['users']);
        await shadow.ensureIndex('users', ['email']);
        expect(indexes('docs_rebuild')).toHaveLength(1);
        await shadow.commit('p', [{ collection: 'users', id: String(round), doc: { id: round, email: `u${round}@example.com` } }], round);
        const dropRetired = await shadow.promote();
        await dropRetired();
        // The copy's planner figures came with it: a lookup by e-mail seeks its index at once.
        expect(await store.find('users', { where: { email: `u${round}@example.com` } })).toHaveLength(1);
        const lookup = [...(store['docs']['cache'] as Map<string, unknown>).keys()].find((sql) => sql.includes("'$.email') = ?"))!;
        const plan = (store['db'] as Database.Database).prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${lookup}`).all('x');
        expect(plan.map((row) => row.detail).join('\n')).toContain('USING INDEX docs_rebuild_users_email');
        // What start-up declares again finds the index the copy brought.
        await store.ensureIndex('users', ['email']);
        expect(indexes('docs')).toHaveLength(1);
        expect(await store.find('users', { where: { email: `u${round}@example.com` } })).toHaveLength(1);
      }
      const tables = (store['db'] as Database.Database)
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all();
      expect(tables).toEqual([{ name: 'checkpoints' }, { name: 'docs' }]);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite read store (embedded) — indexes per collection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-read-partial-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const indexesOf = (store: SqliteReadStore) =>
    (store['db'] as Database.Database)
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'docs' AND sql IS NOT NULL ORDER BY name",
      )
      .all();
  const planOf = (store: SqliteReadStore, sql: string) =>
    (store['db'] as Database.Database)
      .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((row) => row.detail)
      .join('\n');

  it('holds only its collection’s documents, and the collection’s queries use it', async () => {
    const store = new SqliteReadStore(join(dir, 'partial.db'));
    try {
      await store.ensureIndex('links', ['owner_id', 'created_at']);
      await store.ensureIndex('api_keys', ['user_id']);
      expect(indexesOf(store).map((index) => index.sql)).toEqual([
        "CREATE INDEX docs_api_keys_user_id ON docs (collection, json_extract(keys, '$.user_id')) WHERE collection = 'api_keys'",
        "CREATE INDEX docs_links_owner_id_created_at ON docs (collection, json_extract(keys, '$.owner_id'), json_extract(keys, '$.created_at')) WHERE collection = 'links'",
      ]);
      await store.commit(
        'p',
        [
          { collection: 'links', id: '1', doc: { id: 1, owner_id: 7, created_at: '2026-11-01' } },
          { collection: 'links', id: '2', doc: { id: 2, owner_id: 7, created_at: '2026-11-02' } },
          { collection: 'link_totals', id: '7', doc: { id: 7, owner_id: 7, total_clicks: 2 } },
        ],
        1,
      );
      // The other collection's document sharing the field is not in the links index.
      const inIndex = (store['db'] as Database.Database)
        .prepare<[], { n: number }>(
          "SELECT count(*) AS n FROM docs INDEXED BY docs_links_owner_id_created_at WHERE collection = 'links' AND json_extract(keys, '$.owner_id') = 7",
        )
        .get();
      expect(inIndex?.n).toBe(2);
      expect((await store.find('links', { where: { owner_id: 7 }, sort: [{ field: 'created_at', direction: 'desc' }] })).map((link) => link.id)).toEqual([
        2, 1,
      ]);
      expect(await store.count('links', { owner_id: 7 })).toBe(2);
      await store.ensureIndex('users', ['email']);
      // Many documents of each collection: walking one would be the wrong plan.
      await store.commit(
        'p',
        [
          ...Array.from({ length: 300 }, (_, i) => ({ collection: 'api_keys', id: `k${i}`, doc: { id: `k${i}`, user_id: i } })),
          ...Array.from({ length: 300 }, (_, i) => ({ collection: 'users', id: String(i), doc: { id: i, email: `u${i}@example.com` } })),
        ],
        2,
      );
      expect(await store.find('api_keys', { where: { user_id: 42 } })).toEqual([{ id: 'k42', user_id: 42 }]);
      expect(await store.find('users', { where: { email: 'u7@example.com' } })).toEqual([{ id: 7, email: 'u7@example.com' }]);
      // The statements the store prepared for those queries seek the collection's index.
      const prepared = [...(store['docs']['cache'] as Map<string, unknown>).keys()];
      const planned = (fragment: string) => {
        const sql = prepared.find((text) => text.includes(fragment))!;
        return planOf(store, sql.replace('LIMIT ? OFFSET ?', 'LIMIT 10 OFFSET 0').replaceAll('?', '7'));
      };
      expect(planned("'$.owner_id') = ? ORDER BY")).toContain('USING INDEX docs_links_owner_id_created_at');
      expect(planned("'$.user_id') = ?")).toContain('USING INDEX docs_api_keys_user_id');
      expect(planned("'$.email') = ?")).toContain('USING INDEX docs_users_email');
    } finally {
      await store.close();
    }
  });

  for (const [made, where] of [
    ['over every collection (before 2026-11)', ''],
    ['over the documents themselves (November 2026)', " WHERE collection = 'links'"],
  ] as const) {
    it(`replaces an index ${made} by one over the indexed fields' copies, which it fills`, async () => {
      const file = join(dir, `upgraded-${made.length}.db`);
      const old = new Database(file);
      // The table as it was: no keys column.
      old.exec('CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID');
      old.exec(`CREATE INDEX docs_links_short_code ON docs (collection, json_extract(doc, '$.short_code'))${where}`);
      const insert = old.prepare("INSERT INTO docs (collection, id, doc) VALUES ('links', ?, ?)");
      insert.run('1', JSON.stringify({ id: 1, short_code: 'abc1234', owner_id: 7, total_clicks: 3 }));
      insert.run('2', JSON.stringify({ id: 2, owner_id: 7 }));
      old.close();
      const store = new SqliteReadStore(file);
      try {
        await store.ensureIndex('links', ['short_code']);
        await store.ensureIndex('links', ['owner_id']);
        expect(indexesOf(store).map((index) => index.sql)).toEqual([
          "CREATE INDEX docs_links_owner_id ON docs (collection, json_extract(keys, '$.owner_id')) WHERE collection = 'links'",
          "CREATE INDEX docs_links_short_code ON docs (collection, json_extract(keys, '$.short_code')) WHERE collection = 'links'",
        ]);
        const keys = (store['db'] as Database.Database).prepare<[], { keys: string }>('SELECT keys FROM docs ORDER BY id').all();
        expect(keys.map((row) => JSON.parse(row.keys))).toEqual([
          { owner_id: 7, short_code: 'abc1234' },
          { owner_id: 7, short_code: null },
        ]);
        expect(await store.find('links', { where: { short_code: 'abc1234' } })).toEqual([{ id: 1, short_code: 'abc1234', owner_id: 7, total_clicks: 3 }]);
        expect(await store.count('links', { owner_id: 7 })).toBe(2);
        // Declared again at the next start: nothing changes.
        await store.ensureIndex('links', ['short_code']);
        expect(indexesOf(store)).toHaveLength(2);
      } finally {
        await store.close();
      }
    });
  }
});

describe('SQLite read store (embedded) — indexed fields kept beside each document', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-read-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keysOf = (store: SqliteReadStore, collection: string, id: string) =>
    JSON.parse(
      (store['db'] as Database.Database)
        .prepare<[string, string], { keys: string }>('SELECT keys FROM docs WHERE collection = ? AND id = ?')
        .get(collection, id)!.keys,
    ) as unknown;

  it('finds a document by the indexed fields it has now, whether a rewrite changed them or only the rest', async () => {
    const store = new SqliteReadStore(join(dir, 'rewrites.db'));
    try {
      await store.ensureIndex('links', ['owner_id', 'created_at']);
      await store.ensureIndex('links', ['is_active']);
      const link = { id: 1, owner_id: 7, created_at: '2026-11-01', is_active: true, total_clicks: 0 };
      await store.commit('p', [{ collection: 'links', id: '1', doc: link }], 1);
      expect(keysOf(store, 'links', '1')).toEqual({ created_at: '2026-11-01', is_active: true, owner_id: 7 });
      // Only the count changes: the indexed fields are as stored.
      for (let clicks = 1; clicks <= 3; clicks++)
        await store.commit('p', [{ collection: 'links', id: '1', doc: { ...link, total_clicks: clicks } }], 1 + clicks);
      expect(await store.find('links', { where: { owner_id: 7 } })).toEqual([{ ...link, total_clicks: 3 }]);
      // The owner and the flag change: found by the new values only.
      await store.commit('p', [{ collection: 'links', id: '1', doc: { ...link, owner_id: 8, is_active: false, total_clicks: 3 } }], 5);
      expect(await store.count('links', { owner_id: 7 })).toBe(0);
      expect(await store.find('links', { where: { owner_id: 8, is_active: false } })).toEqual([{ ...link, owner_id: 8, is_active: false, total_clicks: 3 }]);
      expect(await store.count('links', { is_active: true })).toBe(0);
      // An indexed field that goes missing counts as null, as the document itself would.
      const undated: Record<string, unknown> = { ...link, owner_id: 8 };
      delete undated['created_at'];
      await store.commit('p', [{ collection: 'links', id: '1', doc: undated as typeof link }], 6);
      expect(await store.count('links', { created_at: null })).toBe(1);
      expect(keysOf(store, 'links', '1')).toEqual({ created_at: null, is_active: true, owner_id: 8 });
    } finally {
      await store.close();
    }
  });

  it('a process writing after another declared a new index fills the new field too', async () => {
    const file = join(dir, 'two-processes.db');
    const writer = new SqliteReadStore(file);
    const other = new SqliteReadStore(file);
    try {
      await writer.ensureIndex('links', ['owner_id']);
      await writer.commit('p', [{ collection: 'links', id: '1', doc: { id: 1, owner_id: 7, short_code: 'first01' } }], 1);
      // The other process declares an index the writer has not seen.
      await other.ensureIndex('links', ['short_code']);
      await writer.commit('p', [{ collection: 'links', id: '2', doc: { id: 2, owner_id: 7, short_code: 'second2' } }], 2);
      await writer.commit('p', [{ collection: 'links', id: '1', doc: { id: 1, owner_id: 7, short_code: 'renamed' } }], 3);
      expect(keysOf(writer, 'links', '2')).toEqual({ owner_id: 7, short_code: 'second2' });
      for (const store of [other, writer]) {
        expect(await store.find('links', { where: { short_code: 'second2' } })).toEqual([{ id: 2, owner_id: 7, short_code: 'second2' }]);
        expect(await store.find('links', { where: { short_code: 'renamed' } })).toHaveLength(1);
        expect(await store.count('links', { short_code: 'first01' })).toBe(0);
      }
    } finally {
      await other.close();
      await writer.close();
    }
  });
});
