import { startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { dataDirArg, fmt, machine, percentile, readFixture, signIn } from './common.ts';

/**
 * `npm run bench:analytics [-- --data-dir DIR]`: the dashboard's read calls against the real
 * server on a generated data set, each p50/p99 over ITERATIONS sequential calls after a
 * warm-up, beside floors measured in the same run: /api/health (HTTP + every store's ping)
 * and /api/users/me (HTTP + token check + one read-store lookup). Calls are interleaved
 * round by round, so a noisy neighbour hurts every row alike.
 */
const ITERATIONS = Number(process.env['ITERATIONS'] ?? 100);
const WARMUP = Number(process.env['WARMUP'] ?? 5);

async function main() {
  const { dataDir } = dataDirArg();
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.users)} users, ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks (${fmt(fixture.events)} events)`);
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 300_000);
  try {
    const { authorization } = await signIn(server.baseUrl, fixture.owner.email, fixture.password);
    const calls: { name: string; path: string; auth: boolean; floor?: boolean; target?: number }[] = [
      { name: 'floor: GET /api/health', path: '/api/health', auth: false, floor: true },
      { name: 'floor: GET /api/users/me', path: '/api/users/me', auth: true, floor: true },
      { name: `GET /api/urls/{id}/analytics, hot link (${fmt(fixture.hot.human)}+ human clicks)`, path: `/api/urls/${fixture.hot.id}/analytics`, auth: true, target: 100 },
      {
        name: `… hot link, date_from 90 days ago`,
        path: `/api/urls/${fixture.hot.id}/analytics?date_from=${new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)}`,
        auth: true,
      },
      { name: `GET /api/urls/{id}/analytics, long-tail link (${fmt(fixture.tail.human)} clicks)`, path: `/api/urls/${fixture.tail.id}/analytics`, auth: true },
      { name: `GET /api/urls?include_counts=true (dashboard list, ${fmt(fixture.owner.links)} links)`, path: '/api/urls?include_counts=true', auth: true },
      { name: '… sort_by=clicks', path: '/api/urls?include_counts=true&sort_by=clicks', auth: true },
      { name: 'GET /api/users/me/stats (dashboard tiles)', path: '/api/users/me/stats', auth: true },
    ];
    const timings = new Map<string, number[]>(calls.map((c) => [c.name, []]));
    const call = async (c: (typeof calls)[number]) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}${c.path}`, { headers: c.auth ? { authorization } : {} });
      const body = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${c.path}: ${response.status} ${body}`);
      return { ms, body };
    };
    // Sanity: analytics and the read model agree on the hot link (the generator's count,
    // plus any clicks a live benchmark has made since).
    const hot = JSON.parse((await call(calls[2]!)).body) as { total_clicks: number };
    const link = JSON.parse((await call({ name: 'link', path: `/api/urls/${fixture.hot.id}`, auth: true })).body) as { total_clicks: number };
    if (hot.total_clicks !== link.total_clicks || hot.total_clicks < fixture.hot.human) {
      throw new Error(`Hot link: analytics ${hot.total_clicks}, read model ${link.total_clicks}, generated ${fixture.hot.human}`);
    }
    for (let i = 0; i < WARMUP; i++) for (const c of calls) await call(c);
    for (let i = 0; i < ITERATIONS; i++) for (const c of calls) timings.get(c.name)!.push((await call(c)).ms);

    console.log(`\n${ITERATIONS} sequential calls each after ${WARMUP} warm-up rounds, interleaved; server: its own process (npm start's entry)\n`);
    console.log('| call | p50 ms | p99 ms | mean ms | target |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const c of calls) {
      const t = timings.get(c.name)!;
      const p50 = percentile(t, 50);
      const verdict = c.target === undefined ? '' : `p50 < ${c.target} ms: ${p50 < c.target ? 'met' : `missed by ${fmt(p50 - c.target, 1)} ms`}`;
      console.log(`| ${c.name} | ${fmt(p50, 1)} | ${fmt(percentile(t, 99), 1)} | ${fmt(t.reduce((a, b) => a + b, 0) / t.length, 1)} | ${verdict} |`);
    }
  } finally {
    await server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
