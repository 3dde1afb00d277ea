import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { decryptSecret, encryptSecret } from '../platform/secret-box.ts';

/**
 * Where each user's data key lives (docs/privacy.md#data-keys): apart from the log, so
 * destroying a key makes that user's personal fields in the log unreadable for good while
 * the log itself stays append-only.
 */
export interface DataKeyStore {
  /**
   * The user's key: created when there is none and `create` is set; `undefined` when there
   * never was one (and `create` is not set); `null` once it was destroyed.
   */
  keyFor(userId: number, create: boolean): Promise<Buffer | null | undefined>;
  /** Destroys the user's key; a later `keyFor` answers null, even with `create`. */
  destroy(userId: number, at: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys are kept wrapped under the installation secret, so a copied key file alone opens nothing. */
const WRAP_PURPOSE = 'data-keys';

/**
 * The embedded key store: its own SQLite file. `secure_delete` overwrites a destroyed key's
 * bytes in the file, and the rollback journal (not WAL) leaves no older page copy behind.
 */
export class SqliteDataKeyStore implements DataKeyStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[number], { wrapped_key: string | null }>;
  private readonly insert: Database.Statement<[number, string, string]>;
  private readonly shred: Database.Statement<{ at: string; user: number }>;

  constructor(
    file: string,
    private readonly secret: string,
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = DELETE');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec('CREATE TABLE IF NOT EXISTS data_keys (user_id INTEGER PRIMARY KEY, wrapped_key TEXT, created_at TEXT NOT NULL, destroyed_at TEXT)');
    this.select = this.db.prepare('SELECT wrapped_key FROM data_keys WHERE user_id = ?');
    this.insert = this.db.prepare('INSERT INTO data_keys (user_id, wrapped_key, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING');
    this.shred = this.db.prepare(
      'INSERT INTO data_keys (user_id, wrapped_key, created_at, destroyed_at) VALUES (@user, NULL, @at, @at) ON CONFLICT (user_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = @at',
    );
  }

  async keyFor(userId: number, create: boolean): Promise<Buffer | null | undefined> {
    let row = this.select.get(userId);
    if (!row && create) {
      // Two processes may race to create it: the first insert wins and both read it back.
      this.insert.run(userId, encryptSecret(this.secret, WRAP_PURPOSE, randomBytes(32).toString('base64')), new Date().toISOString());
      row = this.select.get(userId);
    }
    if (!row) return undefined;
    if (row.wrapped_key === null) return null;
    return Buffer.from(decryptSecret(this.secret, WRAP_PURPOSE, row.wrapped_key), 'base64');
  }

  async destroy(userId: number, at: string): Promise<void> {
    this.shred.run({ at, user: userId });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
