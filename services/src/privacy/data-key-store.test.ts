import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDataKeyStore, type DataKeyStore } from './data-key-store.ts';

const SECRET = 'd'.repeat(40);
const dir = mkdtempSync(join(tmpdir(), 'll-keys-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What every key store must do, embedded or server. */
function keyStoreContract(open: () => Promise<DataKeyStore>) {
  it('creates one key per user on demand, the same for every reader, and none without being asked', async () => {
    const [first, second] = [await open(), await open()];
    const user = 1000 + n++;
    expect(await first.keyFor(user, false)).toBeUndefined();
    const [a, b] = await Promise.all([first.keyFor(user, true), second.keyFor(user, true)]);
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
    expect(await second.keyFor(user, false)).toEqual(a);
    expect(await first.keyFor(user + 1, true)).not.toEqual(a);
    await Promise.all([first.close(), second.close()]);
  });

  it('destroys a key for good: later reads answer null, even when asked to create one', async () => {
    const store = await open();
    const user = 2000 + n++;
    await store.keyFor(user, true);
    await store.destroy(user, '2026-11-23T00:00:00.000Z');
    expect(await store.keyFor(user, false)).toBeNull();
    expect(await store.keyFor(user, true)).toBeNull();
    // Destroying a key that never existed also bars one from being made.
    await store.destroy(user + 1, '2026-11-23T00:00:00.000Z');
    expect(await store.keyFor(user + 1, true)).toBeNull();
    await store.close();
  });
}

describe('SQLite data key store (embedded)', () => {
  const file = join(dir, 'keys.db');
  keyStoreContract(async () => new SqliteDataKeyStore(file, SECRET));

  it('leaves no byte of a destroyed key in its file, and keeps keys only wrapped', async () => {
    const own = join(dir, `own-${n++}.db`);
    const store = new SqliteDataKeyStore(own, SECRET);
    const key = (await store.keyFor(7, true))!;
    expect(readFileSync(own).includes(key)).toBe(false);
    expect(readFileSync(own).includes(Buffer.from(key.toString('base64')))).toBe(false);
    const wrapped = readFileSync(own)
      .toString('latin1')
      .match(/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0];
    expect(wrapped).toBeDefined();
    await store.destroy(7, '2026-11-23T00:00:00.000Z');
    await store.close();
    expect(readFileSync(own).toString('latin1')).not.toContain(wrapped);
  });

  it('refuses a key file wrapped under another secret instead of inventing keys', async () => {
    const own = join(dir, `other-${n++}.db`);
    const store = new SqliteDataKeyStore(own, SECRET);
    await store.keyFor(8, true);
    await store.close();
    const wrong = new SqliteDataKeyStore(own, 'x'.repeat(40));
    await expect(wrong.keyFor(8, false)).rejects.toThrow();
    await wrong.close();
  });
});

describe.skipIf(!process.env.MONGODB_URL)('MongoDB data key store (server mode; needs MONGODB_URL)', () => {
  keyStoreContract(async () => {
    const { MongoDataKeyStore } = await import('./mongo-data-key-store.ts');
    return MongoDataKeyStore.connect(process.env.MONGODB_URL!, SECRET);
  });
});
