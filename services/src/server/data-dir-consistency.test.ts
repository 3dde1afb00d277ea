import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../testing/child-process.ts';
import { signIn, signUp, startTestApp, requestToken } from '../testing/test-app.ts';
import { loadConfig } from '../platform/config.ts';
import { InconsistentDataDirectory } from './data-dir-consistency.ts';
import { openPlatform } from './open-platform.ts';

/** Puts back a copy of a store file taken earlier, as a per-file backup restored in the wrong order would. */
function putBack(copy: string, file: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  copyFileSync(copy, file);
}

describe('the data directory is checked at start', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkledger-consistency-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A data directory whose events.db is from before Bob signed up and made a link, and whose read.db and analytics are from after. */
  async function readModelAhead() {
    const dataDir = newDir();
    let t = await startTestApp({}, { dataDir });
    const ann = await signUp(t.app, 'ann@example.com');
    const kept = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: ann.headers, payload: { original_url: 'https://example.com/kept' } })).json<{
      id: number;
    }>();
    await t.close();
    const olderLog = join(newDir(), 'events.db');
    copyFileSync(join(dataDir, 'events.db'), olderLog);

    t = await startTestApp({}, { dataDir });
    const bob = await signUp(t.app, 'bob@example.com');
    const lost = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: bob.headers, payload: { original_url: 'https://example.com/lost' } })).json<{
      id: number;
      short_code: string;
    }>();
    await t.close();
    putBack(olderLog, join(dataDir, 'events.db'));
    return { dataDir, kept, lost };
  }

  it('a read model ahead of the log is emptied and replayed: no link the log lacks, and a new link is the creator’s own', async () => {
    const { dataDir, kept, lost } = await readModelAhead();
    const t = await startTestApp({}, { dataDir });
    try {
      const again = await signUp(t.app, 'carol@example.com');
      const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers: again.headers, payload: { original_url: 'https://example.com/carol' } });
      expect(created.statusCode).toBe(201);
      // Carol's new link takes the id Bob's link had in the read model: she gets her own link back, not his.
      expect(created.json<{ original_url: string }>().original_url).toBe('https://example.com/carol');
      const list = await t.app.inject({ method: 'GET', url: '/api/urls', headers: again.headers });
      expect(list.json<{ original_url: string }[]>().map((l) => l.original_url)).toEqual(['https://example.com/carol']);
      const annLinks = await t.app.inject({ method: 'GET', url: '/api/urls', headers: (await signIn(t.app, 'ann@example.com')).headers });
      expect(annLinks.json<{ id: number }[]>().map((l) => l.id)).toEqual([kept.id]);
      // Bob is not in the log: he cannot sign in, and his link's code does not redirect.
      const bobToken = await requestToken(t.app, 'bob@example.com', 'correct horse');
      expect(bobToken.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/${lost.short_code}` })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a process without projectors waits for the projector process to rebuild a read model ahead of the log, and refuses to start when none does', async () => {
    const { dataDir } = await readModelAhead();
    const config = loadConfig({ DATA_DIR: dataDir, ROLE: 'api', EVENTS_SYNC: 'NORMAL' });
    const quiet = { info: () => undefined, error: () => undefined };
    await expect(openPlatform(config, { log: quiet, readModelRepairWaitMs: 300 })).rejects.toThrow(
      /past the log's last position .* no projector process rebuilt it/,
    );

    // With a projector process starting beside it, the API process starts once the read model is rebuilt.
    const api = openPlatform(config, { log: quiet, readModelRepairWaitMs: 30_000 });
    const projector = await startTestApp({}, { dataDir });
    const platform = await api;
    try {
      expect(await platform.read.checkpoint(platform.readModelTarget.name)).toBeLessThanOrEqual(await platform.events.headPosition());
    } finally {
      await platform.close();
      await projector.close();
    }
  }, 60_000);

  it('a key store older than the log, or keys under another key secret, are refused at start with exit code 2, naming the users', async () => {
    const dataDir = newDir();
    let t = await startTestApp({}, { dataDir });
    await signUp(t.app, 'ann@example.com');
    await t.close();
    const olderKeys = join(newDir(), 'keys.db');
    copyFileSync(join(dataDir, 'keys.db'), olderKeys);

    t = await startTestApp({}, { dataDir });
    const bob = await signUp(t.app, 'bob@example.com');
    await t.close();
    const keysNow = join(newDir(), 'keys.db');
    copyFileSync(join(dataDir, 'keys.db'), keysNow);
    const secretNow = join(newDir(), 'data-keys.key');
    copyFileSync(join(dataDir, 'data-keys.key'), secretNow);
    putBack(olderKeys, join(dataDir, 'keys.db'));

    await expect(startTestApp({}, { dataDir })).rejects.toThrow(InconsistentDataDirectory);
    await expect(startTestApp({}, { dataDir })).rejects.toThrow(new RegExp(`lacks the data keys of 1 user\\(s\\) .*\\(user ${bob.user.id}\\)`));

    // Another key secret than the keys were wrapped with: refused as clearly.
    putBack(keysNow, join(dataDir, 'keys.db'));
    writeFileSync(join(dataDir, 'data-keys.key'), 'f'.repeat(64));
    await expect(startTestApp({}, { dataDir })).rejects.toThrow(/does not open with this installation's key secret/);
    putBack(olderKeys, join(dataDir, 'keys.db'));
    copyFileSync(secretNow, join(dataDir, 'data-keys.key'));

    const server = runScript('services/src/server/main.ts', [], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(await server.exited, server.output()).toBe(2);
    expect(server.output()).toMatch(/key store lacks the data keys .* it is older than the log/);
  }, 60_000);
});
