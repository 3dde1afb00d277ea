import type Database from 'better-sqlite3';
import type { Doc, DocWrite, Query, Where } from '@linkledger/contracts';
import { assertField, jsonField, orderSql, whereSql } from './where-sql.ts';

/**
 * A collection's name as an SQL literal: a query uses a partial index only when its own
 * WHERE names the index's collection literally (a bound parameter is unknown when planning).
 */
const collectionSql = (collection: string) => `'${collection.replaceAll("'", "''")}'`;

/**
 * Moves the planner's figures of a table to the name it now has (a rename leaves them under
 * the old one), replacing the figures of the table that had that name before.
 */
export function moveShape(db: Database.Database, from: string, to: string): void {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) return;
  db.prepare('DELETE FROM sqlite_stat1 WHERE tbl = ?').run(to);
  db.prepare('UPDATE sqlite_stat1 SET tbl = ? WHERE tbl = ?').run(to, from);
}

/** The SQL of a documents table: JSON documents keyed by collection and id. */
export const docsTableSql = (table: string) => `
  CREATE TABLE IF NOT EXISTS ${assertField(table)} (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;`;

/**
 * Read-model documents in one SQLite table (`docs`, or the copy a rebuild writes), indexed by
 * expression, with projector checkpoints in the shared `checkpoints` table under
 * `checkpointKey(projector)`. Every statement names the table, so after a rename SQLite
 * prepares them again against whatever table holds that name then.
 */
export class SqliteDocs {
  private readonly statements;
  private readonly cache = new Map<string, Database.Statement<unknown[], { doc: string }>>();
  /** The schema version whose planner statistics this connection has loaded. */
  private schemaSeen = -1;

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
    private readonly checkpointKey: (projector: string) => string = (projector) => projector,
  ) {
    const t = assertField(table);
    this.statements = {
      get: db.prepare<[string, string], { doc: string }>(`SELECT doc FROM ${t} WHERE collection = ? AND id = ?`),
      getMany: db.prepare<[string, string], { id: string; doc: string }>(`SELECT id, doc FROM ${t} WHERE collection = ? AND id IN (SELECT value FROM json_each(?))`),
      // An UPDATE leaves the index entries whose key did not change alone; INSERT OR REPLACE
      // deletes and re-inserts every one of them (and the json_extract behind it), which made
      // rewriting a document (a click's total) several times dearer. Insert only what is new.
      update: db.prepare(`UPDATE ${t} SET doc = ? WHERE collection = ? AND id = ?`),
      insert: db.prepare(`INSERT INTO ${t} (collection, id, doc) VALUES (?, ?, ?)`),
      delete: db.prepare(`DELETE FROM ${t} WHERE collection = ? AND id = ?`),
      checkpoint: db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projector = ?'),
      setCheckpoint: db.prepare('INSERT OR REPLACE INTO checkpoints (projector, position) VALUES (?, ?)'),
      clear: db.prepare(`DELETE FROM ${t} WHERE collection = ?`),
      clearCheckpoint: db.prepare('DELETE FROM checkpoints WHERE projector = ?'),
      schemaVersion: db.prepare<[], number>('PRAGMA schema_version').pluck(),
    };
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    const row = this.statements.get.get(collection, String(id));
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getMany<T extends Doc>(collection: string, ids: readonly (string | number)[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    if (ids.length === 0) return found;
    const keys = JSON.stringify([...new Set(ids.map(String))]);
    for (const row of this.statements.getMany.all(collection, keys)) found.set(row.id, JSON.parse(row.doc) as T);
    return found;
  }

  async find<T extends Doc>(collection: string, query: Query = {}): Promise<T[]> {
    const params: unknown[] = [];
    const where = whereSql(query.where, params as (string | number | null)[]);
    let sql = `SELECT doc FROM ${this.table} WHERE collection = ${collectionSql(collection)} AND ${where} ORDER BY ${orderSql(query)}`;
    if (query.limit !== undefined || query.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(query.limit ?? -1, query.skip ?? 0);
    }
    return this.statement(sql)
      .all(...params)
      .map((row) => JSON.parse(row.doc) as T);
  }

  async count(collection: string, where?: Where): Promise<number> {
    const params: unknown[] = [];
    const sql = `SELECT count(*) AS doc FROM ${this.table} WHERE collection = ${collectionSql(collection)} AND ${whereSql(where, params as (string | number | null)[])}`;
    return Number(this.statement(sql).get(...params)?.doc ?? 0);
  }

  private statement(sql: string) {
    // Another process swapped in a rebuilt table (new indexes): load the shape it described.
    if (this.statements.schemaVersion.get() !== this.schemaSeen) {
      this.db.exec('ANALYZE sqlite_schema');
      this.schemaSeen = this.statements.schemaVersion.get()!;
    }
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[], { doc: string }>(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  /**
   * An index over the fields of one collection's documents (partial: only that collection's
   * rows are in it), unless the table has one already under any name: a table that replaced
   * `docs` after a rebuild keeps the names its indexes were made with, and a second index
   * over the same columns would only slow every write. Until 2026-11 these indexes held every
   * collection's rows, so rewriting any document (a click's total) recomputed all of them;
   * such an index is replaced by the partial one.
   */
  async ensureIndex(collection: string, fields: readonly string[]): Promise<void> {
    const columns = `(collection, ${fields.map(jsonField).join(', ')})`;
    const partial = `${columns} WHERE collection = ${collectionSql(collection)}`;
    const existing = this.indexes();
    if (!existing.some((index) => index.sql?.endsWith(partial))) {
      for (const old of existing.filter((index) => index.sql?.endsWith(columns))) this.db.exec(`DROP INDEX IF EXISTS ${assertField(old.name)}`);
      const base = `${this.table}_${assertField(collection)}_${fields.map(assertField).join('_')}`;
      const taken = new Set(this.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'").all().map((index) => index.name));
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
      // Another process opening the store at the same moment picks the same name.
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${this.table} ${partial}`);
    }
    this.describeShape();
  }

  private indexes() {
    return this.db.prepare<[string], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(this.table);
  }

  /**
   * Tells SQLite's planner the table's shape (`sqlite_stat1`), as it keeps no statistics
   * unless ANALYZE runs. Without them it expects `collection = ?` on the primary key to find
   * a few rows, and walks a whole collection in id order rather than seek a field's index: a
   * sign-in by e-mail address read every user. Told instead that collections are large and
   * that an indexed field narrows one to a few documents, it seeks. A real ANALYZE, if one
   * ever runs, replaces these figures.
   */
  private describeShape(): void {
    const shape = this.indexes().map(({ name, sql }) => {
      // The primary key (collection, id); else (collection, field…) over one collection's rows.
      if (sql === null) return { name, stat: '1000000 10000 1' };
      const fields = sql.match(/json_extract\(/g)?.length ?? 1;
      return { name, stat: ['10000 10000', ...Array.from({ length: fields - 1 }, () => '10'), '1'].join(' ') };
    });
    // Creates sqlite_stat1 when missing; later, loads what was written into this connection.
    this.db.exec('ANALYZE sqlite_schema');
    // Already so (each start declares every index again): no write, and nothing to reload.
    const written = this.db.prepare<[string], { idx: string; stat: string }>('SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ?').all(this.table);
    const key = (rows: { name?: string; idx?: string; stat: string }[]) => rows.map((row) => `${row.name ?? row.idx} ${row.stat}`).sort().join('\n');
    if (key(written) === key(shape)) return;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM sqlite_stat1 WHERE tbl = ?').run(this.table);
      const insert = this.db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
      for (const { name, stat } of shape) insert.run(this.table, name, stat);
    })();
    this.db.exec('ANALYZE sqlite_schema');
  }

  async checkpoint(projector: string): Promise<number> {
    return this.statements.checkpoint.get(this.checkpointKey(projector))?.position ?? 0;
  }

  async commit(projector: string, writes: readonly DocWrite[], checkpoint: number): Promise<void> {
    this.db.transaction(() => {
      for (const write of writes) {
        if (write.doc) {
          const doc = JSON.stringify(write.doc);
          if (this.statements.update.run(doc, write.collection, write.id).changes === 0) this.statements.insert.run(write.collection, write.id, doc);
        } else this.statements.delete.run(write.collection, write.id);
      }
      this.statements.setCheckpoint.run(this.checkpointKey(projector), checkpoint);
    })();
  }

  async reset(projector: string, collections: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const collection of collections) this.statements.clear.run(collection);
      this.statements.clearCheckpoint.run(this.checkpointKey(projector));
    })();
  }
}
