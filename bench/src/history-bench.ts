import type { EventPage, ProjectionsReport, Timeline } from '@linkledger/contracts';
import { freePort, startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { dataDirArg, fmt, machine, measureCalls, readFixture, signIn, timedCall, type TimedCall } from './common.ts';

/**
 * `npm run bench:history [-- --data-dir DIR]`: the admins' event history on the generated
 * data set (10 M clicks around ~340 k other events): the event browser's first pages with
 * and without clicks, deep pages of the hot link's click stream, a time window, an actor,
 * the hot link's timeline, and the analysts' endpoint counting every click (with a
 * credential issued as an admin does), each p50/p99 over ITERATIONS sequential calls,
 * beside the floors /api/health and /api/users/me measured in the same run
 * (docs/admin.md#event-history, docs/analysts.md).
 */
const ITERATIONS = Number(process.env['ITERATIONS'] ?? 100);
const WARMUP = Number(process.env['WARMUP'] ?? 5);

async function main() {
  const { dataDir } = dataDirArg();
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.users)} users, ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks (${fmt(fixture.events)} events)`);
  const analystPort = await freePort();
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYST_PORT: String(analystPort) }, 300_000);
  try {
    const { authorization } = await signIn(server.baseUrl, fixture.admin.email, fixture.password);
    const headers = { authorization };
    const get = async <T>(path: string) => JSON.parse((await timedCall(server.baseUrl, { path, headers })).body) as T;
    // A data set written by an older version may start with an online rebuild (docs/admin.md#projections): measure after it.
    const rebuildStarted = Date.now();
    for (;;) {
      const { rebuild } = await get<ProjectionsReport>('/api/admin/projections');
      if (!rebuild || rebuild.state === 'done' || rebuild.state === 'failed') break;
      if (Date.now() - rebuildStarted > 3_600_000) throw new Error('A rebuild has been running for an hour');
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    if (Date.now() - rebuildStarted > 10_000) console.log(`Waited ${fmt((Date.now() - rebuildStarted) / 1000)} s for a rebuild to finish before measuring`);
    // Cursors from the data itself: the middle of the hot link's click stream, a window in the middle of the log.
    const hotStream = `clicks-${fixture.hot.id}`;
    const newestClick = (await get<EventPage>(`/api/admin/events?stream=${hotStream}&limit=1`)).events[0]!;
    const oldestClick = (await get<EventPage>(`/api/admin/events?stream=${hotStream}&limit=1&after=0`)).events[0]!;
    const middle = Math.round((newestClick.position + oldestClick.position) / 2);
    const windowStart = new Date((Date.parse(newestClick.at) + Date.parse(oldestClick.at)) / 2);
    const windowEnd = new Date(windowStart.getTime() + 3_600_000);
    const timeline = await get<Timeline>(`/api/admin/entities/link/${fixture.hot.id}/timeline`);
    if (timeline.entries[0]?.type !== 'LinkCreated') throw new Error(`The hot link's timeline starts with ${timeline.entries[0]?.type}`);
    // An analyst's credential, issued as an admin does, and the count every analyst starts with.
    const issued = await fetch(`${server.baseUrl}/api/admin/analysts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench_${Date.now()}` }),
    });
    if (!issued.ok) throw new Error(`Issuing an analyst credential: ${issued.status} ${await issued.text()}`);
    const analyst = (await issued.json()) as { name: string; password: string };
    const analystUrl = `http://127.0.0.1:${analystPort}`;
    const analystHeaders = { 'x-clickhouse-user': analyst.name, 'x-clickhouse-key': analyst.password };
    const countQuery = `/?query=${encodeURIComponent('SELECT count() FROM clicks')}`;
    const counted = Number((await timedCall(analystUrl, { path: countQuery, headers: analystHeaders })).body.trim());
    if (counted < fixture.clicks) throw new Error(`The analysts' clicks hold ${counted} rows, fewer than the ${fixture.clicks} generated`);
    const calls: TimedCall[] = [
      { name: 'floor: GET /api/health', path: '/api/health', floor: true },
      { name: 'floor: GET /api/users/me', path: '/api/users/me', headers, floor: true },
      { name: 'GET /api/admin/events (first page, 50 events, clicks left out)', path: '/api/admin/events', headers, target: 100 },
      { name: '… include_clicks=true (first page)', path: '/api/admin/events?include_clicks=true', headers },
      { name: `… stream=${hotStream} (newest of ${fmt(fixture.hot.clicks)} clicks)`, path: `/api/admin/events?stream=${hotStream}`, headers, target: 100 },
      { name: `… stream=${hotStream}, before= its middle`, path: `/api/admin/events?stream=${hotStream}&before=${middle}`, headers },
      { name: '… category=user&actor={owner} (the owner’s own events)', path: `/api/admin/events?category=user&actor=${fixture.owner.id}`, headers },
      {
        name: '… include_clicks=true, one hour in the middle of the log',
        path: `/api/admin/events?include_clicks=true&from=${windowStart.toISOString()}&to=${windowEnd.toISOString()}`,
        headers,
      },
      { name: `GET /api/admin/entities/link/{hot}/timeline`, path: `/api/admin/entities/link/${fixture.hot.id}/timeline`, headers, target: 100 },
      {
        name: `analysts' endpoint: SELECT count() FROM clicks (${fmt(counted)} rows)`,
        path: countQuery,
        baseUrl: analystUrl,
        headers: analystHeaders,
        target: 100,
      },
      {
        name: "analysts' endpoint: clicks per country, last 7 days",
        path: `/?query=${encodeURIComponent('SELECT country, count() AS clicks FROM clicks WHERE at >= now() - INTERVAL 7 DAY GROUP BY country ORDER BY clicks DESC')}`,
        baseUrl: analystUrl,
        headers: analystHeaders,
      },
      {
        name: `GET /api/admin/entities/user/{owner}/state?at= a month ago`,
        path: `/api/admin/entities/user/${fixture.owner.id}/state?at=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`,
        headers,
      },
    ];
    await measureCalls(server.baseUrl, calls, ITERATIONS, WARMUP);
  } finally {
    await server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
