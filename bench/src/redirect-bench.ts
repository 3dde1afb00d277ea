import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort } from '@linkledger/services/testing/server-process.ts';
import { startDnsTestServer, type DnsTestServer } from '@linkledger/services/domains/dns/testing/dns-test-server.ts';
import { commitFloor, storeThroughput } from './redirects/append-floor.ts';
import { cpuMeter, cpuMicros } from './redirects/process-cpu.ts';
import { projectionsCaughtUp, startProduct, type Layout, type Product } from './redirects/product.ts';
import { inTurn, manyLinks } from './redirects/requests-in-turn.ts';
import { giveControls, passwordControls, smartControls } from './redirects/smart-places.ts';

/**
 * `npm run bench`: the real redirect (every click durable before the 302) against a bare
 * Node server answering the same 302, measured in the same run with the same load
 * generator, in each sync mode and at each connection count, with the CPU each process
 * spends per redirect; then checks that every answered redirect is in the log, and measures
 * the floors: a bare server that appends each click durably and does nothing else (in the
 * same runs), and what committing the same clicks costs with no HTTP at all.
 * DURATION=seconds per run (10), CONNECTIONS (10,32,100), EVENTS_SYNC (FULL,NORMAL),
 * PLACES (plain; host and trai add a custom domain and a TRAI header, smart and password
 * smart links), ROLE (unset: the
 * product as `npm start` runs it, an HTTP process and a projector process; all: one process).
 */
const DURATION = Number(process.env['DURATION'] ?? 10);
const CONNECTIONS = (process.env['CONNECTIONS'] ?? '10,32,100').split(',').map(Number);
const MODES = (process.env['EVENTS_SYNC'] ?? 'FULL,NORMAL').split(',').map((mode) => {
  const upper = mode.trim().toUpperCase();
  if (upper !== 'FULL' && upper !== 'NORMAL') throw new Error(`EVENTS_SYNC must be FULL, NORMAL or FULL,NORMAL (got ${mode})`);
  return upper;
});
/**
 * Where the measured link is served (docs/domains.md#serving): `plain` /{code} on our host,
 * `host` /{code} on a verified custom domain named by the Host header, `trai` /{HEADER}/{code};
 * `spread`: /{code} over LINKS links (1,000), each request the next link in turn, so that no
 * two clicks of a commit share a link (the other places click one link); `smart`: /{code} of a
 * link with 5 targeting rules (none holds for the bench's visitor), a 2-way A/B split and an
 * expiry ahead (docs/links.md#smart-links); `password`: /{code} of a password link without
 * its cookie, answered with the password page (no click); `utm`: /{code} of a link with three
 * UTM parameters added to its destination.
 */
const PLACE_NAMES = ['plain', 'host', 'trai', 'spread', 'smart', 'password', 'utm'] as const;
const PLACES = (process.env['PLACES'] ?? 'plain').split(',').map((place) => {
  const name = PLACE_NAMES.find((known) => known === place.trim());
  if (!name) throw new Error(`PLACES must list ${PLACE_NAMES.join(', ')} (got ${place})`);
  return name;
});
/** Places answered with a page instead of a redirect: no click is recorded. */
const PAGE_PLACES: ReadonlySet<string> = new Set(['password']);
const SPREAD_LINKS = Number(process.env['LINKS'] ?? 1000);
// ROLE=all-tsx: one process under the TypeScript loader, as `npm start` ran before the server was compiled ahead.
const LAYOUTS: Record<string, Layout> = { '': 'supervised', all: 'all', 'all-tsx': 'all-tsx' };
const LAYOUT: Layout = (() => {
  const layout = LAYOUTS[process.env['ROLE'] ?? ''];
  if (!layout) throw new Error(`ROLE must be unset (the supervised pair, as npm start runs it), all or all-tsx (got ${process.env['ROLE']})`);
  return layout;
})();
const SINGLE = LAYOUT !== 'supervised';
const BENCH_DOMAIN = 'go.bench.in';
const BENCH_HEADER = 'BENCH1';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const DESTINATION = 'https://example.com/landing';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Redirects answered in the measured run. */
  answered: number;
  /** …and in its warm-up, which the product logs too. */
  warmUpAnswered: number;
  errors: number;
  /** CPU per answered request, µs, by process (plus the load generator, this process). */
  cpu: Record<string, number>;
}

/**
 * Load on one URL; `page`: the answer is a page (the password page's 401, or a 200), not a
 * redirect, and any other status is an error.
 */
async function load(url: string, connections: number, pids: Record<string, number>, host?: string, paths?: readonly string[], page = false): Promise<Figures> {
  const headers = { 'user-agent': UA, ...(host ? { host } : {}) };
  // Warm-up, not measured: JIT, caches and connection set-up.
  const warmUp = await autocannon({ url, connections, duration: 2, headers, ...inTurn(paths, connections) });
  const meter = cpuMeter(pids);
  const loadGenerator = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: DURATION, headers, ...inTurn(paths, connections) });
  const used = meter();
  const generator = process.cpuUsage(loadGenerator);
  const answered = page ? result['2xx'] + result['4xx'] : result['3xx'];
  const warmUpAnswered = page ? warmUp['2xx'] + warmUp['4xx'] : warmUp['3xx'];
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const cpu: Record<string, number> = { 'load generator': (generator.user + generator.system) / answered };
  for (const [name, micros] of Object.entries(used)) cpu[name] = micros / answered;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered,
    warmUpAnswered,
    errors: page ? result.errors + responses - answered : result.errors + result.non2xx - answered,
    cpu,
  };
}

/** A server of bench/src (bare-server.ts, durable-bare-server.ts) in its own process, on a free port. */
async function startServer(script: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env, PORT: String(port), LOCATION: DESTINATION },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/abc1234`,
    pid: child.pid!,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

interface Server {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

async function post<T>(url: string, body: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', body, headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Signs up the super admin and makes the links to measure, one per place. */
async function prepare(product: Product, dns: DnsTestServer, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const json = { 'content-type': 'application/json' };
  const user = await post<{ id: number }>(`${product.baseUrl}/api/register`, JSON.stringify({ email, password: 'benchmark' }), json);
  const { access_token } = await post<{ access_token: string }>(`${product.baseUrl}/api/token`, `username=${encodeURIComponent(email)}&password=benchmark`, {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const signedIn = { ...json, authorization: `Bearer ${access_token}` };
  const call = <T>(path: string, body: unknown = {}) => post<T>(`${product.baseUrl}${path}`, JSON.stringify(body), signedIn);
  const linkOn = (placement: Record<string, string>) => call<{ id: number; short_code: string }>('/api/urls', { original_url: DESTINATION, ...placement });
  const targets: Partial<Record<(typeof PLACES)[number], { path: string; host: string | undefined; paths?: string[] }>> = {};
  targets.plain = { path: `/${(await linkOn({})).short_code}`, host: undefined };
  if (PLACES.includes('host') || PLACES.includes('trai') || PLACES.includes('spread')) {
    // The first account is the super admin: it puts itself on Enterprise, which has domains, headers and links enough.
    await call(`/api/admin/users/${user.id}/change-plan`, { plan_type: 'enterprise' });
  }
  if (PLACES.includes('spread')) {
    const paths = await manyLinks(SPREAD_LINKS, () => linkOn({}));
    targets.spread = { path: paths[0]!, host: undefined, paths };
  }
  if (PLACES.includes('host')) {
    const domain = await call<{ id: number; dns_token: string }>('/api/custom-domains', { domain: BENCH_DOMAIN });
    dns.set(`_linkledger-verify.${BENCH_DOMAIN}`, 'TXT', [domain.dns_token]);
    dns.set(BENCH_DOMAIN, 'A', ['127.0.0.1']);
    await call(`/api/custom-domains/${domain.id}/verify`);
    targets.host = { path: `/${(await linkOn({ custom_domain: BENCH_DOMAIN })).short_code}`, host: BENCH_DOMAIN };
  }
  // Smart links are made plain, then given their controls in the log before any visit.
  if (PLACES.includes('smart')) {
    const link = await linkOn({});
    await giveControls(dataDir, { id: link.id, ownerId: user.id }, smartControls(DESTINATION, new Date()));
    targets.smart = { path: `/${link.short_code}`, host: undefined };
    // The measured visitor must fall through the rules to the split, or the place measures something else.
    const probe = await fetch(`${product.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': UA } });
    if (!/[?&]variant=[ab]$/.test(probe.headers.get('location') ?? ''))
      throw new Error(`the smart link answered ${probe.status} to ${probe.headers.get('location')}, not a variant`);
  }
  if (PLACES.includes('utm')) {
    // The destination gains the link's UTM parameters, worked out once when the link is cached (docs/links.md#utm-parameters).
    const link = await linkOn({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring sale' });
    targets.utm = { path: `/${link.short_code}`, host: undefined };
    const probe = await fetch(`${product.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': UA } });
    if (!probe.headers.get('location')?.includes('utm_campaign=spring'))
      throw new Error(`the UTM link answered ${probe.status} to ${probe.headers.get('location')}, without its UTM parameters`);
  }
  if (PLACES.includes('password')) {
    const link = await linkOn({});
    await giveControls(dataDir, { id: link.id, ownerId: user.id }, await passwordControls());
    targets.password = { path: `/${link.short_code}`, host: undefined };
  }
  if (PLACES.includes('trai')) {
    const header = await call<{ id: number }>('/api/custom-domains/trai', { header: BENCH_HEADER, domain_type: 'our_domain' });
    // A header on our host serves only once an administrator approves it; the super admin does.
    await call(`/api/admin/trai-approvals/${header.id}/approve`);
    targets.trai = { path: `/${BENCH_HEADER}/${(await linkOn({ trai_header: BENCH_HEADER })).short_code}`, host: undefined };
  }
  return { targets, token: access_token };
}

/** The product in one sync mode against the bare server, run by run at each connection count and place. */
async function redirects(dir: string, mode: 'FULL' | 'NORMAL', bare: Server, dns: DnsTestServer) {
  const dataDir = join(dir, `data-${mode}`);
  // The load comes from one address: the per-address limit is off to measure the redirect path itself.
  const product = await startProduct(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENTS_SYNC: mode, REDIRECT_RATE_PER_IP: '0', DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: '127.0.0.1' },
    LAYOUT,
  );
  let floor: Server | undefined;
  try {
    floor = await startServer('./durable-bare-server.ts', { EVENTS_SYNC: mode, EVENTS_FILE: join(dir, `floor-${mode}.db`) });
    const { targets, token } = await prepare(product, dns, dataDir);
    const rows: { connections: number; place: string; bare: Figures; floor: Figures; real: Figures }[] = [];
    const barePaths = targets.spread?.paths;
    let answered = 0;
    const projectorCpu = product.pids['projector'] ? cpuMicros(product.pids['projector']) : 0;
    for (const connections of CONNECTIONS) {
      // Bare and product back to back, so both see the same machine (it may be shared).
      const oneLink = PLACES.some((place) => place !== 'spread');
      const baseline = oneLink ? await load(bare.url, connections, { 'bare server': bare.pid }) : null;
      const floorBaseline = oneLink ? await load(floor.url, connections, { 'durable bare server': floor.pid }) : null;
      for (const place of PLACES) {
        const target = targets[place]!;
        // The bare servers answer any path: spread runs give them the same requests.
        const spread = place === 'spread';
        const against = spread ? await load(bare.url, connections, { 'bare server': bare.pid }, undefined, barePaths) : baseline!;
        const floorFigures = spread ? await load(floor.url, connections, { 'durable bare server': floor.pid }, undefined, barePaths) : floorBaseline!;
        const page = PAGE_PLACES.has(place);
        const real = await load(`${product.baseUrl}${target.path}`, connections, product.pids, target.host, target.paths, page);
        // A page records no click: only redirects are checked against the log.
        if (!page) answered += real.answered + real.warmUpAnswered;
        rows.push({ connections, place, bare: against, floor: floorFigures, real });
      }
    }
    const catchUpMs = await projectionsCaughtUp(product.baseUrl, token);
    const projectorTotal = product.pids['projector'] ? (cpuMicros(product.pids['projector']) - projectorCpu) / answered : null;
    return { rows, answered, dataDir, catchUpMs, projectorTotal };
  } finally {
    await Promise.all([product.kill('SIGTERM'), floor?.stop()]);
  }
}

function clicksInLog(dataDir: string): number {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true });
  try {
    return db.prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'Clicked'").get()?.n ?? 0;
  } finally {
    db.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-bench-'));
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`);
  console.log(`Load: autocannon in this process, ${DURATION} s per run after 2 s warm-up; servers in their own processes.`);
  console.log(
    `Product: ${SINGLE ? `one process (ROLE=all${LAYOUT === 'all-tsx' ? ', under tsx' : ', compiled'})` : 'as npm start runs it: an HTTP process (ROLE=api) and a projector process (ROLE=projector) under the supervisor'}.`,
  );
  console.log('Per-address redirect limit off (REDIRECT_RATE_PER_IP=0): all load comes from 127.0.0.1 (npm run bench:flood measures the limit).\n');
  const bare = await startServer('./bare-server.ts');
  const dns = await startDnsTestServer();
  const runs: (Awaited<ReturnType<typeof redirects>> & { mode: string; logged: number })[] = [];
  try {
    for (const mode of MODES) {
      const run = await redirects(dir, mode, bare, dns);
      runs.push({ ...run, mode, logged: clicksInLog(run.dataDir) });
    }
  } finally {
    await bare.stop();
    await dns.close();
  }

  console.log('Redirects (302; the product appends each click durably before answering, see README, EVENTS_SYNC)\n');
  console.log("CPU per redirect is each process's CPU time (every thread, user + system) over the run, divided by the redirects answered in it.\n");
  if (PLACES.includes('password'))
    console.log('The password place answers the password page (a 401 page, no click), not a redirect: its rows count those pages.\n');
  const processes = SINGLE ? ['all'] : ['api', 'projector'];
  console.log(
    `| sync | place | connections | bare Node req/s | Linkledger req/s | ratio | Linkledger p50 / p99 ms | errors | CPU µs/redirect: ${processes.join(' + ')} | bare server µs/req | load generator µs/req (bare / Linkledger) |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const run of runs) {
    for (const { connections, place, bare: baseline, real } of run.rows) {
      const own = processes.map((name) => fmt(real.cpu[name] ?? 0, 1)).join(' + ');
      console.log(
        `| ${run.mode} | ${place} | ${connections} | ${fmt(baseline.rps)} | ${fmt(real.rps)} | **${fmt(real.rps / baseline.rps, 2)}** | ${fmt(real.p50)} / ${fmt(real.p99)} | ${real.errors} | ${own} | ${fmt(baseline.cpu['bare server']!, 1)} | ${fmt(baseline.cpu['load generator']!, 1)} / ${fmt(real.cpu['load generator']!, 1)} |`,
      );
    }
  }
  console.log(
    '\nThe floor in the same run: the bare server that also appends each click to the event store before answering, as the product does, and nothing else (bench/src/durable-bare-server.ts)\n',
  );
  console.log(
    '| sync | place | connections | bare Node req/s | durable bare req/s | its ratio: the floor | errors | durable bare CPU µs/req | Linkledger ratio | Linkledger / floor |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const run of runs) {
    for (const { connections, place, bare: baseline, floor, real } of run.rows) {
      console.log(
        `| ${run.mode} | ${place} | ${connections} | ${fmt(baseline.rps)} | ${fmt(floor.rps)} | **${fmt(floor.rps / baseline.rps, 2)}** | ${floor.errors} | ${fmt(floor.cpu['durable bare server']!, 1)} | ${fmt(real.rps / baseline.rps, 2)} | ${fmt(real.rps / floor.rps, 2)} |`,
      );
    }
  }
  console.log('');
  let missing = false;
  for (const run of runs) {
    const complete = run.logged >= run.answered;
    missing ||= !complete;
    console.log(
      `${run.mode}: ${fmt(run.logged)} clicks in the log for ${fmt(run.answered)} redirects answered (warm-ups included): ${complete ? 'every answered redirect is in the log' : `**${fmt(run.answered - run.logged)} ANSWERED REDIRECTS MISSING FROM THE LOG**`}.` +
        ` Projections caught up ${fmt(run.catchUpMs / 1000, 1)} s after the last run` +
        (run.projectorTotal === null ? '.' : `; the projector process spent ${fmt(run.projectorTotal, 1)} µs of CPU per click over all runs and the catch-up.`),
    );
  }

  console.log(
    "\nThe floor: the product's commit of the same clicks on one thread, no HTTP (SQLite WAL, synchronous=NORMAL, plus the WAL's fdatasync after each commit where FULL)\n",
  );
  console.log('| clicks per commit | WAL synced | CPU µs per click | clicks/s |');
  console.log('| --- | --- | --- | --- |');
  for (const row of await commitFloor(dir))
    console.log(`| ${row.perCommit} | ${row.synced ? 'yes (FULL)' : 'no (NORMAL)'} | ${fmt(row.cpuMicrosPerClick, 1)} | ${fmt(row.clicksPerSecond)} |`);
  console.log('\nThe event store itself (group commit, the WAL synced from the thread pool), appenders each waiting for its click\n');
  console.log('| sync | appenders | clicks/s | CPU µs per click |');
  console.log('| --- | --- | --- | --- |');
  for (const mode of ['FULL', 'NORMAL'] as const) {
    for (const inFlight of [1, 32, 100]) {
      const figures = await storeThroughput(dir, mode, inFlight, inFlight === 1 ? 3_000 : 50_000);
      console.log(`| ${mode} | ${inFlight} | ${fmt(figures.clicksPerSecond)} | ${fmt(figures.cpuMicrosPerClick, 1)} |`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (missing) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
