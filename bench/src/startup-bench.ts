import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@linkledger/services/testing/server-process.ts';
import { dataDirArg, fmt, machine, percentile, readFixture, rssMiB, signIn, sleep } from './common.ts';

/**
 * `npm run bench:startup [-- --data-dir DIR]`: start-up time (spawn → first 200 from
 * /api/health, polled every 20 ms) and resident memory of the server process (after start,
 * then after the dashboard's calls and the hot link's analytics), with the generated data
 * set loaded, beside the same on an empty data directory, REPEAT times each, alternating.
 * The server is started as `npm start` starts it (node --import tsx services/src/main.ts).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPEAT = Number(process.env['REPEAT'] ?? 3);

interface Run {
  startMs: number;
  rssStart: number;
  rssAfter: number;
}

async function startOnce(dataDir: string, calls: (baseUrl: string) => Promise<void>): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
      if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
      if (performance.now() - started > 300_000) throw new Error(`Server did not become healthy:\n${output}`);
      await sleep(20);
    }
    const startMs = performance.now() - started;
    await sleep(2000); // let start-up work settle (projectors find nothing to do, caches idle)
    const rssStart = rssMiB(child.pid!);
    await calls(baseUrl);
    await sleep(500);
    return { startMs, rssStart, rssAfter: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main() {
  const { dataDir } = dataDirArg();
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.users)} users, ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks (${fmt(fixture.events)} events)`);

  const loadedCalls = async (baseUrl: string) => {
    const { authorization } = await signIn(baseUrl, fixture.owner.email, fixture.password);
    for (const path of ['/api/urls?include_counts=true', '/api/users/me/stats', `/api/urls/${fixture.hot.id}/analytics`, `/api/urls/${fixture.hot.id}/analytics`, `/api/urls/${fixture.tail.id}/analytics`]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  const emptyCalls = async (baseUrl: string) => {
    // The same calls on an empty installation: register, sign in, one link, its analytics.
    const email = 'startup@bench.linkledger.test';
    const json = { 'content-type': 'application/json' };
    await fetch(`${baseUrl}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: fixture.password }) });
    const { authorization } = await signIn(baseUrl, email, fixture.password);
    const link = (await (await fetch(`${baseUrl}/api/urls`, { method: 'POST', headers: { ...json, authorization }, body: JSON.stringify({ original_url: 'https://example.com/' }) })).json()) as { id: number };
    for (const path of ['/api/urls?include_counts=true', '/api/users/me/stats', `/api/urls/${link.id}/analytics`, `/api/urls/${link.id}/analytics`]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    }
  };

  const loaded: Run[] = [];
  const empty: Run[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const emptyDir = mkdtempSync(join(tmpdir(), 'linkledger-startup-empty-'));
    try {
      empty.push(await startOnce(emptyDir, emptyCalls));
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
    loaded.push(await startOnce(dataDir, loadedCalls));
  }
  const row = (name: string, runs: Run[]) => {
    const median = (pick: (r: Run) => number) => percentile(runs.map(pick), 50);
    const times = runs.map((r) => fmt(r.startMs)).join(', ');
    return `| ${name} | ${fmt(median((r) => r.startMs))} (${times}) | ${fmt(median((r) => r.rssStart))} | ${fmt(median((r) => r.rssAfter))} |`;
  };
  console.log(`\n${REPEAT} starts each, alternating; medians (each run's start-up time in brackets)\n`);
  console.log('| data directory | start-up ms: spawn → /api/health 200 | RSS after start MiB | RSS after dashboard + analytics calls MiB |');
  console.log('| --- | --- | --- | --- |');
  console.log(row('baseline: empty', empty));
  console.log(row(`generated: ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks`, loaded));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
