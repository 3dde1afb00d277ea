import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort, startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { SqliteEventStore } from '@linkledger/services/stores/events/sqlite-event-store.ts';
import { startDnsTestServer, type DnsTestServer } from '@linkledger/services/domains/dns/testing/dns-test-server.ts';

/**
 * `npm run bench`: the real redirect (every click durable before the 302) against a bare
 * Node server answering the same 302, measured in the same run with the same load
 * generator, on our host, on a custom domain by Host and under a TRAI header (PLACES), plus
 * the event store's append throughput. DURATION=seconds per run (10).
 */
const DURATION = Number(process.env['DURATION'] ?? 10);
const CONNECTIONS = (process.env['CONNECTIONS'] ?? '10,100').split(',').map(Number);
/** EVENTS_SYNC=FULL (the product's default), NORMAL, or FULL,NORMAL for both in one run. */
const MODES = (process.env['EVENTS_SYNC'] ?? 'FULL').split(',').map((mode) => {
  const upper = mode.trim().toUpperCase();
  if (upper !== 'FULL' && upper !== 'NORMAL') throw new Error(`EVENTS_SYNC must be FULL, NORMAL or FULL,NORMAL (got ${mode})`);
  return upper;
});
/**
 * Where the measured link is served (docs/domains.md#serving): `plain` /{code} on our host,
 * `host` /{code} on a verified custom domain named by the Host header, `trai` /{HEADER}/{code}.
 */
const PLACES = (process.env['PLACES'] ?? 'plain,host,trai').split(',').map((place) => {
  const name = place.trim();
  if (name !== 'plain' && name !== 'host' && name !== 'trai') throw new Error(`PLACES must list plain, host and/or trai (got ${place})`);
  return name;
});
const BENCH_DOMAIN = 'go.bench.in';
const BENCH_HEADER = 'BENCH1';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const DESTINATION = 'https://example.com/landing';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  answered: number;
  errors: number;
}

async function load(url: string, connections: number, host?: string): Promise<Figures> {
  const headers = { 'user-agent': UA, ...(host ? { host } : {}) };
  // Warm-up, not measured: JIT, caches and connection set-up.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered: result['3xx'],
    errors: result.errors + result.non2xx - result['3xx'],
  };
}

async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bare-server.ts', import.meta.url))], {
    env: { ...process.env, PORT: String(port), LOCATION: DESTINATION },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/abc1234`, stop: () => child.kill('SIGTERM') };
}

async function post<T>(url: string, body: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', body, headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function appendThroughput(dir: string) {
  const store = new SqliteEventStore(join(dir, 'append-bench.db'), { synchronous: 'FULL' });
  const metadata = { actor: { kind: 'visitor' as const, id: 'bench' }, correlation_id: 'b', causation_id: 'b', at: new Date().toISOString() };
  const event = () => ({ id: randomUUID(), type: 'Clicked', version: 1, data: { link_id: 1, n: 1 }, metadata });
  const concurrent = async (total: number, inFlight: number) => {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next++ < total) await store.append([{ stream: `clicks-${next % 100}`, expected: 'any', events: [event()] }]);
      }),
    );
    return total / ((performance.now() - started) / 1000);
  };
  const one = await concurrent(2_000, 1);
  const grouped = await concurrent(100_000, 256);
  await store.close();
  return { one, grouped };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The product in one sync mode against the bare server, run by run at each connection count and place. */
async function redirects(dir: string, mode: 'FULL' | 'NORMAL', bare: { url: string }, dns: DnsTestServer) {
  const dataDir = join(dir, `data-${mode}`);
  // The load comes from one address: the per-address limit is off to measure the redirect path itself.
  const product = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    EVENTS_SYNC: mode,
    REDIRECT_RATE_PER_IP: '0',
    DNS_SERVERS: dns.address,
    DOMAIN_TARGET_IPS: '127.0.0.1',
  });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    const user = await post<{ id: number }>(`${product.baseUrl}/api/register`, JSON.stringify({ email, password: 'benchmark' }), json);
    const { access_token } = await post<{ access_token: string }>(`${product.baseUrl}/api/token`, `username=${encodeURIComponent(email)}&password=benchmark`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const signedIn = { ...json, authorization: `Bearer ${access_token}` };
    const call = <T>(path: string, body: unknown = {}) => post<T>(`${product.baseUrl}${path}`, JSON.stringify(body), signedIn);
    // The first account is the super admin: it puts itself on Pro, which has domains and headers.
    await call(`/api/admin/users/${user.id}/change-plan`, { plan_type: 'pro' });
    const domain = await call<{ id: number; dns_token: string }>('/api/custom-domains', { domain: BENCH_DOMAIN });
    dns.set(`_linkledger-verify.${BENCH_DOMAIN}`, 'TXT', [domain.dns_token]);
    dns.set(BENCH_DOMAIN, 'A', ['127.0.0.1']);
    await call(`/api/custom-domains/${domain.id}/verify`);
    await call('/api/custom-domains/trai', { header: BENCH_HEADER, domain_type: 'our_domain' });
    const linkOn = (placement: Record<string, string>) => call<{ short_code: string }>('/api/urls', { original_url: DESTINATION, ...placement });
    const targets = {
      plain: { path: `/${(await linkOn({})).short_code}`, host: undefined },
      host: { path: `/${(await linkOn({ custom_domain: BENCH_DOMAIN })).short_code}`, host: BENCH_DOMAIN },
      trai: { path: `/${BENCH_HEADER}/${(await linkOn({ trai_header: BENCH_HEADER })).short_code}`, host: undefined },
    };

    const rows: string[] = [];
    let answered = 0;
    for (const connections of CONNECTIONS) {
      // Bare and product back to back, so both see the same machine (it may be shared).
      const baseline = await load(bare.url, connections);
      for (const place of PLACES) {
        const real = await load(`${product.baseUrl}${targets[place].path}`, connections, targets[place].host);
        answered += real.answered;
        rows.push(
          `| ${mode} | ${place} | ${connections} | ${fmt(baseline.rps)} | ${fmt(baseline.p50)} / ${fmt(baseline.p99)} | ${fmt(real.rps)} | ${fmt(real.p50)} / ${fmt(real.p99)} | ${fmt(real.rps / baseline.rps, 2)} | ${real.errors} |`,
        );
      }
    }
    return { rows, answered, dataDir };
  } finally {
    await product.kill('SIGTERM');
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-bench-'));
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`);
  console.log(`Load: autocannon in this process, ${DURATION} s per run after 2 s warm-up; servers in their own processes.`);
  console.log('Per-address redirect limit off (REDIRECT_RATE_PER_IP=0): all load comes from 127.0.0.1, and this measures the unthrottled redirect path (npm run bench:flood measures the limit).\n');
  const bare = await startBare();
  const dns = await startDnsTestServer();
  const rows: string[] = [];
  const logged: string[] = [];
  try {
    for (const mode of MODES) {
      const run = await redirects(dir, mode, bare, dns);
      rows.push(...run.rows);
      const db = new Database(join(run.dataDir, 'events.db'), { readonly: true });
      const clicks = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'Clicked'").get()?.n ?? 0;
      db.close();
      logged.push(`${mode}: ${fmt(clicks)} clicks in the log (redirects answered in measured runs: ${fmt(run.answered)}, plus warm-ups)`);
    }
  } finally {
    bare.stop();
    await dns.close();
  }
  const modes = MODES.map((mode) => `synchronous=${mode}`).join(', then ');
  console.log(`Redirects (302; the product appends each click durably before answering: event log ${modes}; see README, EVENTS_SYNC)\n`);
  console.log('Places: plain = /{code} on our host; host = /{code} on a verified custom domain (Host header); trai = /{HEADER}/{code}.\n');
  console.log('| sync | place | connections | bare Node req/s | bare p50 / p99 ms | Linkledger req/s | Linkledger p50 / p99 ms | ratio | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log('');
  for (const line of logged) console.log(line);

  const append = await appendThroughput(dir);
  console.log('\nEvent store appends (SQLite, WAL, synchronous=FULL)\n');
  console.log('| mode | events/s |');
  console.log('| --- | --- |');
  console.log(`| one append at a time, each awaited | ${fmt(append.one)} |`);
  console.log(`| 256 concurrent appenders, group commit | ${fmt(append.grouped)} |`);
  console.log(`| group commit gain | ${fmt(append.grouped / append.one, 1)}× |`);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
