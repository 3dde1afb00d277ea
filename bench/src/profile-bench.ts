import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_OPTIONS, serverEntry } from '@linkledger/services/supervisor/server-bundle.mjs';
import { startCompiledServerProcess } from '@linkledger/services/testing/server-process.ts';
import { summarizeProfile } from './redirects/cpu-profile.ts';
import { cpuMeter } from './redirects/process-cpu.ts';
import { projectionsCaughtUp } from './redirects/product.ts';
import { inTurn, manyLinks } from './redirects/requests-in-turn.ts';

/**
 * `npm run bench:profile`: where the redirect process's main thread spends its time. The
 * HTTP process runs under V8's CPU profiler while autocannon sends redirects at a fixed rate
 * (RATE per second, 6000; DURATION s, 10; CONNECTIONS, 32), after a warm-up; the time is
 * summed by area. ROLE=api (default) profiles the HTTP process beside a projector process,
 * as `npm start` runs them; ROLE=all profiles one process that also runs the projectors.
 * With ROLE=api the projector process is profiled too. Each process's CPU per click (from
 * /proc, every thread) is reported for the run and, for the projector, through its catch-up
 * after it; PROFILE=0 measures that without the profiler's own cost (an A/B of two commits
 * at the same rate). LINKS=n (1) clicks n links in turn (see PLACES=spread in redirect-bench.ts).
 * `-- --summarize FILE` summarizes a profile taken earlier the same way.
 */
const RATE = Number(process.env['RATE'] ?? 6000);
const DURATION = Number(process.env['DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 32);
const ROLE = process.env['ROLE'] ?? 'api';
const SYNC = process.env['EVENTS_SYNC'] ?? 'FULL';
/** PROFILE=0: no profiler, only the CPU each process spends per click (the profiler's own cost left out). */
const PROFILE = process.env['PROFILE'] !== '0';
const LINKS = Number(process.env['LINKS'] ?? 1);
if (ROLE !== 'api' && ROLE !== 'all') throw new Error(`ROLE must be api or all (got ${ROLE})`);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

async function main() {
  // `-- --summarize FILE.cpuprofile`: the same summary of a profile taken earlier.
  const summarize = process.argv.indexOf('--summarize');
  if (summarize !== -1) return console.log(summarizeProfile(JSON.parse(readFileSync(process.argv[summarize + 1]!, 'utf8'))));
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-profile-'));
  const profiles = join(dir, 'profiles');
  const env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn', EVENTS_SYNC: SYNC, REDIRECT_RATE_PER_IP: '0' };
  // Compiled ahead, as `npm start` runs it; the profile's lines are the build's (services/dist).
  const entry = await serverEntry();
  let projector: ReturnType<typeof spawn> | null = null;
  if (ROLE === 'api') {
    const profiling = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'projector-profiles')}`] : [];
    projector = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...profiling, entry], {
      cwd: ROOT,
      env: { ...process.env, ...env, ROLE: 'projector' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => projector!.stdout!.once('data', () => resolve()));
  }
  const product = await startCompiledServerProcess(entry, { ...env, ROLE }, 60_000, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : []);
  try {
    const json = { 'content-type': 'application/json' };
    const email = `profile-${Date.now()}@example.com`;
    await fetch(`${product.baseUrl}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'benchmark' }) });
    const token = (await (
      await fetch(`${product.baseUrl}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=${encodeURIComponent(email)}&password=benchmark`,
      })
    ).json()) as { access_token: string };
    const signedIn = { ...json, authorization: `Bearer ${token.access_token}` };
    if (LINKS > 1) {
      // The first account is the super admin: Enterprise has links enough for LINKS.
      const me = (await (await fetch(`${product.baseUrl}/api/users/me`, { headers: signedIn })).json()) as { id: number };
      await fetch(`${product.baseUrl}/api/admin/users/${me.id}/change-plan`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({ plan_type: 'enterprise' }),
      });
    }
    const paths = await manyLinks(LINKS, async () => {
      const response = await fetch(`${product.baseUrl}/api/urls`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({ original_url: 'https://example.com/landing' }),
      });
      if (!response.ok) throw new Error(`POST /api/urls: ${response.status} ${await response.text()}`);
      return (await response.json()) as { short_code: string };
    });
    const url = `${product.baseUrl}${paths[0]}`;
    const spread = inTurn(LINKS > 1 ? paths : undefined, CONNECTIONS);
    const caughtUp = () => projectionsCaughtUp(product.baseUrl, token.access_token);
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { 'user-agent': UA }, overallRate: RATE, ...spread });
    await caughtUp();
    const pids: Record<string, number> = { [ROLE]: product.pid, ...(projector ? { projector: projector.pid! } : {}) };
    const meter = cpuMeter(pids);
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'user-agent': UA }, overallRate: RATE, ...spread });
    const during = meter();
    await caughtUp();
    const through = meter();
    const clicks = result['3xx'];
    console.log(
      `ROLE=${ROLE}, EVENTS_SYNC=${SYNC}: ${clicks} redirects${LINKS > 1 ? ` over ${LINKS} links in turn` : ''} at ${Math.round(result.requests.average)}/s (asked ${RATE}/s, ${CONNECTIONS} connections) after a 2 s warm-up${PROFILE ? ', under the profiler' : ''}`,
    );
    const perClick = (micros: number) => (micros / clicks).toFixed(1);
    for (const name of Object.keys(pids)) {
      // The HTTP process only answers the catch-up's polls meanwhile.
      const catchUp = name === 'api' ? '' : `, ${perClick(through[name]!)} with the projections' catch-up after it`;
      console.log(`CPU per click, process ${name} (every thread): ${perClick(during[name]!)} µs during the run${catchUp}`);
    }
    console.log('');
  } finally {
    await product.kill('SIGTERM');
    if (projector) {
      const exited = new Promise((resolve) => projector!.once('exit', resolve));
      projector.kill('SIGTERM');
      await exited;
    }
  }
  if (!PROFILE) return rmSync(dir, { recursive: true, force: true });
  // The main thread's profile is the largest of the process's (workers write their own).
  const [main] = readdirSync(profiles)
    .map((name) => join(profiles, name))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length);
  console.log(summarizeProfile(JSON.parse(readFileSync(main!, 'utf8'))));
  if (projector) {
    const [projectorMain] = readdirSync(join(dir, 'projector-profiles'))
      .map((name) => join(dir, 'projector-profiles', name))
      .sort((a, b) => readFileSync(b).length - readFileSync(a).length);
    console.log('\nThe projector process:\n');
    console.log(summarizeProfile(JSON.parse(readFileSync(projectorMain!, 'utf8')), 30));
  }
  // KEEP_PROFILES=1 leaves the .cpuprofile files for a closer look (Chromium's DevTools, or --summarize).
  if (process.env['KEEP_PROFILES']) console.log(`\nProfiles kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
