import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROME, json } from '../testing/http-client.ts';
import { loggedReferrers } from '../testing/logged-clicks.ts';
import { startServerProcess } from '../testing/server-process.ts';

/** 24 workers on one address: the per-address redirect limit would refuse most of them. */
const UNLIMITED = { REDIRECT_RATE_PER_IP: '0' };

describe('a server killed with SIGKILL under redirect load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('counts every answered redirect exactly once after restart, in the log, total_clicks and analytics', async () => {
    let server = await startServerProcess({ DATA_DIR: dataDir, ...UNLIMITED });
    await json(
      fetch(`${server.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'crash@example.com', password: 'secret123' }),
      }),
    );
    const { access_token } = await json<{ access_token: string }>(
      fetch(`${server.baseUrl}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=crash%40example.com&password=secret123',
      }),
    );
    const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const link = await json<{ id: number; short_code: string }>(
      fetch(`${server.baseUrl}/api/urls`, { method: 'POST', headers: auth, body: JSON.stringify({ original_url: 'https://example.com/crash' }) }),
    );

    const answered: string[] = [];
    let sent = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const referrer = `r${sent++}.example`;
        try {
          const response = await fetch(`${server.baseUrl}/${link.short_code}`, {
            redirect: 'manual',
            headers: { 'user-agent': CHROME, referer: `https://${referrer}/` },
          });
          if (response.status === 302) answered.push(referrer);
        } catch {
          // Killed mid-request: not answered, so it may or may not be counted.
        }
      }
    };
    const workers = Array.from({ length: 24 }, worker);
    await new Promise((r) => setTimeout(r, 600 + Math.random() * 900));
    await server.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThan(50);

    const logged = loggedReferrers(dataDir);
    const counts = new Map<string, number>();
    for (const referrer of logged) counts.set(referrer, (counts.get(referrer) ?? 0) + 1);
    for (const referrer of answered) expect(counts.get(referrer), `answered ${referrer} is in the log once`).toBe(1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Only requests in flight at the kill may be logged without an answer.
    expect(logged.length - answered.length).toBeLessThanOrEqual(24);

    server = await startServerProcess({ DATA_DIR: dataDir, ...UNLIMITED });
    try {
      const deadline = Date.now() + 30_000;
      let total = -1;
      let analytics = -1;
      while ((total !== logged.length || analytics !== logged.length) && Date.now() < deadline) {
        total = (await json<{ total_clicks: number }>(fetch(`${server.baseUrl}/api/urls/${link.id}`, { headers: auth }))).total_clicks;
        analytics = (await json<{ total_clicks: number }>(fetch(`${server.baseUrl}/api/urls/${link.id}/analytics`, { headers: auth }))).total_clicks;
        if (total !== logged.length || analytics !== logged.length) await new Promise((r) => setTimeout(r, 100));
      }
      expect(total).toBe(logged.length);
      expect(analytics).toBe(logged.length);
    } finally {
      await server.kill('SIGTERM');
    }
  }, 120_000);
});
