import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../testing/child-process.ts';
import { eventually } from '../testing/eventually.ts';
import { CHROME, countsOver, createLinkOver, json, signUpOver } from '../testing/http-client.ts';
import { liveClient } from '../testing/live-client.ts';
import { startServerProcess } from '../testing/server-process.ts';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

describe('two API processes on one data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-two-'));
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both serve every link, push the owner’s clicks to their own sockets, and answer analytics', async () => {
    const a = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(a);
    // A second owner of chDB is refused with a message that says what to do.
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(/Start this process with ROLE=api/);
    const rebuild = runScript('services/src/server/rebuild.ts', [], { DATA_DIR: dataDir });
    expect(await rebuild.exited).toBe(2);
    expect(rebuild.output()).toMatch(/Stop the server first: a process \(pid \d+\) has .*analytics open/);
    const b = await startServerProcess({ DATA_DIR: dataDir, ROLE: 'api' });
    servers.push(b);

    const auth = await signUpOver(a.baseUrl, 'two@example.com');
    const fromA = await createLinkOver(a.baseUrl, auth, 'https://example.com/a');
    // The same account signs in on B: one log, one read store, one secret.
    const authB = await signUpOver(b.baseUrl, 'two@example.com', 'secret123', false);
    const fromB = await createLinkOver(b.baseUrl, authB, 'https://example.com/b');
    // Read your writes on B, whose read model is projected by A.
    expect((await json<{ id: number }[]>(fetch(`${b.baseUrl}/api/urls`, { headers: authB.headers }))).map((l) => l.id).sort()).toEqual(
      [fromA.id, fromB.id].sort(),
    );

    const liveA = await liveClient(a.baseUrl, auth.token);
    const liveB = await liveClient(b.baseUrl, authB.token);
    const visit = async (server: Server, code: string, destination: string) => {
      const response = await fetch(`${server.baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(destination);
    };
    for (let i = 0; i < 3; i++) await visit(b, fromA.short_code, 'https://example.com/a');
    for (let i = 0; i < 2; i++) await visit(a, fromB.short_code, 'https://example.com/b');
    await visit(a, fromA.short_code, 'https://example.com/a');
    await visit(b, fromB.short_code, 'https://example.com/b');

    // Each process feeds its own sockets from the shared log, whoever answered the redirect.
    for (const live of [liveA, liveB]) {
      await eventually(
        () => {
          const last = (id: number) =>
            live
              .clicks()
              .filter((c) => c.url_id === id)
              .at(-1)?.total_clicks;
          return last(fromA.id) === 4 && last(fromB.id) === 3;
        },
        10_000,
        'live totals 4 and 3 on both processes',
      );
    }

    // Analytics through B are asked of A, which owns chDB.
    for (const server of [b, a]) {
      const who = server === b ? authB : auth;
      await eventually(
        async () => {
          const [ca, cb] = [await countsOver(server.baseUrl, who, fromA.id), await countsOver(server.baseUrl, who, fromB.id)];
          return ca.total === 4 && ca.analytics === 4 && cb.total === 3 && cb.analytics === 3;
        },
        10_000,
        `counts on ${server.baseUrl}`,
      );
    }
    const health = await json<{ stores: { analytics: { adapter: string } } }>(fetch(`${b.baseUrl}/api/health`));
    expect(health.stores.analytics.adapter).toBe('chdb (via the owning process)');
    liveA.close();
    liveB.close();
  }, 120_000);

  it('keeps redirecting on the API process while the owner is down, and finds the owner again when it restarts', async () => {
    const [a, b] = servers as [Server, Server];
    const auth = await signUpOver(b.baseUrl, 'two@example.com', 'secret123', false);
    const link = await createLinkOver(b.baseUrl, auth, 'https://example.com/c');
    await a.kill('SIGTERM');
    servers.shift();

    const health = await fetch(`${b.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ down: ['analytics'] });
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${b.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
      expect(response.status).toBe(302);
    }
    expect((await fetch(`${b.baseUrl}/api/urls/${link.id}/analytics`, { headers: auth.headers })).status).toBe(503);

    const again = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(again);
    await eventually(
      async () => {
        const counts = await countsOver(b.baseUrl, auth, link.id).catch(() => null);
        return counts?.total === 5 && counts.analytics === 5;
      },
      20_000,
      'B to show the clicks it answered while the owner was down',
    );
    expect((await fetch(`${b.baseUrl}/api/health`)).status).toBe(200);
  }, 120_000);
});
