import { startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { dataDirArg, fmt, machine, measureCalls, readFixture, signIn, timedCall, type TimedCall } from './common.ts';

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
    const headers = { authorization };
    const calls: TimedCall[] = [
      { name: 'floor: GET /api/health', path: '/api/health', floor: true },
      { name: 'floor: GET /api/users/me', path: '/api/users/me', headers, floor: true },
      {
        name: `GET /api/urls/{id}/analytics, hot link (${fmt(fixture.hot.human)}+ human clicks)`,
        path: `/api/urls/${fixture.hot.id}/analytics`,
        headers,
        target: 100,
      },
      {
        name: `… hot link, date_from 90 days ago`,
        path: `/api/urls/${fixture.hot.id}/analytics?date_from=${new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)}`,
        headers,
      },
      { name: `GET /api/urls/{id}/analytics, long-tail link (${fmt(fixture.tail.human)} clicks)`, path: `/api/urls/${fixture.tail.id}/analytics`, headers },
      { name: `GET /api/urls?include_counts=true (dashboard list, ${fmt(fixture.owner.links)} links)`, path: '/api/urls?include_counts=true', headers },
      { name: '… sort_by=clicks', path: '/api/urls?include_counts=true&sort_by=clicks', headers },
      { name: 'GET /api/users/me/stats (dashboard tiles)', path: '/api/users/me/stats', headers },
    ];
    const call = (c: Pick<TimedCall, 'path' | 'headers'>) => timedCall(server.baseUrl, c);
    // Sanity: analytics and the read model agree on the hot link (the generator's count,
    // plus any clicks a live benchmark has made since).
    const hot = JSON.parse((await call(calls[2]!)).body) as { total_clicks: number };
    const link = JSON.parse((await call({ path: `/api/urls/${fixture.hot.id}`, headers })).body) as { total_clicks: number };
    if (hot.total_clicks !== link.total_clicks || hot.total_clicks < fixture.hot.human) {
      throw new Error(`Hot link: analytics ${hot.total_clicks}, read model ${link.total_clicks}, generated ${fixture.hot.human}`);
    }
    await measureCalls(server.baseUrl, calls, ITERATIONS, WARMUP);
  } finally {
    await server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
