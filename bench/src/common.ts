import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Where the generator wrote its data set, unless --data-dir or DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = join(tmpdir(), 'linkledger-bench-data');

export interface LinkRef {
  id: number;
  code: string;
  /** Clicks written for it, bots included, and the human ones among them. */
  clicks: number;
  human: number;
}

/** What the generator leaves beside the data for the benchmarks: who to sign in as, which links to ask about. */
export interface Fixture {
  generatedAt: string;
  seed: number;
  users: number;
  links: number;
  clicks: number;
  events: number;
  head: number;
  password: string;
  owner: { id: number; email: string; links: number };
  admin: { id: number; email: string };
  /** The most clicked link (the owner's). */
  hot: LinkRef;
  /** A long-tail link of the owner's, created before the click window. */
  tail: LinkRef;
  /** The owner's least clicked link: the live benchmark's probe. */
  probe: LinkRef;
  seconds: { write: number; projections: number };
}

export const FIXTURE_FILE = 'bench-fixture.json';

export function writeFixture(dataDir: string, fixture: Fixture): void {
  writeFileSync(join(dataDir, FIXTURE_FILE), `${JSON.stringify(fixture, null, 2)}\n`);
}

export function readFixture(dataDir: string): Fixture {
  const file = join(dataDir, FIXTURE_FILE);
  if (!existsSync(file)) throw new Error(`No ${file}: generate a data set first (npm run generate -- --data-dir ${dataDir}).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

/** The data directory of a benchmark: --data-dir, else DATA_DIR, else the generator's default. */
export function dataDirArg(options: Record<string, { type: 'string' | 'boolean' }> = {}) {
  const parsed = parseArgs({ options: { 'data-dir': { type: 'string' }, ...options }, strict: true, allowPositionals: false });
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? process.env['DATA_DIR'] ?? DEFAULT_DATA_DIR);
  return { dataDir, values };
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`;
}

/** A size in kB that /proc/{pid}/{file} reports on the line `pattern` matches, in MiB (Linux). */
function procMiB(pid: number, file: string, pattern: RegExp): number {
  return Number(pattern.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
}

/** Resident memory of a process in MiB. */
export const rssMiB = (pid: number) => procMiB(pid, 'status', /VmRSS:\s+(\d+)/);

/**
 * A process's proportional set size in MiB: pages shared with other processes (the Node binary,
 * shared libraries) count once in the sum over the processes that share them, where resident
 * sizes would count them in each.
 */
export const pssMiB = (pid: number) => procMiB(pid, 'smaps_rollup', /^Pss:\s+(\d+)/m);

/** Signs in through the API as a person would, returning the bearer header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ authorization: string; token: string }> {
  const response = await fetch(`${baseUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}`, token: access_token };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One read call of a latency benchmark; a floor is a baseline measured in the same run. */
export interface TimedCall {
  name: string;
  path: string;
  /** Another server than the product's HTTP port (the analysts' endpoint, say). */
  baseUrl?: string;
  headers?: Record<string, string>;
  floor?: boolean;
  /** The p50 the call must stay under, in ms. */
  target?: number;
}

/** Calls a path once: its time in ms and its body; a failed answer stops the benchmark. */
export async function timedCall(baseUrl: string, call: Pick<TimedCall, 'path' | 'headers' | 'baseUrl'>): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(`${call.baseUrl ?? baseUrl}${call.path}`, { headers: call.headers ?? {} });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${call.path}: ${response.status} ${body}`);
  return { ms, body };
}

/**
 * Runs the calls sequentially, interleaved round by round (a noisy neighbour hurts every row
 * alike), after warm-up rounds, and prints p50/p99/mean per call with its target's verdict.
 */
export async function measureCalls(baseUrl: string, calls: readonly TimedCall[], iterations: number, warmup: number): Promise<void> {
  const timings = new Map<string, number[]>(calls.map((c) => [c.name, []]));
  for (let i = 0; i < warmup; i++) for (const c of calls) await timedCall(baseUrl, c);
  for (let i = 0; i < iterations; i++) for (const c of calls) timings.get(c.name)!.push((await timedCall(baseUrl, c)).ms);
  console.log(`\n${iterations} sequential calls each after ${warmup} warm-up rounds, interleaved; server: its own process (npm start's entry)\n`);
  console.log('| call | p50 ms | p99 ms | mean ms | target |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const c of calls) {
    const t = timings.get(c.name)!;
    const p50 = percentile(t, 50);
    const verdict = c.target === undefined ? '' : `p50 < ${c.target} ms: ${p50 < c.target ? 'met' : `missed by ${fmt(p50 - c.target, 1)} ms`}`;
    console.log(`| ${c.name} | ${fmt(p50, 1)} | ${fmt(percentile(t, 99), 1)} | ${fmt(t.reduce((a, b) => a + b, 0) / t.length, 1)} | ${verdict} |`);
  }
}
