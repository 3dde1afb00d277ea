import type Database from 'better-sqlite3';
import type { ReadStoreShadow } from '@linkledger/contracts';
import { SqliteDocs, docsTableSql, moveShape } from './sqlite-docs.ts';

const SHADOW = 'docs_rebuild';
const RETIRED = 'docs_retired';
/** Rows deleted per step when a table is dropped beside live traffic. */
const DROP_STEP = 2000;
const shadowKey = (projector: string) => `${projector}@rebuild`;

const tableExists = (db: Database.Database, table: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/**
 * Drops a table of documents a few thousand rows at a time, letting the event loop run
 * between steps: better-sqlite3 is synchronous, and one DROP of a large table would hold up
 * every request of the process meanwhile.
 */
async function dropInSteps(db: Database.Database, table: string): Promise<void> {
  if (!tableExists(db, table)) return;
  const step = db.prepare(`DELETE FROM ${table} WHERE (collection, id) IN (SELECT collection, id FROM ${table} LIMIT ${DROP_STEP})`);
  while (step.run().changes > 0) await new Promise((resolve) => setImmediate(resolve));
  db.exec(`DROP TABLE ${table}`);
}

/** The collections a documents table holds, one index seek each (no scan of the documents). */
function collectionsIn(db: Database.Database, table: string): string[] {
  const next = db.prepare<[string], { collection: string }>(`SELECT collection FROM ${table} WHERE collection > ? ORDER BY collection LIMIT 1`);
  const found: string[] = [];
  for (let row = next.get(''); row; row = next.get(row.collection)) found.push(row.collection);
  return found;
}

/**
 * A rebuild's copy of the read model in SQLite: a second documents table, `docs_rebuild`,
 * with the projector's checkpoint under `{projector}@rebuild`. Promoting it renames the
 * tables in one transaction (`docs` → `docs_retired`, `docs_rebuild` → `docs`): a rename
 * changes only the schema, so the swap takes the same short moment however many documents
 * there are, and readers in this process and in others see the old table or the new one,
 * never a mix. Collections of other projectors are carried over first (none today: the
 * read model is one projector). The retired table is then dropped in steps.
 */
export async function openSqliteShadow(db: Database.Database, projector: string, collections: readonly string[]): Promise<ReadStoreShadow> {
  await dropInSteps(db, SHADOW);
  await dropInSteps(db, RETIRED);
  const clearShadowCheckpoint = db.prepare('DELETE FROM checkpoints WHERE projector = ?');
  clearShadowCheckpoint.run(shadowKey(projector));
  db.exec(docsTableSql(SHADOW));
  const docs = new SqliteDocs(db, SHADOW, shadowKey);
  return {
    get: (collection, id) => docs.get(collection, id),
    getMany: (collection, ids) => docs.getMany(collection, ids),
    ensureIndex: (collection, fields) => docs.ensureIndex(collection, fields),
    checkpoint: (name) => docs.checkpoint(name),
    commit: (name, writes, checkpoint, counts) => docs.commit(name, writes, checkpoint, counts),
    reset: (name, names) => docs.reset(name, names),
    async promote() {
      const owned = new Set(collections);
      db.transaction(() => {
        for (const other of collectionsIn(db, 'docs').filter((collection) => !owned.has(collection))) {
          db.prepare(`INSERT INTO ${SHADOW} SELECT * FROM docs WHERE collection = ?`).run(other);
        }
        const position =
          db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projector = ?').get(shadowKey(projector))?.position ?? 0;
        db.exec(`ALTER TABLE docs RENAME TO ${RETIRED}; ALTER TABLE ${SHADOW} RENAME TO docs;`);
        moveShape(db, SHADOW, 'docs');
        db.prepare('INSERT OR REPLACE INTO checkpoints (projector, position) VALUES (?, ?)').run(projector, position);
        clearShadowCheckpoint.run(shadowKey(projector));
      })();
      return () => dropInSteps(db, RETIRED);
    },
    async discard() {
      clearShadowCheckpoint.run(shadowKey(projector));
      await dropInSteps(db, SHADOW);
    },
  };
}
