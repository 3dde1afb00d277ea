import Database from 'better-sqlite3';
import type { Doc, DocWrite, Query, ReadStore, Where } from '@linkledger/contracts';
import { assertField, jsonField, orderSql, whereSql } from './where-sql.ts';

/** The embedded read store: JSON documents in one SQLite table, indexed by expression. */
export class SqliteReadStore implements ReadStore {
  readonly adapter = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements;
  private readonly cache = new Map<string, Database.Statement<unknown[], { doc: string }>>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Read models can always be rebuilt from the log, so a lost last commit costs nothing.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoint every ~32 MB of WAL rather than SQLite's 4 MB: a projector rewrites the same
    // hot pages (a popular link, its owner's totals) batch after batch, and a checkpoint copies
    // each page once however often it changed since the last one. The file is cut back after.
    this.db.pragma('wal_autocheckpoint = 8000');
    this.db.pragma('journal_size_limit = 67108864');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS checkpoints (projector TEXT PRIMARY KEY, position INTEGER NOT NULL);
    `);
    this.statements = {
      get: this.db.prepare<[string, string], { doc: string }>('SELECT doc FROM docs WHERE collection = ? AND id = ?'),
      getMany: this.db.prepare<[string, string], { id: string; doc: string }>(
        'SELECT id, doc FROM docs WHERE collection = ? AND id IN (SELECT value FROM json_each(?))',
      ),
      // An UPDATE leaves the index entries whose key did not change alone; INSERT OR REPLACE
      // deletes and re-inserts every one of them (and the json_extract behind it), which made
      // rewriting a document (a click's total) several times dearer. Insert only what is new.
      update: this.db.prepare('UPDATE docs SET doc = ? WHERE collection = ? AND id = ?'),
      insert: this.db.prepare('INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?)'),
      delete: this.db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?'),
      checkpoint: this.db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projector = ?'),
      setCheckpoint: this.db.prepare('INSERT OR REPLACE INTO checkpoints (projector, position) VALUES (?, ?)'),
      clear: this.db.prepare('DELETE FROM docs WHERE collection = ?'),
      clearCheckpoint: this.db.prepare('DELETE FROM checkpoints WHERE projector = ?'),
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
    const params: unknown[] = [collection];
    const where = whereSql(query.where, params as (string | number | null)[]);
    let sql = `SELECT doc FROM docs WHERE collection = ? AND ${where} ORDER BY ${orderSql(query)}`;
    if (query.limit !== undefined || query.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(query.limit ?? -1, query.skip ?? 0);
    }
    return this.statement(sql)
      .all(...params)
      .map((row) => JSON.parse(row.doc) as T);
  }

  async count(collection: string, where?: Where): Promise<number> {
    const params: unknown[] = [collection];
    const sql = `SELECT count(*) AS doc FROM docs WHERE collection = ? AND ${whereSql(where, params as (string | number | null)[])}`;
    return Number(this.statement(sql).get(...params)?.doc ?? 0);
  }

  private statement(sql: string) {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[], { doc: string }>(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  async ensureIndex(collection: string, fields: readonly string[]): Promise<void> {
    const name = `docs_${assertField(collection)}_${fields.map(assertField).join('_')}`;
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON docs (collection, ${fields.map(jsonField).join(', ')})`);
  }

  async checkpoint(projector: string): Promise<number> {
    return this.statements.checkpoint.get(projector)?.position ?? 0;
  }

  async commit(projector: string, writes: readonly DocWrite[], checkpoint: number): Promise<void> {
    this.db.transaction(() => {
      for (const write of writes) {
        if (write.doc) {
          const doc = JSON.stringify(write.doc);
          if (this.statements.update.run(doc, write.collection, write.id).changes === 0) this.statements.insert.run(write.collection, write.id, doc);
        } else this.statements.delete.run(write.collection, write.id);
      }
      this.statements.setCheckpoint.run(projector, checkpoint);
    })();
  }

  async reset(projector: string, collections: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const collection of collections) this.statements.clear.run(collection);
      this.statements.clearCheckpoint.run(projector);
    })();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
