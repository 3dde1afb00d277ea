import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, runToCompletion } from '../testing/child-process.ts';
import { eventually } from '../testing/eventually.ts';
import { faultKnobs } from '../testing/fault-knobs.ts';
import { CHROME, GOOGLEBOT, countsOver, createLinkOver, json, signUpOver, type Auth } from '../testing/http-client.ts';
import { startServerProcess } from '../testing/server-process.ts';
import { snapshotOf, type Snapshot } from '../testing/snapshot.ts';

/** Small batches, so that a kill lands between many committed batches, not before the only one. */
const REBUILD = ['services/src/server/rebuild.ts', '--batch', '250'] as const;

/** Sends `count` redirects over the links, every fifth from a bot; returns the human clicks per link. */
async function clicks(baseUrl: string, links: { id: number; short_code: string }[], count: number): Promise<Map<number, number>> {
  const humans = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const link = links[n % links.length]!;
      const bot = n % 5 === 4;
      const response = await fetch(`${baseUrl}/${link.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': bot ? GOOGLEBOT : CHROME, referer: `https://site${n % 7}.example/` },
      });
      expect(response.status).toBe(302);
      if (!bot) humans.set(link.id, (humans.get(link.id) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return humans;
}

const comparable = (s: Snapshot) => ({ users: s.users, links: s.links, clicks: s.clicks });

describe('a rebuild killed with SIGKILL at a random moment', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-rebuild-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const { iterations, events, seed, random } = faultKnobs({ iterations: 2, events: 1500 });
  // Thousands of redirects from one address: the per-address limit is off.
  const env = { DATA_DIR: dataDir, EVENTS_SYNC: 'NORMAL', REDIRECT_RATE_PER_IP: '0' };

  it(
    `leaves read models and analytics equal to the incremental ones once run again or resumed (seed ${seed})`,
    async () => {
      console.log(`rebuild crash: FAULT_SEED=${seed} FAULT_ITERATIONS=${iterations} FAULT_EVENTS=${events}`);
      let server = await startServerProcess(env);
      let auth: Auth;
      let expected: Map<number, number>;
      const links: { id: number; short_code: string }[] = [];
      try {
        auth = await signUpOver(server.baseUrl, 'rebuild@example.com');
        for (let i = 0; i < 4; i++) links.push(await createLinkOver(server.baseUrl, auth, `https://example.com/${i}`));
        expected = await clicks(server.baseUrl, links, events);
        await json(fetch(`${server.baseUrl}/api/urls/${links[1]!.id}`, { method: 'PATCH', headers: auth.headers, body: JSON.stringify({ title: 'Renamed' }) }));
        await json(fetch(`${server.baseUrl}/api/urls/${links[3]!.id}`, { method: 'DELETE', headers: { authorization: auth.headers['authorization']! } }));
        await waitForCounts(server.baseUrl, auth, links.slice(0, 3), expected);
      } finally {
        await server.kill('SIGTERM');
      }
      const incremental = await snapshotOf(dataDir);
      expect(incremental.clicks).toHaveLength(events);
      expect(incremental.links).toHaveLength(3);
      expect(incremental.readCheckpoint).toBe(incremental.head);

      // A whole run first: it must give the same state, and it times the rebuild for the kills.
      const whole = runScript(REBUILD[0], REBUILD.slice(1), env);
      await whole.waitForOutput(/rebuilding/);
      const started = Date.now();
      expect(await whole.exited, whole.output()).toBe(0);
      const duration = Date.now() - started;
      expect(comparable(await snapshotOf(dataDir))).toEqual(comparable(incremental));

      for (let i = 0; i < iterations; i++) {
        const child = runScript(REBUILD[0], REBUILD.slice(1), env);
        await child.waitForOutput(/rebuilding/);
        const delay = Math.round(random() * duration);
        await new Promise((r) => setTimeout(r, delay));
        const phase =
          child
            .output()
            .match(/(\S+): rebuilding/g)
            ?.at(-1) ?? 'start-up';
        await child.kill('SIGKILL');
        // Even iterations run the rebuild again; odd ones start the server, whose projectors
        // resume from whatever the killed rebuild committed.
        const recovery = i % 2 === 0 ? 'rebuild again' : 'server resumes';
        console.log(`rebuild crash ${i + 1}/${iterations}: killed ${delay} ms into ~${duration} ms (${phase}); ${recovery}`);
        if (recovery === 'rebuild again') await runToCompletion(REBUILD[0], REBUILD.slice(1), env);
        else {
          server = await startServerProcess(env);
          try {
            await waitForCounts(server.baseUrl, auth, links.slice(0, 3), expected);
            await eventually(async () => (await snapshotReady(server.baseUrl, auth)) >= 3, 10_000, 'the links list');
          } finally {
            await server.kill('SIGTERM');
          }
        }
        expect(comparable(await snapshotOf(dataDir)), `after kill ${i + 1} (seed ${seed})`).toEqual(comparable(incremental));
      }
    },
    120_000 + iterations * 30_000 + events * 5,
  );
});

async function snapshotReady(baseUrl: string, auth: Auth): Promise<number> {
  return (await json<unknown[]>(fetch(`${baseUrl}/api/urls`, { headers: auth.headers }))).length;
}

/** Waits until the read model and analytics of each link show its human clicks. */
async function waitForCounts(baseUrl: string, auth: Auth, links: { id: number }[], expected: Map<number, number>): Promise<void> {
  await eventually(
    async () => {
      for (const link of links) {
        const counts = await countsOver(baseUrl, auth, link.id);
        if (counts.total !== expected.get(link.id) || counts.analytics !== expected.get(link.id)) return false;
      }
      return true;
    },
    60_000,
    'the projections to show every click',
    200,
  );
}
