import type Database from 'better-sqlite3';
import type { Doc, DocCount, DocField, DocWrite, Query, Where } from '@linkledger/contracts';
import { assertField, jsonField, keysField, orderSql, whereSql, type FieldSql } from './where-sql.ts';

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

/**
 * The SQL of a documents table: JSON documents keyed by collection and id, each with `keys`,
 * a JSON copy of just its indexed fields (see SqliteDocs).
 */
export const docsTableSql = (table: string) => `
  CREATE TABLE IF NOT EXISTS ${assertField(table)} (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    keys TEXT,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;`;

/** Gives a documents table made before 2026-11 its `keys` column (filled when its indexes are declared). */
function addKeysColumn(db: Database.Database, table: string): void {
  const hasKeys = () =>
    db
      .prepare<[], { name: string }>(`PRAGMA table_info(${assertField(table)})`)
      .all()
      .some((column) => column.name === 'keys');
  if (hasKeys()) return;
  // Under the write lock: another process opening the store at the same moment adds it once.
  db.transaction(() => {
    if (!hasKeys()) db.exec(`ALTER TABLE ${table} ADD COLUMN keys TEXT`);
  }).immediate();
}

const INDEX_COLLECTION = / WHERE collection = '((?:[^']|'')*)'$/;
const INDEXED_KEY = /json_extract\(keys, '\$\.([a-z_][a-z0-9_]*)'\)/gi;

/**
 * Read-model documents in one SQLite table (`docs`, or the copy a rebuild writes), indexed by
 * expression, with projector checkpoints in the shared `checkpoints` table under
 * `checkpointKey(projector)`. Every statement names the table, so after a rename SQLite
 * prepares them again against whatever table holds that name then.
 */
export class SqliteDocs {
  private readonly statements;
  private readonly cache = new Map<string, Database.Statement<unknown[], { doc: string }>>();
  /** The schema version whose planner statistics and indexed fields this connection has loaded. */
  private schemaSeen = -1;
  /**
   * Each collection's indexed fields, sorted, as the table's indexes declare them (in any
   * process): what a document's `keys` holds. The indexes are over `keys`, not the document,
   * so rewriting a document whose indexed fields did not change (a click's count) writes only
   * `doc`, and SQLite leaves every index alone; over `doc`, each rewrite recomputed each of
   * the collection's index keys from the JSON (three for a link: most of its cost).
   */
  private keyFields = new Map<string, readonly string[]>();

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
    private readonly checkpointKey: (projector: string) => string = (projector) => projector,
  ) {
    const t = assertField(table);
    addKeysColumn(db, t);
    this.statements = {
      get: db.prepare<[string, string], { doc: string }>(`SELECT doc FROM ${t} WHERE collection = ? AND id = ?`),
      getMany: db.prepare<[string, string], { id: string; doc: string }>(
        `SELECT id, doc FROM ${t} WHERE collection = ? AND id IN (SELECT value FROM json_each(?))`,
      ),
      // INSERT OR REPLACE deletes and re-inserts every index entry of a document; an UPDATE
      // maintains only the indexes over the columns it sets. So: the document alone when its
      // indexed fields are as stored (no index is touched), else the document and its keys,
      // and an INSERT only for what is new.
      updateDoc: db.prepare(`UPDATE ${t} SET doc = ? WHERE collection = ? AND id = ? AND keys IS ?`),
      update: db.prepare(`UPDATE ${t} SET doc = ?, keys = ? WHERE collection = ? AND id = ?`),
      insert: db.prepare(`INSERT INTO ${t} (collection, id, doc, keys) VALUES (?, ?, ?, ?)`),
      delete: db.prepare(`DELETE FROM ${t} WHERE collection = ? AND id = ?`),
      // A count rewrites the document in SQL, not in the projector; `keys` (and so every
      // index) only when the field is indexed.
      count: db.prepare(`UPDATE ${t} SET doc = json_set(doc, @path, coalesce(doc ->> @path, 0) + @by) WHERE collection = @collection AND id = @id`),
      countIndexed: db.prepare(
        `UPDATE ${t} SET doc = json_set(doc, @path, coalesce(doc ->> @path, 0) + @by), keys = json_set(keys, @path, coalesce(doc ->> @path, 0) + @by) WHERE collection = @collection AND id = @id`,
      ),
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
    const column = this.fieldSql(collection);
    const where = whereSql(query.where, params as (string | number | null)[], column);
    let sql = `SELECT doc FROM ${this.table} WHERE collection = ${collectionSql(collection)} AND ${where} ORDER BY ${orderSql(query, column)}`;
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
    const sql = `SELECT count(*) AS doc FROM ${this.table} WHERE collection = ${collectionSql(collection)} AND ${whereSql(where, params as (string | number | null)[], this.fieldSql(collection))}`;
    return Number(this.statement(sql).get(...params)?.doc ?? 0);
  }

  /**
   * How a query on `collection` names each field: an indexed one through `keys`, as its index
   * does (SQLite matches an index's expression only when a query uses the same one), the rest
   * in the document. Both hold the same value.
   */
  private fieldSql(collection: string): FieldSql {
    this.knowSchema();
    const indexed = this.keyFields.get(collection);
    return indexed ? (field) => (indexed.includes(field) ? keysField(field) : jsonField(field)) : jsonField;
  }

  /** After a schema change (an index declared, a rebuilt table swapped in, by any process): its figures and indexed fields. */
  private knowSchema(): void {
    if (this.statements.schemaVersion.get() === this.schemaSeen) return;
    this.db.exec('ANALYZE sqlite_schema');
    this.keyFields = this.indexedFields();
    this.schemaSeen = this.statements.schemaVersion.get()!;
  }

  private indexedFields(): Map<string, readonly string[]> {
    const fields = new Map<string, Set<string>>();
    for (const { sql } of this.indexes()) {
      const collection = sql && INDEX_COLLECTION.exec(sql)?.[1]?.replaceAll("''", "'");
      if (!collection) continue;
      const known = fields.get(collection) ?? new Set<string>();
      for (const [, field] of sql.matchAll(INDEXED_KEY)) known.add(field!);
      if (known.size) fields.set(collection, known);
    }
    return new Map([...fields].map(([collection, names]) => [collection, [...names].sort()]));
  }

  /** A document's indexed fields as its `keys` (null for a collection without indexes). */
  private keysOf(collection: string, doc: Doc): string | null {
    const fields = this.keyFields.get(collection);
    if (!fields) return null;
    const keys: Record<string, unknown> = {};
    for (const field of fields) keys[field] = (doc as Record<string, unknown>)[field] ?? null;
    return JSON.stringify(keys);
  }

  /** A prepared query, once per text; its SQL came from fieldSql, which loaded the schema. */
  private statement(sql: string) {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[], { doc: string }>(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  /**
   * An index over the fields of one collection's documents (partial: only that collection's
   * rows are in it), over their copies in `keys`, unless the table has one already under any
   * name: a table that replaced `docs` after a rebuild keeps the names its indexes were made
   * with, and a second index over the same columns would only slow every write. A new index
   * first fills the collection's `keys` with every field its indexes then cover. Until 2026-11
   * indexes were over the document itself (before that, over every collection's rows): such
   * an index is replaced.
   */
  async ensureIndex(collection: string, fields: readonly string[]): Promise<void> {
    const partial = `(collection, ${fields.map(keysField).join(', ')}) WHERE collection = ${collectionSql(collection)}`;
    const overDocument = `(collection, ${fields.map(jsonField).join(', ')})`;
    const older = [overDocument, `${overDocument} WHERE collection = ${collectionSql(collection)}`];
    // Under the write lock: another process declaring the same index waits, then finds it.
    this.db
      .transaction(() => {
        const existing = this.indexes();
        if (existing.some((index) => index.sql?.endsWith(partial))) return;
        for (const old of existing.filter((index) => older.some((form) => index.sql?.endsWith(form))))
          this.db.exec(`DROP INDEX IF EXISTS ${assertField(old.name)}`);
        const covered = [...new Set([...(this.indexedFields().get(collection) ?? []), ...fields.map(assertField)])].sort();
        // `->` keeps each value as JSON (a number stays a number), as the documents' own text has it.
        const keys = `json_object(${covered.map((field) => `'${field}', doc -> '$.${field}'`).join(', ')})`;
        this.db.prepare(`UPDATE ${this.table} SET keys = ${keys} WHERE collection = ?`).run(collection);
        const base = `${this.table}_${assertField(collection)}_${fields.map(assertField).join('_')}`;
        const taken = new Set(
          this.db
            .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'")
            .all()
            .map((index) => index.name),
        );
        let name = base;
        for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
        this.db.exec(`CREATE INDEX ${name} ON ${this.table} ${partial}`);
      })
      .immediate();
    this.describeShape();
    this.knowSchema();
  }

  private indexes() {
    return this.db
      .prepare<[string], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?")
      .all(this.table);
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
    const key = (rows: { name?: string; idx?: string; stat: string }[]) =>
      rows
        .map((row) => `${row.name ?? row.idx} ${row.stat}`)
        .sort()
        .join('\n');
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

  async commit(projector: string, writes: readonly DocWrite[], checkpoint: number, counts: readonly DocCount[] = []): Promise<void> {
    this.db
      .transaction(() => {
        // Under the write lock, so no index can be declared between this and the writes: every
        // document's keys cover exactly the indexes there are.
        this.knowSchema();
        this.addCounts(counts);
        const { updateDoc, update, insert } = this.statements;
        for (const write of writes) {
          if (write.doc) {
            const doc = JSON.stringify(write.doc);
            const keys = this.keysOf(write.collection, write.doc);
            if (updateDoc.run(doc, write.collection, write.id, keys).changes > 0) continue;
            if (update.run(doc, keys, write.collection, write.id).changes === 0) insert.run(write.collection, write.id, doc, keys);
          } else this.statements.delete.run(write.collection, write.id);
        }
        this.statements.setCheckpoint.run(this.checkpointKey(projector), checkpoint);
      })
      .immediate();
  }

  /** The counts, into the documents that exist; each alongside field once, with its additions summed. */
  private addCounts(counts: readonly DocCount[]): void {
    const alongside = new Map<string, DocField & { by: number }>();
    for (const count of counts) {
      if (this.addTo(count, count.by) === 0) continue;
      for (const also of count.alongside ?? []) {
        const key = `${also.collection}\u0000${also.id}\u0000${also.field}`;
        const known = alongside.get(key);
        if (known) known.by += also.by;
        else alongside.set(key, { ...also });
      }
    }
    for (const also of alongside.values()) this.addTo(also, also.by);
  }

  /** Adds to a field of a document; answers how many documents changed (0: none such). */
  private addTo({ collection, id, field }: DocField, by: number): number {
    const statement = this.keyFields.get(collection)?.includes(field) ? this.statements.countIndexed : this.statements.count;
    return statement.run({ path: `$.${assertField(field)}`, by, collection, id }).changes;
  }

  async reset(projector: string, collections: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const collection of collections) this.statements.clear.run(collection);
      this.statements.clearCheckpoint.run(this.checkpointKey(projector));
    })();
  }
}
