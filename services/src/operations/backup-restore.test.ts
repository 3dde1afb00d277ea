import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../testing/child-process.ts';
import { CHROME, createLinkOver, json, signUpOver, type Auth } from '../testing/http-client.ts';
import { startServerProcess, type StartedProcess } from '../testing/server-process.ts';
import { takeBackup } from './backup.ts';
import { Manifest } from './manifest.ts';

const UNLIMITED = { REDIRECT_RATE_PER_IP: '0' };
const RESTORE = 'services/src/server/restore-cli.ts';

interface Account {
  email: string;
  auth: Auth;
  id: number;
}

async function me(baseUrl: string, auth: Auth) {
  return json<{ id: number; email: string }>(fetch(`${baseUrl}/api/users/me`, { headers: auth.headers }));
}

async function links(baseUrl: string, headers: Record<string, string>) {
  return json<{ id: number; short_code: string; total_clicks: number }[]>(fetch(`${baseUrl}/api/urls?limit=100`, { headers }));
}

describe('npm run backup of a running server under load, then npm run restore', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkledger-backup-'));
  const original = join(root, 'original');
  const backup = join(root, 'backup');
  const restored = join(root, 'restored');
  const servers: StartedProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores users, links, click counts and API keys exactly as the log stood at the backup position', async () => {
    const server = await startServerProcess({ DATA_DIR: original, ...UNLIMITED });
    servers.push(server);
    const base = server.baseUrl;
    const accounts: Account[] = [];
    const owner = { email: 'ann@example.com', auth: await signUpOver(base, 'ann@example.com'), id: 0 };
    owner.id = (await me(base, owner.auth)).id;
    accounts.push(owner);
    const hot = await createLinkOver(base, owner.auth, 'https://example.com/hot');
    const { api_key } = await json<{ api_key: string }>(
      fetch(`${base}/api/users/me/generate-api-key`, { method: 'POST', headers: owner.auth.headers, body: '{}' }),
    );
    // A deleted account: its key is destroyed before the backup, and stays so after restore.
    const gone = await signUpOver(base, 'gone@example.com');
    await json(
      fetch(`${base}/api/settings/account/delete`, {
        method: 'POST',
        headers: gone.headers,
        body: JSON.stringify({ password: 'secret123', confirm_email: 'gone@example.com' }),
      }),
    );

    // Load during the backup: redirects, new links and new accounts (new data keys).
    let loading = true;
    const redirecting = async () => {
      while (loading) await fetch(`${base}/${hot.short_code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } }).then((r) => r.arrayBuffer());
    };
    let made = 0;
    const writing = async () => {
      // Each round a new account (a new data key) with two links: the free plan's monthly limit is 10.
      while (loading && made < 60) {
        const email = `load${++made}@example.com`;
        const auth = await signUpOver(base, email);
        accounts.push({ email, auth, id: (await me(base, auth)).id });
        for (const n of [1, 2]) await createLinkOver(base, auth, `https://example.com/load/${made}/${n}`);
      }
    };
    const load = [redirecting(), redirecting(), redirecting(), writing()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const manifest = await takeBackup({ DATA_DIR: original }, backup, new Date());
    // Two more accounts: at least one registered wholly after the backup, so it is not in it.
    const madeAtBackup = made;
    while (made < madeAtBackup + 2 && made < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    loading = false;
    await Promise.all(load);

    // The server went on appending after the backup's position.
    const head = new Database(join(original, 'events.db'), { readonly: true });
    const originalHead = head.prepare<[], { h: number }>('SELECT max(position) AS h FROM events').get()!.h;
    const firstPosition = (stream: string) =>
      head.prepare<[string], { p: number | null }>('SELECT min(position) AS p FROM events WHERE stream = ?').get(stream)?.p ?? Infinity;
    const clicksUpTo = (linkId: number) =>
      head
        .prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM events WHERE stream = ? AND position <= ?')
        .get(`clicks-${linkId}`, manifest.position)!.n;
    const registeredAt = new Map(accounts.map((a) => [a.email, firstPosition(`user-${a.id}`)]));
    const linkIdsBefore = (userId: number) =>
      head
        .prepare<[number, number], { id: number }>(
          "SELECT json_extract(data, '$.link_id') AS id FROM events WHERE type = 'LinkCreated' AND json_extract(data, '$.owner_id') = ? AND position <= ? ORDER BY 1",
        )
        .all(userId, manifest.position)
        .map((row) => row.id);
    const expectedLinks = new Map(accounts.map((a) => [a.email, linkIdsBefore(a.id)]));
    const expectedClicks = new Map(accounts.flatMap((a) => expectedLinks.get(a.email)!.map((id) => [id, clicksUpTo(id)] as const)));
    head.close();
    expect(originalHead).toBeGreaterThan(manifest.position);
    expect([...registeredAt.values()].some((position) => position > manifest.position)).toBe(true);
    expect(expectedClicks.get(hot.id)).toBeGreaterThan(0);
    expect(Manifest.parse(JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8'))).files.map((f) => f.name)).toEqual([
      'data-keys.key',
      'events.db',
      'keys.db',
      'secret.key',
    ]);

    const restore = runScript(RESTORE, [backup], { DATA_DIR: restored });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/Restore finished/);
    const again = await startServerProcess({ DATA_DIR: restored, ...UNLIMITED });
    servers.push(again);

    for (const account of accounts) {
      const signIn = await fetch(`${again.baseUrl}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=${encodeURIComponent(account.email)}&password=secret123`,
      });
      if (registeredAt.get(account.email)! > manifest.position) {
        expect(signIn.status, `${account.email} registered after the backup`).toBe(401);
        continue;
      }
      expect(signIn.status, account.email).toBe(200);
      const auth = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
      expect((await me(again.baseUrl, { token: '', headers: auth })).email).toBe(account.email);
      const restoredLinks = await links(again.baseUrl, auth);
      expect(
        restoredLinks.map((l) => l.id).sort((a, b) => a - b),
        account.email,
      ).toEqual(expectedLinks.get(account.email));
      for (const link of restoredLinks) expect(link.total_clicks, `clicks of link ${link.id}`).toBe(expectedClicks.get(link.id));
    }
    // The API key made before the backup still answers for its owner.
    expect((await links(again.baseUrl, { 'x-api-key': api_key })).map((l) => l.id)).toContain(hot.id);
    // The deleted account stays deleted: it cannot sign in.
    const deleted = await fetch(`${again.baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=gone%40example.com&password=secret123',
    });
    expect(deleted.status).toBe(401);
    // And the restored instance takes new writes after the restored position.
    const fresh = await createLinkOver(again.baseUrl, await signUpOver(again.baseUrl, owner.email, 'secret123', false), 'https://example.com/after-restore');
    expect(fresh.id).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a damaged backup and a data directory that is not empty, with exit code 2', async () => {
    const fresh = join(root, 'fresh');
    const intoFull = runScript(RESTORE, [backup], { DATA_DIR: root });
    expect(await intoFull.exited).toBe(2);
    expect(intoFull.output()).toMatch(/is not empty/);

    const keys = join(backup, 'keys.db');
    writeFileSync(keys, Buffer.concat([readFileSync(keys), Buffer.from('x')]));
    const damaged = runScript(RESTORE, [backup], { DATA_DIR: fresh });
    expect(await damaged.exited).toBe(2);
    expect(damaged.output()).toMatch(/keys\.db .* is not the file the backup wrote/);
  }, 60_000);
});
