import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveUnlimitedRetention } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

describe('GET /api/urls/{id}/analytics', () => {
  let t: TestApp;
  let now = new Date('2026-11-10T10:00:00.000Z');
  let headers: Record<string, string>;
  let link: { id: number; short_code: string };

  const click = (userAgent: string, ip: string, referer?: string) =>
    t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': userAgent, 'x-forwarded-for': ip, ...(referer ? { referer } : {}) } });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    const analyst = await signUp(t.app, 'analyst@example.com');
    headers = analyst.headers;
    // These tests are about ranges, not the plan's retention (analytics-retention.test.ts): every day is shown.
    await giveUnlimitedRetention(t.platform, analyst.user.id);
    link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/report' } })).json();
    // Day 1: one iPhone visitor twice, one Windows visitor.
    await click(IPHONE, '8.8.8.1', 'https://t.co/x');
    await click(IPHONE, '8.8.8.1', 'https://t.co/y');
    await click(WINDOWS, '8.8.8.2');
    // Ten days later: the Windows visitor again (a new day, so a new visitor hash), and a bot.
    now = new Date('2026-11-20T10:00:00.000Z');
    await click(WINDOWS, '8.8.8.2', 'https://news.ycombinator.com/');
    await click(BOT, '8.8.8.3');
    await projectorsCaughtUp(t.platform);
    // Sessions last a week: sign in again at the time the questions are asked.
    now = new Date('2026-11-22T12:00:00.000Z');
    const payload = `username=${encodeURIComponent('analyst@example.com')}&password=${encodeURIComponent('correct horse')}`;
    const token = await t.app.inject({ method: 'POST', url: '/api/token', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    headers = { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };
  });
  afterAll(async () => t.close());

  const analytics = async (query = '') => {
    const response = await t.app.inject({ url: `/api/urls/${link.id}/analytics${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('adds devices, browsers, operating systems and unique visitors to the existing figures (human clicks only)', async () => {
    const all = await analytics();
    // 2026-11-22 is a Sunday: the week began on Monday the 16th.
    expect(all).toMatchObject({ total_clicks: 4, clicks_today: 0, clicks_this_week: 1, clicks_this_month: 4 });
    expect(all.clicks_by_date).toHaveLength(30);
    expect(all.clicks_by_date.at(-1)).toEqual({ date: '2026-11-22', clicks: 0 });
    expect(all.clicks_by_date.find((d: { date: string }) => d.date === '2026-11-10')).toEqual({ date: '2026-11-10', clicks: 3 });
    expect(all.top_referrers).toEqual([
      { referrer: 't.co', count: 2 },
      { referrer: 'Direct', count: 1 },
      { referrer: 'news.ycombinator.com', count: 1 },
    ]);
    expect(all.top_countries.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(4);
    expect(all.devices).toEqual([
      { name: 'Desktop', count: 2 },
      { name: 'Mobile', count: 2 },
    ]);
    expect(all.browsers).toEqual([
      { name: 'Chrome', count: 2 },
      { name: 'Mobile Safari', count: 2 },
    ]);
    expect(all.operating_systems).toEqual([
      { name: 'Windows', count: 2 },
      { name: 'iOS', count: 2 },
    ]);
    expect(all.unique_visitors).toBe(3);
  });

  it('bounds clicks_by_date and every breakdown by date_from and date_to, both days included', async () => {
    const later = await analytics('?date_from=2026-11-15');
    expect(later.clicks_by_date.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(later.clicks_by_date.find((d: { date: string }) => d.date === '2026-11-20').clicks).toBe(1);
    expect(later).toMatchObject({ total_clicks: 4, clicks_this_month: 4, unique_visitors: 1 });
    expect(later.devices).toEqual([{ name: 'Desktop', count: 1 }]);
    expect(later.top_referrers).toEqual([{ referrer: 'news.ycombinator.com', count: 1 }]);

    const firstDay = await analytics('?date_from=2026-11-10&date_to=2026-11-10');
    expect(firstDay.clicks_by_date).toEqual([{ date: '2026-11-10', clicks: 3 }]);
    expect(firstDay.browsers).toEqual([
      { name: 'Mobile Safari', count: 2 },
      { name: 'Chrome', count: 1 },
    ]);
    expect(firstDay.unique_visitors).toBe(2);

    const upTo = await analytics('?date_to=2026-11-19');
    expect(upTo.clicks_by_date).toHaveLength(30);
    expect(upTo.clicks_by_date.at(-1)).toEqual({ date: '2026-11-19', clicks: 0 });
    expect(upTo.operating_systems).toEqual([
      { name: 'iOS', count: 2 },
      { name: 'Windows', count: 1 },
    ]);
  });

  it('refuses bad ranges with a detail naming the parameter', async () => {
    const refusals: [string, string][] = [
      ['date_from=2026-11-31', 'From date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22'],
      ['date_to=yesterday', 'To date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22'],
      ['date_from=2026-11-20&date_to=2026-11-19', 'From date must be on or before To date'],
      ['date_from=2025-01-01&date_to=2026-01-02', 'From date and To date may be at most 366 days apart (without To date, the range ends today)'],
      ['date_from=2020-01-01', 'From date and To date may be at most 366 days apart (without To date, the range ends today)'],
      // Days the analytics store cannot hold are the caller's mistake (400), not a store failure (503).
      ['date_from=0001-01-01&date_to=0001-01-02', 'From date must be a day from 1970-01-01 to 2299-12-31'],
      ['date_from=9999-12-30&date_to=9999-12-31', 'From date must be a day from 1970-01-01 to 2299-12-31'],
      ['date_from=2026-11-01&date_to=2300-01-01', 'To date must be a day from 1970-01-01 to 2299-12-31'],
    ];
    for (const [query, detail] of refusals) {
      const response = await t.app.inject({ url: `/api/urls/${link.id}/analytics?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toBe(detail);
    }
    expect((await analytics('?date_from=2025-11-22&date_to=2026-11-22')).clicks_by_date).toHaveLength(366);
  });

  it('is the owner’s only', async () => {
    const other = await signUp(t.app, 'not-the-analyst@example.com');
    const response = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: other.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'URL not found' });
  });
});
