import { randomBytes } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { decryptSecret, encryptSecret } from '../platform/secret-box.ts';
import type { DataKeyStore } from './data-key-store.ts';

interface KeyDocument {
  _id: number;
  wrapped_key: string | null;
  created_at: string;
  destroyed_at?: string;
}

const WRAP_PURPOSE = 'data-keys';

/**
 * The server-mode key store: a collection in its own MongoDB database (`…_keys`), apart from
 * the read models, which a rebuild may empty; keys must outlive every rebuild.
 */
export class MongoDataKeyStore implements DataKeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDocument>,
    private readonly secret: string,
  ) {}

  static async connect(url: string, secret: string): Promise<MongoDataKeyStore> {
    const client = new MongoClient(url);
    await client.connect();
    const database = client.db(`${client.db().databaseName}_keys`);
    return new MongoDataKeyStore(client, database.collection<KeyDocument>('data_keys'), secret);
  }

  async keyFor(userId: number, create: boolean): Promise<Buffer | null | undefined> {
    if (create) {
      const wrapped = encryptSecret(this.secret, WRAP_PURPOSE, randomBytes(32).toString('base64'));
      // Racing creators: the first insert wins and everyone reads it back.
      await this.keys.updateOne({ _id: userId }, { $setOnInsert: { wrapped_key: wrapped, created_at: new Date().toISOString() } }, { upsert: true });
    }
    const found = await this.keys.findOne({ _id: userId });
    if (!found) return undefined;
    if (found.wrapped_key === null) return null;
    return Buffer.from(decryptSecret(this.secret, WRAP_PURPOSE, found.wrapped_key), 'base64');
  }

  async destroy(userId: number, at: string): Promise<void> {
    await this.keys.updateOne({ _id: userId }, { $set: { wrapped_key: null, destroyed_at: at }, $setOnInsert: { created_at: at } }, { upsert: true });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
