import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME } from '../testing/http-client.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

describe('GET /api/analytics/campaigns (docs/analytics.md#campaigns)', () => {
  let t: TestApp;
  let now = new Date('2026-11-10T10:00:00.000Z');
  let headers: Record<string, string>;
  const HOSTILE = '<script>alert(1)</script> & "spring"';

  const link = async (payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload })).json<{ id: number; short_code: string }>();
  const click = (code: string, ip: string, userAgent = CHROME) =>
    t.app.inject({ url: `/${code}`, headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    headers = (await signUp(t.app, 'campaigner@example.com')).headers;
    const spring = await link({ original_url: 'https://example.com/a', utm_campaign: 'spring', utm_source: 'news' });
    const springAds = await link({ original_url: 'https://example.com/b', utm_campaign: 'spring', utm_source: 'ads' });
    const hostile = await link({ original_url: 'https://example.com/c', utm_campaign: HOSTILE });
    const plain = await link({ original_url: 'https://example.com/d' });
    // Day 1: one visitor on both spring links, another on one, a bot; the hostile campaign once.
    await click(spring.short_code, '8.8.8.1');
    await click(springAds.short_code, '8.8.8.1');
    await click(springAds.short_code, '8.8.8.2');
    await click(springAds.short_code, '8.8.8.3', BOT);
    await click(hostile.short_code, '8.8.8.4');
    await click(plain.short_code, '8.8.8.5');
    // Two days later: spring again.
    now = new Date('2026-11-12T10:00:00.000Z');
    await click(spring.short_code, '8.8.8.1');
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  const campaigns = async (query = '') => {
    const response = await t.app.inject({ url: `/api/analytics/campaigns${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      date_from: string;
      date_to: string;
      campaigns: { campaign: string; links: number; clicks: number; unique_visitors: number; clicks_by_date: { date: string; clicks: number }[] }[];
    }>();
  };

  it('counts each campaign’s human clicks and visitors across its links, per day, most clicks first; links without one are left out', async () => {
    const answer = await campaigns('?date_from=2026-11-10&date_to=2026-11-12');
    expect(answer.date_from).toBe('2026-11-10');
    expect(answer.campaigns).toEqual([
      {
        campaign: 'spring',
        links: 2,
        clicks: 4,
        // A visitor's hash is per day: 8.8.8.1 on two days counts twice, as every analytics view counts them.
        unique_visitors: 3,
        clicks_by_date: [
          { date: '2026-11-10', clicks: 3 },
          { date: '2026-11-11', clicks: 0 },
          { date: '2026-11-12', clicks: 1 },
        ],
      },
      { campaign: HOSTILE, links: 1, clicks: 1, unique_visitors: 1, clicks_by_date: expect.any(Array) },
    ]);
  });

  it('counts only the days asked for, and defaults to the last 30 days', async () => {
    const lastDay = await campaigns('?date_from=2026-11-12&date_to=2026-11-12');
    expect(lastDay.campaigns.map((row) => [row.campaign, row.clicks, row.unique_visitors])).toEqual([
      ['spring', 1, 1],
      [HOSTILE, 0, 0],
    ]);
    const standard = await campaigns();
    expect([standard.date_from, standard.date_to, standard.campaigns[0]!.clicks_by_date.length]).toEqual(['2026-10-14', '2026-11-12', 30]);
  });

  it('refuses a range that is not one', async () => {
    const response = await t.app.inject({ url: '/api/analytics/campaigns?date_from=2026-11-12&date_to=2026-11-01', headers });
    expect([response.statusCode, response.json().detail]).toEqual([400, 'From date must be on or before To date']);
  });
});
