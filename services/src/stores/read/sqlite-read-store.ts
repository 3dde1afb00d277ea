import Database from 'better-sqlite3';
import type { Doc, DocCount, DocWrite, Query, ReadStore, ReadStoreShadow, Where } from '@linkledger/contracts';
import { SqliteDocs, docsTableSql } from './sqlite-docs.ts';
import { openSqliteShadow } from './sqlite-read-shadow.ts';
import { useWal } from '../sqlite-wal.ts';

/** The embedded read store: JSON documents in one SQLite table, indexed by expression. */
export class SqliteReadStore implements ReadStore {
  readonly adapter = 'sqlite';
  private readonly db: Database.Database;
  private readonly docs: SqliteDocs;

  constructor(file: string) {
    this.db = new Database(file);
    useWal(this.db);
    // Read models can always be rebuilt from the log, so a lost last commit costs nothing.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoint every ~32 MB of WAL rather than SQLite's 4 MB: a projector rewrites the same
    // hot pages (a popular link, its owner's totals) batch after batch, and a checkpoint copies
    // each page once however often it changed since the last one. The file is cut back after.
    this.db.pragma('wal_autocheckpoint = 8000');
    this.db.pragma('journal_size_limit = 67108864');
    // Freed space is zeroed, so a deleted account's overwritten documents leave nothing behind.
    this.db.pragma('secure_delete = ON');
    this.db.exec(`${docsTableSql('docs')}
      CREATE TABLE IF NOT EXISTS checkpoints (projector TEXT PRIMARY KEY, position INTEGER NOT NULL);
    `);
    this.docs = new SqliteDocs(this.db, 'docs');
  }

  /** The WAL still holds older page images: copy them back and cut the file to nothing. */
  forgetOverwritten(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return Promise.resolve();
  }

  get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    return this.docs.get<T>(collection, id);
  }

  getMany<T extends Doc>(collection: string, ids: readonly (string | number)[]): Promise<Map<string, T>> {
    return this.docs.getMany<T>(collection, ids);
  }

  find<T extends Doc>(collection: string, query: Query = {}): Promise<T[]> {
    return this.docs.find<T>(collection, query);
  }

  count(collection: string, where?: Where): Promise<number> {
    return this.docs.count(collection, where);
  }

  ensureIndex(collection: string, fields: readonly string[]): Promise<void> {
    return this.docs.ensureIndex(collection, fields);
  }

  checkpoint(projector: string): Promise<number> {
    return this.docs.checkpoint(projector);
  }

  commit(projector: string, writes: readonly DocWrite[], checkpoint: number, counts?: readonly DocCount[]): Promise<void> {
    return this.docs.commit(projector, writes, checkpoint, counts);
  }

  reset(projector: string, collections: readonly string[]): Promise<void> {
    return this.docs.reset(projector, collections);
  }

  shadow(projector: string, collections: readonly string[]): Promise<ReadStoreShadow> {
    return openSqliteShadow(this.db, projector, collections);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
