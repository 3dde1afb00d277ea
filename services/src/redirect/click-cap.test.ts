import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_POLICY_STREAM, domainEventOf } from '@linkledger/contracts';
import { BotClassifier, DEFAULT_CLASSIFIER } from '@linkledger/projections';
import { toNewEvent } from '../commands/command-context.ts';
import { eventually } from '../testing/eventually.ts';
import { setLinkControls } from '../testing/link-controls.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { DailySalts } from './daily-salts.ts';
import { LinkCache } from './link-cache.ts';
import { createRedirectHandler } from './redirect-handler.ts';
import { LinkPasswords } from './link-password.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const VISITORS = 50;

describe('expiry by clicks on a real server', () => {
  let t: TestApp;
  let baseUrl: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ REDIRECT_RATE_PER_IP: '0' });
    headers = (await signUp(t.app, 'capped@example.com')).headers;
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const cappedLink = async (maxClicks: number) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/limited' } });
    const link = created.json<{ id: number; short_code: string }>();
    await setLinkControls(t.platform, link.id, { max_clicks: maxClicks });
    return link;
  };
  const visit = (base: string, code: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${base}/${code}`, { redirect: 'manual', method: init.method ?? 'GET', headers: { 'user-agent': CHROME, ...init.headers } });
  const clicksOf = async (id: number) =>
    (await t.platform.events.readStream(`clicks-${id}`)).map((recorded) => domainEventOf(recorded)).filter((event) => event?.type === 'Clicked');
  const humanClicks = async (id: number) => (await clicksOf(id)).filter((event) => !DEFAULT_CLASSIFIER.isBot(event!.data.user_agent)).length;
  const expiries = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).filter((recorded) => recorded.type === 'LinkExpired');
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

  it(`redirects exactly max_clicks of ${VISITORS} concurrent visitors and answers the rest "expired"; LinkExpired is recorded once`, async () => {
    const link = await cappedLink(10);
    const answers = await Promise.all(Array.from({ length: VISITORS }, () => visit(baseUrl, link.short_code)));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 302: 10, 410: VISITORS - 10 });
    expect(answers.filter((answer) => answer.status === 302).every((answer) => answer.headers.get('location') === 'https://example.com/limited')).toBe(true);
    const refused = answers.find((answer) => answer.status === 410)!;
    expect(await refused.text()).toContain('This link has expired');
    expect(await clicksOf(link.id)).toHaveLength(10);
    expect(await humanClicks(link.id)).toBe(10);

    await eventually(async () => (await expiries(link.id)).length > 0, 5_000, 'LinkExpired');
    expect((await expiries(link.id)).map((recorded) => recorded.data)).toEqual([{ link_id: link.id, reason: 'max_clicks' }]);
    expect((await visit(baseUrl, link.short_code)).status).toBe(410);
    expect(await expiries(link.id)).toHaveLength(1);
    expect(await clicksOf(link.id)).toHaveLength(10);
  });

  it('lets HEAD, prefetches and bots through without counting them, and sends visitors after the cap to the expired_url', async () => {
    const link = await cappedLink(2);
    await setLinkControls(t.platform, link.id, { expired_url: 'https://example.org/sold-out' });
    const uncounted = [
      visit(baseUrl, link.short_code, { method: 'HEAD' }),
      visit(baseUrl, link.short_code, { method: 'HEAD' }),
      visit(baseUrl, link.short_code, { headers: { 'sec-purpose': 'prefetch' } }),
      visit(baseUrl, link.short_code, { headers: { 'user-agent': GOOGLEBOT } }),
      visit(baseUrl, link.short_code, { headers: { 'user-agent': GOOGLEBOT } }),
      visit(baseUrl, link.short_code, { headers: { 'user-agent': GOOGLEBOT } }),
    ];
    expect((await Promise.all(uncounted)).map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 302]);
    expect(await humanClicks(link.id)).toBe(0);
    expect(await clicksOf(link.id)).toHaveLength(3); // the bots' clicks are in the log, never counted

    expect((await visit(baseUrl, link.short_code)).status).toBe(302);
    expect((await visit(baseUrl, link.short_code)).status).toBe(302);
    const after = await visit(baseUrl, link.short_code);
    expect([after.status, after.headers.get('location')]).toEqual([302, 'https://example.org/sold-out']);
    expect((await visit(baseUrl, link.short_code, { headers: { 'user-agent': GOOGLEBOT } })).headers.get('location')).toBe('https://example.org/sold-out');
    expect(await humanClicks(link.id)).toBe(2);
    expect(await clicksOf(link.id)).toHaveLength(5);
  });

  it("follows the admin's bot policy: a user agent it names stops counting at once", async () => {
    const monitor = 'Mozilla/5.0 (X11; Linux x86_64) UptimeWatcher/3.1';
    const link = await cappedLink(2);
    expect((await visit(baseUrl, link.short_code, { headers: { 'user-agent': monitor } })).status).toBe(302); // human by the default policy
    const policy = { known_bots: true, patterns: ['uptimewatcher'] };
    const metadata = { actor: { kind: 'user' as const, id: '1' }, correlation_id: 'policy', causation_id: 'policy', at: new Date().toISOString() };
    const changed = await t.platform.events.append([
      { stream: BOT_POLICY_STREAM, expected: 'any', events: [toNewEvent({ type: 'BotPolicyChanged', data: policy }, metadata)] },
    ]);
    await t.platform.linkCache.progress.waitFor(changed.position, 5_000);

    const answers = await Promise.all(Array.from({ length: 5 }, () => visit(baseUrl, link.short_code, { headers: { 'user-agent': monitor } })));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    // Under the new policy the first visit is a bot's too: both human clicks are still left.
    expect((await visit(baseUrl, link.short_code)).status).toBe(302);
    expect((await visit(baseUrl, link.short_code)).status).toBe(302);
    expect((await visit(baseUrl, link.short_code)).status).toBe(410);
    const byNewPolicy = new BotClassifier(policy);
    expect((await clicksOf(link.id)).filter((event) => !byNewPolicy.isBot(event!.data.user_agent))).toHaveLength(2);
  });

  it('shares the cap exactly between two processes (two link caches and redirect handlers on one store)', async () => {
    const link = await cappedLink(7);
    const servers: Server[] = [];
    const caches: LinkCache[] = [];
    const bases: string[] = [];
    for (const name of ['one', 'two']) {
      const cache = new LinkCache(t.platform.events);
      await cache.start();
      const handler = createRedirectHandler({
        events: t.platform.events,
        cache,
        salts: new DailySalts(join(t.dataDir, `salts-${name}`)),
        trustProxy: null,
        passwords: new LinkPasswords('test secret', () => Date.now()),
        clock: () => new Date(),
        onError: (error) => {
          throw error;
        },
      });
      const server = createServer((request, response) =>
        handler.front(request, response, () => {
          response.writeHead(404).end();
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      caches.push(cache);
      bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    try {
      // Each process caches the link before the rush (a bot's visit, never counted), so both take clicks from the start.
      await Promise.all(bases.map((base) => visit(base, link.short_code, { headers: { 'user-agent': GOOGLEBOT } })));
      const answers = await Promise.all(Array.from({ length: VISITORS }, (_, i) => visit(bases[i % 2]!, link.short_code)));
      expect(tally(answers.map((answer) => answer.status))).toEqual({ 302: 7, 410: VISITORS - 7 });
      expect(await humanClicks(link.id)).toBe(7);
      await eventually(async () => (await expiries(link.id)).length > 0, 5_000, 'LinkExpired');
      expect(await expiries(link.id)).toHaveLength(1);
    } finally {
      for (const server of servers) await new Promise((resolve) => server.close(resolve));
      for (const cache of caches) await cache.stop();
    }
  });
});
