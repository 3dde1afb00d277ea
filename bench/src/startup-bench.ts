import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDirArg, fmt, machine, percentile, pssMiB, readFixture, rssMiB, signIn, sleep } from './common.ts';
import { serverEntry } from '@linkledger/services/supervisor/server-bundle.mjs';
import { childrenOf } from '@linkledger/services/testing/processes.ts';
import { startProduct, type Layout } from './redirects/product.ts';

/**
 * `npm run bench:startup [-- --data-dir DIR]`: start-up time (spawn → first 200 from
 * /api/health, polled every 20 ms) and resident memory of the server process (after start,
 * then after the dashboard's calls and the hot link's analytics), with the generated data
 * set loaded, beside the same on an empty data directory, REPEAT times each, alternating.
 * The product is started as `npm start` starts it (the supervisor with an HTTP process and a
 * projector process, compiled ahead; their memory is summed), as one compiled process
 * (`ROLE=all npm start`), and as one process under the TypeScript loader, as `npm start` ran
 * before the split: the baseline, in the same run. BASELINE_CHECKOUT=DIR adds another
 * checkout (an older commit) as it ran then.
 */
const REPEAT = Number(process.env['REPEAT'] ?? 3);

interface Run {
  startMs: number;
  rssStart: number;
  rssAfter: number;
  pssStart: number;
  pssAfter: number;
  rssSupervisor: number;
  pssSupervisor: number;
}

async function startOnce(dataDir: string, layout: Layout, calls: (baseUrl: string) => Promise<void>): Promise<Run> {
  const single = layout !== 'supervised';
  const product = await startProduct({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, layout);
  try {
    await sleep(2000); // let start-up work settle (projectors find nothing to do, caches idle)
    // The product's processes: both children, or the one process. The supervisor is counted
    // apart: under `npm start` it is scripts/run.mjs's own process, which ran before it too.
    const serving = () => (single ? [product.pid] : childrenOf(product.pid));
    const sum = (size: (pid: number) => number) => serving().reduce((total, pid) => total + size(pid), 0);
    const rssStart = sum(rssMiB);
    const pssStart = sum(pssMiB);
    await calls(product.baseUrl);
    await sleep(500);
    return {
      startMs: product.startMs,
      rssStart,
      rssAfter: sum(rssMiB),
      pssStart,
      pssAfter: sum(pssMiB),
      rssSupervisor: single ? 0 : rssMiB(product.pid),
      pssSupervisor: single ? 0 : pssMiB(product.pid),
    };
  } finally {
    await product.kill('SIGTERM');
  }
}

async function main() {
  const { dataDir } = dataDirArg();
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.users)} users, ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks (${fmt(fixture.events)} events)`);

  const loadedCalls = async (baseUrl: string) => {
    const { authorization } = await signIn(baseUrl, fixture.owner.email, fixture.password);
    for (const path of [
      '/api/urls?include_counts=true',
      '/api/users/me/stats',
      `/api/urls/${fixture.hot.id}/analytics`,
      `/api/urls/${fixture.hot.id}/analytics`,
      `/api/urls/${fixture.tail.id}/analytics`,
    ]) {
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
    const link = (await (
      await fetch(`${baseUrl}/api/urls`, {
        method: 'POST',
        headers: { ...json, authorization },
        body: JSON.stringify({ original_url: 'https://example.com/' }),
      })
    ).json()) as { id: number };
    for (const path of ['/api/urls?include_counts=true', '/api/users/me/stats', `/api/urls/${link.id}/analytics`, `/api/urls/${link.id}/analytics`]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    }
  };

  const layouts: { name: string; layout: Layout }[] = [
    { name: 'npm start (supervisor + api + projector, compiled)', layout: 'supervised' },
    { name: 'one process, compiled (ROLE=all npm start)', layout: 'all' },
    { name: 'one process under tsx (npm start before the split)', layout: 'all-tsx' },
  ];
  // BASELINE_CHECKOUT=DIR: another checkout (an older commit, installed and its web app built), one process under
  // tsx, on its own copy of the data set: older code may migrate the stores its own way (and this code back).
  const checkout = process.env['BASELINE_CHECKOUT'];
  if (checkout) layouts.push({ name: `checkout ${checkout} (one process, tsx)`, layout: { checkout } });
  const baselineData = `${dataDir}-baseline-copy`;
  if (checkout) cpSync(dataDir, baselineData, { recursive: true });
  await serverEntry((line) => console.log(line)); // compiled before the first timed start
  const runs = new Map<string, Run[]>();
  const add = (key: string, run: Run) => runs.set(key, [...(runs.get(key) ?? []), run]);
  for (let i = 0; i < REPEAT; i++) {
    for (const layout of layouts) {
      const emptyDir = mkdtempSync(join(tmpdir(), 'linkledger-startup-empty-'));
      try {
        add(`${layout.name}|empty`, await startOnce(emptyDir, layout.layout, emptyCalls));
      } finally {
        rmSync(emptyDir, { recursive: true, force: true });
      }
      add(`${layout.name}|loaded`, await startOnce(typeof layout.layout === 'object' ? baselineData : dataDir, layout.layout, loadedCalls));
    }
  }
  if (checkout) rmSync(baselineData, { recursive: true, force: true });
  const row = (layout: string, data: string, list: Run[]) => {
    const median = (pick: (r: Run) => number) => percentile(list.map(pick), 50);
    const times = list.map((r) => fmt(r.startMs)).join(', ');
    const supervisor = median((r) => r.rssSupervisor) === 0 ? '–' : `${fmt(median((r) => r.rssSupervisor))} / ${fmt(median((r) => r.pssSupervisor))}`;
    const sizes = (start: number, after: number) => `${fmt(start)} → ${fmt(after)}`;
    return `| ${layout} | ${data} | ${fmt(median((r) => r.startMs))} (${times}) | ${sizes(
      median((r) => r.rssStart),
      median((r) => r.rssAfter),
    )} | ${sizes(
      median((r) => r.pssStart),
      median((r) => r.pssAfter),
    )} | ${supervisor} |`;
  };
  console.log(
    `\n${REPEAT} starts each, alternating; medians (each run's start-up time in brackets); memory summed over the HTTP and projector processes, or the one process, after start → after the dashboard and analytics calls\n`,
  );
  console.log(
    '| processes | data directory | start-up ms: spawn → /api/health 200 | RSS MiB | PSS MiB (shared pages counted once) | supervisor RSS / PSS MiB |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const layout of layouts) {
    console.log(row(layout.name, 'empty', runs.get(`${layout.name}|empty`)!));
    console.log(row(layout.name, `generated: ${fmt(fixture.links)} links, ${fmt(fixture.clicks)} clicks`, runs.get(`${layout.name}|loaded`)!));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
