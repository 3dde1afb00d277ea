import { join } from 'node:path';
import type { Config } from '../platform/config.ts';
import { loadSecret } from '../platform/secrets.ts';
import { SqliteDataKeyStore, type DataKeyStore } from './data-key-store.ts';

/**
 * Server mode keeps keys in MongoDB (shared by every instance); embedded mode in
 * DATA_DIR/keys.db. They are wrapped under their own secret, not the token-signing one, so
 * rotating JWT_SECRET to end every session cannot make personal data unreadable.
 */
export async function openDataKeyStore(config: Config): Promise<DataKeyStore> {
  const secret = loadSecret(config.DATA_DIR, config.DATA_KEYS_SECRET, 'data-keys.key');
  if (config.MONGODB_URL) {
    const { MongoDataKeyStore } = await import('./mongo-data-key-store.ts');
    return MongoDataKeyStore.connect(config.MONGODB_URL, secret);
  }
  return new SqliteDataKeyStore(join(config.DATA_DIR, 'keys.db'), secret);
}
