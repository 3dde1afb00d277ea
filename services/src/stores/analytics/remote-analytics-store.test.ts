import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalyticsStore } from '@linkledger/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { serveAnalytics } from './analytics-owner-server.ts';
import { TOKEN_HEADER, ownerFile } from './owner-link.ts';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.ts';
import { RemoteAnalyticsStore } from './remote-analytics-store.ts';

/** Stands in for chDB: answers queries from a list and records what it was asked. */
function fakeStore(): AnalyticsStore & { asked: string[] } {
  const asked: string[] = [];
  return {
    adapter: 'fake',
    asked,
    async query<T>(sql: string, params?: Record<string, unknown>) {
      asked.push(sql);
      if (sql.includes('max(position)')) return [{ position: 42 }] as T[];
      return [{ echo: params?.['x'] ?? null }] as T[];
    },
    async insertClicks() {},
    async insertFacts() {},
    async lastPosition() {
      return 42;
    },
    async recover() {
      return false;
    },
    async truncate() {},
    async deleteClicksBefore() {},
    async shadow() {
      throw new Error('not in this test');
    },
    async ping() {},
    async close() {},
  };
}

describe('analytics asked of the process that owns them', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-owner-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers read-only queries to callers that share the installation secret, and nobody else', async () => {
    const store = fakeStore();
    const owner = await serveAnalytics(store, dataDir, 'the-installation-secret');
    try {
      const remote = new RemoteAnalyticsStore(dataDir, 'the-installation-secret');
      expect(await remote.query('SELECT {x:UInt8} AS echo', { x: 7 })).toEqual([{ echo: 7 }]);
      expect(await remote.lastPosition()).toBe(42);
      await remote.ping();
      await expect(remote.query('DROP TABLE clicks')).rejects.toThrow(/400: Only SELECT queries/);
      await expect(remote.insertClicks()).rejects.toThrow(/Only the process that owns/);

      const stranger = new RemoteAnalyticsStore(dataDir, 'another-secret');
      await expect(stranger.ping()).rejects.toThrow(/401/);
      const { url } = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/ping`, { headers: { [TOKEN_HEADER]: 'x' } })).status).toBe(401);
      expect(store.asked).not.toContain('DROP TABLE clicks');
    } finally {
      await owner.close();
    }
    expect(existsSync(ownerFile(dataDir))).toBe(false);
    await expect(new RemoteAnalyticsStore(dataDir, 'the-installation-secret').ping()).rejects.toThrow(/No process owns the analytics/);
  });
});

describe('the owner endpoint on real chDB', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-owner-chdb-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs queries read-only: no writes, DDL, setting changes, INTO OUTFILE or table functions that reach files, processes or the network', async () => {
    const store = await ClickHouseAnalyticsStore.open({ kind: 'chdb', path: join(dataDir, 'analytics') }, 'owner_guard');
    const owner = await serveAnalytics(store, dataDir, 'the-installation-secret');
    const outfile = join(dataDir, 'written.txt');
    try {
      const remote = new RemoteAnalyticsStore(dataDir, 'the-installation-secret');
      expect(await remote.query<{ n: string | number }>('SELECT count() AS n FROM clicks')).toEqual([{ n: expect.anything() }]);
      expect(await remote.query<{ s: string }>("SELECT 'file(/etc/passwd) INTO OUTFILE' AS s")).toEqual([{ s: 'file(/etc/passwd) INTO OUTFILE' }]);
      const refused: [string, RegExp][] = [
        ["SELECT * FROM file('/etc/hostname', 'LineAsString')", /file\(\) is not allowed/],
        ["SELECT * FROM url('http://127.0.0.1:9/', 'LineAsString')", /url\(\) is not allowed/],
        ["select * from remoteSecure('127.0.0.1', system.one)", /remoteSecure\(\) is not allowed/],
        ["SELECT * FROM executable('id', 'TSV', 'x String')", /executable\(\) is not allowed/],
        [`SELECT 1 INTO OUTFILE '${outfile}'`, /INTO OUTFILE is not allowed/],
        ['SELECT 1; DROP TABLE clicks', /One statement per query/],
        ['INSERT INTO clicks SELECT * FROM clicks', /Only SELECT queries/],
        // Past the keyword check, ClickHouse's readonly setting refuses it.
        ['WITH 1 AS x INSERT INTO clicks SELECT * FROM clicks', /readonly|Syntax error/i],
        ['SELECT 1 SETTINGS readonly = 0', /readonly/],
        ['SELECT * FROM system.users', /privileges|readonly/i],
      ];
      for (const [sql, reason] of refused) await expect(remote.query(sql), sql).rejects.toThrow(reason);
      expect(existsSync(outfile)).toBe(false);
      expect(await store.query('SHOW TABLES')).toEqual(expect.arrayContaining([{ name: 'clicks' }]));
      // Read-only holds for those queries only: the owner's own projector still writes (chDB
      // keeps settings passed beside a query for its whole session; a clause it does not).
      await expect(remote.query('SELECT 1 AS one -- a comment cannot swallow the read-only clause')).resolves.toEqual([{ one: 1 }]);
      await store.truncate();
      expect(await store.lastPosition()).toBe(0);
    } finally {
      await owner.close();
      await store.close();
    }
  });
});
