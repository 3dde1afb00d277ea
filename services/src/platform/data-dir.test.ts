import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp } from '../testing/test-app.ts';

/** Every path under a directory whose mode lets anyone but the owner in. */
function readableByOthers(path: string): string[] {
  // chDB writes a part in a temporary folder and renames it, so a path read a moment ago
  // may be gone: what no longer exists is no longer readable by anyone.
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  const here = (stat.mode & 0o077) !== 0 && !stat.isSymbolicLink() ? [`${path} ${(stat.mode & 0o777).toString(8)}`] : [];
  if (!stat.isDirectory()) return here;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return here;
    throw error;
  }
  return [...here, ...names.flatMap((name) => readableByOthers(join(path, name)))];
}

describe('the data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkledger-perms-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is the service user’s alone: the folder 0700 and every file in it 0600, the event log, read store, chDB, salts, secret and outbox included', async () => {
    const dataDir = join(root, 'fresh');
    const t = await startTestApp({}, { dataDir });
    try {
      const { headers } = await signUp(t.app, 'ada@example.com');
      const link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/' } })).json<{
        short_code: string;
      }>();
      expect((await t.app.inject({ url: `/${link.short_code}` })).statusCode).toBe(302);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers })).statusCode).toBe(200);
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      const names = readdirSync(dataDir);
      for (const expected of ['events.db', 'read.db', 'analytics', 'secret.key', 'outbox', 'visitor-salts']) expect(names).toContain(expected);
      expect(readableByOthers(dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('left readable by an earlier version, is tightened at start', async () => {
    const dataDir = join(root, 'old');
    mkdirSync(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'outbox'), 0o755);
    writeFileSync(join(dataDir, 'outbox', 'old-mail.json'), '{}', { mode: 0o644 });
    chmodSync(join(dataDir, 'outbox', 'old-mail.json'), 0o644);
    expect(readableByOthers(dataDir)).toHaveLength(3);
    const t = await startTestApp({}, { dataDir });
    await t.close();
    expect(readableByOthers(dataDir)).toEqual([]);
  });
});
