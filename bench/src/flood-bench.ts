import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startServerProcess } from '@linkledger/services/testing/server-process.ts';
import { fmt, machine, percentile } from './common.ts';

/**
 * `npm run bench:flood`: how much a flood of redirects from one address slows everyone
 * else's. The product runs with TRUST_PROXY=1; a probe sends redirects at a steady rate
 * (PROBE_RATE/s, each from one of 1,000 addresses in X-Forwarded-For) and measures their
 * latency, first alone, then while autocannon floods another link from one address at full
 * speed (FLOOD_CONNECTIONS connections, in its own process). Done with the per-address limit
 * at its default and with it off (REDIRECT_RATE_PER_IP=0), on fresh data directories.
 * DURATION=seconds measured per phase (10).
 */
const DURATION = Number(process.env['DURATION'] ?? 10);
const PROBE_RATE = Number(process.env['PROBE_RATE'] ?? 200);
const FLOOD_CONNECTIONS = Number(process.env['FLOOD_CONNECTIONS'] ?? 100);
const WARM_UP = 2;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FLOODER = '203.0.113.66';
/** What the limit promises other visitors: their p99 under a one-address flood stays within this. */
const BOUND = { factor: 3, ms: 10 };

interface FloodResult {
  total: number;
  redirected: number;
  refused: number;
  rps: number;
  errors: number;
}

/** The flood, run in a child process so it does not share the probe's event loop. */
async function flood(url: string, seconds: number): Promise<FloodResult> {
  const result = await autocannon({ url, connections: FLOOD_CONNECTIONS, duration: seconds, headers: { 'user-agent': UA, 'x-forwarded-for': FLOODER } });
  return {
    total: result.requests.total,
    redirected: result['3xx'],
    refused: result['4xx'],
    rps: result.requests.average,
    errors: result.errors + result['5xx'],
  };
}

function startFlood(url: string, seconds: number): Promise<FloodResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', url, String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as FloodResult) : reject(new Error(`flood exited with ${code}`)))),
  );
}

interface ProbeResult {
  sent: number;
  redirected: number;
  other: number;
  p50: number;
  p99: number;
  max: number;
}

/** Open loop: requests leave on schedule whether or not earlier ones have been answered. */
async function probe(url: string, seconds: number): Promise<ProbeResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let redirected = 0;
  let other = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const address = `198.18.${(n >> 8) & 3}.${n & 255}`; // 1,000 visitors, a fifth of a request per second each at 200/s
      const started = performance.now();
      const req = request(url, { agent, headers: { 'user-agent': UA, 'x-forwarded-for': address } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode === 302) redirected++;
          else other++;
          resolve();
        });
      });
      req.on('error', () => {
        other++;
        resolve();
      });
      req.end();
    });
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * PROBE_RATE);
    while (sent < due) {
      const p = one(sent++ % 1000);
      pending.add(p);
      void p.then(() => pending.delete(p));
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  return { sent, redirected, other, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: percentile(latencies, 100) };
}

async function post<T>(url: string, body: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', body, headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Run {
  label: string;
  quiet: ProbeResult;
  flooded: ProbeResult;
  flood: FloodResult;
  flooderClicks: number;
  probeClicks: number;
}

async function scenario(dir: string, label: string, env: Record<string, string>): Promise<Run> {
  const dataDir = join(dir, `data-${label.replace(/\W+/g, '-')}`);
  const product = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...env });
  try {
    const email = `flood-${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    await post(`${product.baseUrl}/api/register`, JSON.stringify({ email, password: 'benchmark' }), json);
    const { access_token } = await post<{ access_token: string }>(`${product.baseUrl}/api/token`, `username=${encodeURIComponent(email)}&password=benchmark`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const auth = { ...json, authorization: `Bearer ${access_token}` };
    const create = (destination: string) =>
      post<{ id: number; short_code: string }>(`${product.baseUrl}/api/urls`, JSON.stringify({ original_url: destination }), auth);
    const probeLink = await create('https://example.com/visitor');
    const floodLink = await create('https://example.com/flooded');
    const probeUrl = `${product.baseUrl}/${probeLink.short_code}`;

    await probe(probeUrl, WARM_UP); // warm-up, not measured
    const quiet = await probe(probeUrl, DURATION);
    // The flood starts first and runs through the probe's warm-up and measurement.
    const flooding = startFlood(`${product.baseUrl}/${floodLink.short_code}`, 2 * WARM_UP + DURATION);
    await new Promise((r) => setTimeout(r, WARM_UP * 1000));
    await probe(probeUrl, WARM_UP);
    const flooded = await probe(probeUrl, DURATION);
    const flood = await flooding;

    const db = new Database(join(dataDir, 'events.db'), { readonly: true });
    const count = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'Clicked' AND stream = ?");
    const flooderClicks = count.get(`clicks-${floodLink.id}`)?.n ?? 0;
    const probeClicks = count.get(`clicks-${probeLink.id}`)?.n ?? 0;
    db.close();
    return { label, quiet, flooded, flood, flooderClicks, probeClicks };
  } finally {
    await product.kill('SIGTERM');
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-flood-'));
  const rate = process.env['REDIRECT_RATE_PER_IP'] || '50';
  const burst = process.env['REDIRECT_BURST_PER_IP'] || '200';
  if (Number(rate) === 0)
    throw new Error('REDIRECT_RATE_PER_IP=0 here would measure no limit twice: leave it unset for the default (50), or give the limit to measure');
  console.log(`Machine: ${machine()}`);
  console.log(
    `Probe: ${PROBE_RATE} redirects/s, open loop, from 1,000 addresses (X-Forwarded-For, TRUST_PROXY=1); ${DURATION} s measured per phase after ${WARM_UP} s warm-up.`,
  );
  console.log(`Flood: autocannon in its own process, ${FLOOD_CONNECTIONS} connections at full speed from one address (${FLOODER}), on another link.`);
  console.log('Everything on this machine: the flood and the probe take CPU from the server too. Event log synchronous=FULL.\n');
  const runs: Run[] = [];
  try {
    runs.push(await scenario(dir, `limit ${rate}/s, burst ${burst}`, { REDIRECT_RATE_PER_IP: rate, REDIRECT_BURST_PER_IP: burst }));
    runs.push(await scenario(dir, 'limit off (REDIRECT_RATE_PER_IP=0)', { REDIRECT_RATE_PER_IP: '0' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log("Other visitors' redirects (probe), without and during the flood\n");
  console.log('| per-address limit | alone p50 / p99 ms | flooded p50 / p99 / max ms | p99 ratio | p99 added ms | probe not 302 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of runs) {
    console.log(
      `| ${r.label} | ${fmt(r.quiet.p50, 2)} / ${fmt(r.quiet.p99, 2)} | ${fmt(r.flooded.p50, 2)} / ${fmt(r.flooded.p99, 2)} / ${fmt(r.flooded.max, 1)} | ${fmt(r.flooded.p99 / r.quiet.p99, 1)}× | ${fmt(r.flooded.p99 - r.quiet.p99, 2)} | ${r.quiet.other + r.flooded.other} of ${fmt(r.quiet.sent + r.flooded.sent)} |`,
    );
  }
  console.log('\nThe flood (one address, whole run including warm-ups)\n');
  console.log('| per-address limit | requests | req/s | 302 | 429 (share) | errors | flooder clicks recorded |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of runs) {
    const f = r.flood;
    console.log(
      `| ${r.label} | ${fmt(f.total)} | ${fmt(f.rps)} | ${fmt(f.redirected)} | ${fmt(f.refused)} (${fmt((100 * f.refused) / Math.max(1, f.total), 1)} %) | ${f.errors} | ${fmt(r.flooderClicks)} |`,
    );
  }
  const limited = runs[0]!;
  const limit = Math.max(BOUND.factor * limited.quiet.p99, limited.quiet.p99 + BOUND.ms);
  const held = limited.flooded.p99 <= limit;
  console.log(
    `\nBound: with the limit on, other visitors' p99 during a one-address flood stays within ${BOUND.factor}× their unflooded p99 or ${BOUND.ms} ms above it, whichever is larger` +
      ` (here ${fmt(limit, 2)} ms): ${held ? 'held' : 'NOT held'} at ${fmt(limited.flooded.p99, 2)} ms.`,
  );
  console.log(`Probe clicks recorded: ${runs.map((r) => `${r.label}: ${fmt(r.probeClicks)}`).join('; ')} (every probe 302 is a durable click).`);
}

if (process.argv[2] === '--flood') {
  flood(process.argv[3]!, Number(process.argv[4])).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
