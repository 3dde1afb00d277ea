import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultKnobs } from '../testing/fault-knobs.ts';
import { eventually } from '../testing/eventually.ts';
import { CHROME, GOOGLEBOT, countsOver, createLinkOver, signUpOver } from '../testing/http-client.ts';
import { loggedReferrers } from '../testing/logged-clicks.ts';
import { startServerProcess } from '../testing/server-process.ts';
import { snapshotOf } from '../testing/snapshot.ts';

const WORKERS = 16;

const isBotReferrer = (referrer: string) => referrer.startsWith('bot-');

describe('a server killed with SIGKILL while analytics are being inserted', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-analytics-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const { iterations, seed, random } = faultKnobs({ iterations: 3 });

  it(
    `stores every logged click in analytics exactly once, across ${iterations} kills (seed ${seed})`,
    async () => {
      console.log(`analytics crash: FAULT_SEED=${seed} FAULT_ITERATIONS=${iterations}`);
      let server = await startServerProcess({ DATA_DIR: dataDir, REDIRECT_RATE_PER_IP: '0' });
      const auth = await signUpOver(server.baseUrl, 'crash@example.com');
      const link = await createLinkOver(server.baseUrl, auth, 'https://example.com/crash');
      const answered: string[] = [];

      for (let i = 0; i < iterations; i++) {
        if (i > 0) server = await startServerProcess({ DATA_DIR: dataDir, REDIRECT_RATE_PER_IP: '0' });
        let sent = 0;
        let killed = false;
        const base = server.baseUrl;
        const worker = async () => {
          while (!killed) {
            const n = sent++;
            // Every seventh click is a bot's: logged and stored, never counted.
            const referrer = `${n % 7 === 6 ? 'bot-' : ''}k${i}-${n}.example`;
            try {
              const response = await fetch(`${base}/${link.short_code}`, {
                redirect: 'manual',
                headers: { 'user-agent': isBotReferrer(referrer) ? GOOGLEBOT : CHROME, referer: `https://${referrer}/` },
              });
              if (response.status === 302) answered.push(referrer);
            } catch {
              // Killed mid-request: not answered, so it may or may not be in the log.
            }
          }
        };
        const workers = Array.from({ length: WORKERS }, worker);
        // Analytics insert every ~200 ms (the projector's linger): a random moment in a
        // second or so of load lands before, during or after one of them.
        const delay = Math.round(500 + random() * 1200);
        await new Promise((r) => setTimeout(r, delay));
        await server.kill('SIGKILL');
        killed = true;
        await Promise.all(workers);
        console.log(`analytics crash ${i + 1}/${iterations}: killed after ${delay} ms of load, ${answered.length} answered so far`);
      }

      const logged = loggedReferrers(dataDir);
      const inLog = new Map<string, number>();
      for (const referrer of logged) inLog.set(referrer, (inLog.get(referrer) ?? 0) + 1);
      for (const referrer of answered) expect(inLog.get(referrer), `answered ${referrer} is in the log once`).toBe(1);
      expect([...inLog.values()].every((n) => n === 1)).toBe(true);
      // Only requests in flight at a kill may be logged without an answer.
      expect(logged.length - answered.length).toBeLessThanOrEqual(WORKERS * iterations);
      const humans = logged.filter((r) => !isBotReferrer(r)).length;
      const answeredHumans = answered.filter((r) => !isBotReferrer(r)).length;
      console.log(`analytics crash: ${answered.length} answered (${answeredHumans} human), ${logged.length} logged (${humans} human)`);

      server = await startServerProcess({ DATA_DIR: dataDir, REDIRECT_RATE_PER_IP: '0' });
      try {
        await eventually(
          async () => {
            const counts = await countsOver(server.baseUrl, auth, link.id);
            return counts.total === humans && counts.analytics === humans;
          },
          30_000,
          `total_clicks and analytics to show the ${humans} human clicks of the log`,
          100,
        );
        await new Promise((r) => setTimeout(r, 500));
        expect(await countsOver(server.baseUrl, auth, link.id)).toEqual({ total: humans, analytics: humans });
      } finally {
        await server.kill('SIGTERM');
      }

      // Row by row: analytics hold each logged click once, every answered one included.
      const { clicks } = await snapshotOf(dataDir);
      expect(new Set(clicks.map((c) => c.position)).size).toBe(clicks.length);
      expect(clicks.map((c) => c.referrer).sort()).toEqual([...logged].sort());
      expect(clicks.filter((c) => c.is_bot === 0).length).toBe(humans);
    },
    90_000 + iterations * 20_000,
  );
});
