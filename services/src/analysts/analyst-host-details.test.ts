import { hostname, release } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { AnalystQuery } from './analyst-queries.ts';
import { ClickHouseError } from '../stores/analytics/clickhouse-error.ts';
import { ANALYST_QUERY_MEMORY } from '../stores/analytics/sql-engine.ts';

const MIB = 1024 * 1024;

/** What analysts may learn is their tables: nothing of the machine, and no query can keep the process large (docs/analysts.md). */
describe('analysts and the host', () => {
  let t: TestApp;
  const run = (query: string) => {
    const asked: AnalystQuery = { via: 'console', actor: { kind: 'system', id: 'test' }, user: 'test', query, params: {}, settings: {} };
    return t.platform.analysts.queries.run(asked);
  };
  const refusal = (query: string) =>
    run(query).then(
      (answer) => `answered ${answer.bytes.toString('utf8').trim()}`,
      (error: unknown) => (error instanceof ClickHouseError ? error.codeName : String(error)),
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('refuses the functions that name the host, its kernel, the server’s version, settings and paths', async () => {
    for (const query of [
      'SELECT displayName()',
      "SELECT getServerSetting('path')",
      "SELECT getMergeTreeSetting('index_granularity')",
      'SELECT getOSKernelVersion()',
      'SELECT version()',
      'SELECT VERSION()',
      'SELECT fullHostName()',
      'SELECT uptime()',
      'SELECT buildId()',
      'SELECT serverUUID()',
      'SELECT revision()',
      'SELECT chdb()',
      'SELECT tid()',
      "SELECT n FROM (SELECT 1 AS n) WHERE version() != ''",
    ]) {
      expect(await refusal(query), query).toBe('ACCESS_DENIED');
    }
  });

  it('shows no setting whose value is the host’s number of cores', async () => {
    const automatic = await run(
      "SELECT name, value FROM system.settings WHERE value LIKE 'auto(%' UNION ALL SELECT 'getSetting', toString(getSetting('max_threads'))",
    );
    expect(automatic.bytes.toString('utf8')).toBe('getSetting\t4\n');
  });

  it('lets no function called without arguments tell the machine’s name, its kernel or the data directory', async () => {
    const names = (await run('SELECT name FROM system.functions WHERE NOT is_aggregate ORDER BY name')).bytes.toString('utf8').split('\n').filter(Boolean);
    expect(names.length).toBeGreaterThan(500);
    const secrets = [hostname(), release(), t.dataDir];
    const told: string[] = [];
    for (const name of names) {
      if (/^(sleep|sleepEachRow)$/i.test(name)) continue;
      const answer = await run(`SELECT toString(\`${name}\`())`).catch(() => null);
      const text = answer?.bytes.toString('utf8') ?? '';
      if (secrets.some((secret) => text.includes(secret))) told.push(`${name}() = ${text.trim()}`);
    }
    expect(told).toEqual([]);
  }, 300_000);

  it('refuses a query over its memory cap cleanly, three at once, and the process gives the memory back', async () => {
    await run('SELECT 1');
    const before = process.memoryUsage.rss();
    const hungry = 'SELECT length(groupArray(toString(number))) FROM numbers(200000000)';
    const answers = await Promise.all([1, 2, 3].map(() => refusal(hungry)));
    expect(answers).toEqual(['MEMORY_LIMIT_EXCEEDED', 'MEMORY_LIMIT_EXCEEDED', 'MEMORY_LIMIT_EXCEEDED']);
    // The cap holds three at once well under the projector's share (a loose bound: the process
    // also runs the product), and what they took is returned to the system afterwards.
    expect(ANALYST_QUERY_MEMORY).toBeLessThanOrEqual(256 * MIB);
    expect(process.memoryUsage.rss() - before).toBeLessThan(200 * MIB);
    expect(await refusal('SELECT count() FROM numbers(1000)')).toBe('answered 1000');
  }, 120_000);
});
