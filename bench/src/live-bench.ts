import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { LiveServerMessage } from '@linkledger/contracts';
import { COALESCE_MS } from '@linkledger/services/live/hub.ts';
import { startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { dataDirArg, fmt, machine, percentile, readFixture, signIn, sleep } from './common.ts';

/**
 * `npm run bench:live [-- --data-dir DIR]`: click → owner's browser. The owner's websocket
 * (/api/live) is open; a probe click on a quiet link of the owner's is sent every
 * PROBE_MS (longer than the hub's 250 ms coalescing window, so no probe waits for a
 * coalescing slot), and each probe's latency is the time from its 302 arriving to the
 * push for that link arriving, both taken on this thread's clock. Measured first with no
 * other traffic (the baseline), then while autocannon (in its own process) drives
 * redirects on the owner's hot link at full speed. The hot link's own pushes are reported
 * too: per push, the age of the oldest answered redirect it was the first to include,
 * which does include the coalescing wait by design.
 */
const DURATION = Number(process.env['DURATION'] ?? 40);
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 100);
const PROBE_MS = Number(process.env['PROBE_MS'] ?? 500);
const IDLE_PROBES = Number(process.env['IDLE_PROBES'] ?? 60);
const PUSH_TIMEOUT_MS = 5000;
const TARGET_P99 = 250;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const now = () => performance.timeOrigin + performance.now();

type Click = Extract<LiveServerMessage, { type: 'click' }>;

async function openLive(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`);
  const clicks: { at: number; message: Click }[] = [];
  const waiters = new Set<() => void>();
  let ready = false;
  socket.on('message', (raw) => {
    const at = now();
    const message = JSON.parse(raw.toString()) as LiveServerMessage;
    if (message.type === 'ready') ready = true;
    if (message.type === 'click') clicks.push({ at, message });
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => (socket.once('open', () => resolve()), socket.once('error', reject)));
  socket.send(JSON.stringify({ type: 'auth', token }));
  const deadline = Date.now() + 5000;
  while (!ready) {
    if (Date.now() > deadline) throw new Error('No ready on /api/live');
    await sleep(10);
  }
  /** The first push for `urlId` at or after index `from`, waiting up to `timeoutMs`. */
  const next = async (urlId: number, from: number, timeoutMs: number) => {
    const deadline = now() + timeoutMs;
    for (;;) {
      for (let i = from; i < clicks.length; i++) if (clicks[i]!.message.url_id === urlId) return { index: i, ...clicks[i]! };
      const left = deadline - now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => (clearTimeout(timer), waiters.delete(wake), resolve());
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  };
  return { clicks, next, close: () => socket.close() };
}

async function main() {
  const { dataDir } = dataDirArg();
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks`);
  // All the load comes from one address (loopback): the per-address redirect limit is off.
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIRECT_RATE_PER_IP: '0' }, 300_000);
  try {
    const { token, authorization } = await signIn(server.baseUrl, fixture.owner.email, fixture.password);
    const live = await openLive(server.baseUrl, token);

    /** One probe click; its latency is push arrival − 302 arrival. null: no push in time. */
    const probe = async () => {
      const from = live.clicks.length;
      const sent = now();
      const response = await fetch(`${server.baseUrl}/${fixture.probe.code}`, { redirect: 'manual', headers: { 'user-agent': UA } });
      const answered = now();
      await response.arrayBuffer();
      if (response.status !== 302) throw new Error(`Probe answered ${response.status}`);
      const push = await live.next(fixture.probe.id, from, PUSH_TIMEOUT_MS);
      return push ? { latency: push.at - answered, request: push.at - sent, answer: answered - sent, pushedAt: push.at } : null;
    };
    const series = async (count: number, until = Number.POSITIVE_INFINITY) => {
      const results: Awaited<ReturnType<typeof probe>>[] = [];
      for (let i = 0; i < count && now() < until; i++) {
        const started = now();
        const result = await probe();
        results.push(result);
        // The next probe comes PROBE_MS after this one, and never within the hub's coalescing
        // window of this one's push, so no probe waits for a coalescing slot.
        await sleep(Math.max(0, started + PROBE_MS - now(), (result?.pushedAt ?? 0) + COALESCE_MS + 50 - now()));
      }
      return results;
    };

    await series(5); // warm-up
    const idle = await series(IDLE_PROBES);

    const linkTotal = async (id: number) =>
      ((await (await fetch(`${server.baseUrl}/api/urls/${id}`, { headers: { authorization } })).json()) as { total_clicks: number }).total_clicks;
    const hotBefore = await linkTotal(fixture.hot.id);
    const hotFrom = live.clicks.length;
    const loadStarted = now();
    const child = fork(fileURLToPath(new URL('./live-load.mjs', import.meta.url)), [
      JSON.stringify({ url: `${server.baseUrl}/${fixture.hot.code}`, connections: CONNECTIONS, duration: DURATION, userAgent: UA }),
    ]);
    const loadDone = new Promise<{ answered: number[]; rps: number; p50: number; p99: number; redirects: number; errors: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as never));
      child.once('exit', (code) => reject(new Error(`The load process exited with ${code} before reporting`)));
    });
    loadDone.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
    await sleep(2000); // let the load reach full speed
    const loaded = await series(Number.POSITIVE_INFINITY, loadStarted + (DURATION - 1) * 1000);
    const load = await loadDone;
    await sleep(1000);

    // The hot link's own pushes: each is the first to show some answered redirects; its
    // staleness is its arrival minus the answer time of the oldest of those.
    const hotPushes = live.clicks.slice(hotFrom).filter((c) => c.message.url_id === fixture.hot.id);
    const ages: number[] = [];
    let shown = 0;
    for (const push of hotPushes) {
      const total = push.message.total_clicks - hotBefore;
      if (total > shown && shown < load.answered.length) ages.push(push.at - load.answered[shown]!);
      shown = Math.max(shown, total);
    }
    live.close();

    const row = (name: string, results: typeof idle, target: boolean) => {
      const ok = results.filter((r): r is NonNullable<typeof r> => r !== null);
      const lat = ok.map((r) => r.latency);
      const p99 = percentile(lat, 99);
      const lost = results.length - ok.length;
      const verdict = target ? `p99 < ${TARGET_P99} ms: ${p99 < TARGET_P99 && lost === 0 ? 'met' : `missed by ${fmt(p99 - TARGET_P99)} ms`}` : '';
      return `| ${name} | ${ok.length} | ${fmt(percentile(lat, 50), 1)} | ${fmt(p99, 1)} | ${fmt(Math.max(...lat), 1)} | ${fmt(
        percentile(
          ok.map((r) => r.answer),
          50,
        ),
        1,
      )} | ${lost} | ${verdict} |`;
    };
    console.log(
      `\nBackground load: autocannon, ${CONNECTIONS} connections, ${DURATION} s on the hot link ${fixture.hot.code}: ${fmt(load.rps)} redirects/s, p50 ${fmt(load.p50)} ms, p99 ${fmt(load.p99)} ms, ${fmt(load.redirects)} answered, ${load.errors} errors`,
    );
    console.log(`Probes: one click every ${PROBE_MS} ms on the owner's quiet link ${fixture.probe.code}; latency = push arrival − 302 arrival (same clock)\n`);
    console.log('| run | probes | p50 ms | p99 ms | max ms | probe 302 p50 ms | no push within 5 s | target |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(row('baseline: no other traffic', idle, false));
    console.log(row(`while redirects run at full speed (${fmt(load.rps)}/s)`, loaded, true));
    console.log(
      `\nHot link's own pushes during the load: ${hotPushes.length} in ${fmt((now() - loadStarted) / 1000, 1)} s (coalesced to one per ${COALESCE_MS} ms per link); ` +
        `age of the oldest redirect each push first showed: p50 ${fmt(percentile(ages, 50), 1)} ms, p99 ${fmt(percentile(ages, 99), 1)} ms (includes the coalescing wait)`,
    );
  } finally {
    await server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
