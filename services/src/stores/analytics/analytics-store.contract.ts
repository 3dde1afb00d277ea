import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalyticsStore, ClickRow } from '@linkledger/contracts';
import { linkAnalytics } from '../../links/analytics-queries.ts';

let position = 0;
const click = (overrides: Partial<ClickRow>): ClickRow => ({
  position: ++position,
  link_id: 1,
  owner_id: 1,
  at: '2026-11-20 12:00:00.000',
  country: 'IN',
  referrer: '',
  source: 'link',
  browser: 'Chrome',
  os: 'Windows',
  device: 'desktop',
  is_bot: 0,
  visitor_hash: 'v1',
  ...overrides,
});

/** The behaviour every analytics adapter must have, through the real analytics queries. */
export function analyticsStoreContract(open: () => Promise<AnalyticsStore>) {
  let store: AnalyticsStore;
  beforeAll(async () => {
    store = await open();
    await store.truncate();
  });
  afterAll(async () => {
    await store.close();
  });

  it('starts empty and reports the last stored position as its checkpoint', async () => {
    expect(await store.lastPosition()).toBe(0);
    await store.insertClicks([click({ link_id: 99 }), click({ link_id: 99 })]);
    expect(await store.lastPosition()).toBe(position);
    await store.insertClicks([]);
    expect(await store.lastPosition()).toBe(position);
  });

  it('computes a link’s analytics with only human clicks, by period, date, referrer and country', async () => {
    const now = new Date('2026-11-22T15:00:00Z'); // a Sunday: the week began Monday the 16th
    await store.insertClicks([
      click({ link_id: 7, at: '2026-11-22 09:00:00.000', country: 'US', referrer: 'news.ycombinator.com' }),
      click({ link_id: 7, at: '2026-11-22 00:00:00.000', country: 'US', referrer: 'news.ycombinator.com' }),
      click({ link_id: 7, at: '2026-11-21 23:59:59.999', country: 'DE', referrer: '' }),
      click({ link_id: 7, at: '2026-11-16 00:00:00.000', country: 'DE', referrer: 't.co' }),
      click({ link_id: 7, at: '2026-11-15 23:00:00.000', country: '', referrer: 't.co' }),
      click({ link_id: 7, at: '2026-10-31 23:00:00.000', country: 'US', referrer: '' }),
      click({ link_id: 7, at: '2026-11-22 10:00:00.000', country: 'US', referrer: 'google.com', is_bot: 1 }),
      click({ link_id: 8, at: '2026-11-22 10:00:00.000', country: 'FR', referrer: 'google.com' }),
    ]);
    const analytics = await linkAnalytics(store, 7, now);
    expect(analytics.total_clicks).toBe(6);
    expect(analytics.clicks_today).toBe(2);
    expect(analytics.clicks_this_week).toBe(4);
    expect(analytics.clicks_this_month).toBe(5);
    expect(analytics.top_countries).toEqual([
      { country: 'US', count: 3 },
      { country: 'DE', count: 2 },
      { country: 'Unknown', count: 1 },
    ]);
    expect(analytics.top_referrers).toEqual([
      { referrer: 'Direct', count: 2 },
      { referrer: 'news.ycombinator.com', count: 2 },
      { referrer: 't.co', count: 2 },
    ]);
    expect(analytics.clicks_by_date).toHaveLength(30);
    expect(analytics.clicks_by_date[0]).toEqual({ date: '2026-10-24', clicks: 0 });
    expect(analytics.clicks_by_date.at(-1)).toEqual({ date: '2026-11-22', clicks: 2 });
    expect(analytics.clicks_by_date.find((d) => d.date === '2026-11-21')).toEqual({ date: '2026-11-21', clicks: 1 });
    expect(analytics.clicks_by_date.find((d) => d.date === '2026-10-31')).toEqual({ date: '2026-10-31', clicks: 1 });
    expect(analytics.clicks_by_date.reduce((sum, d) => sum + d.clicks, 0)).toBe(6);
  });

  it('answers an empty analytics for a link without clicks', async () => {
    const analytics = await linkAnalytics(store, 12345, new Date('2026-11-22T15:00:00Z'));
    expect(analytics).toMatchObject({ total_clicks: 0, clicks_today: 0, top_referrers: [], top_countries: [] });
    expect(analytics.clicks_by_date.every((d) => d.clicks === 0)).toBe(true);
  });

  it('truncates for a rebuild', async () => {
    await store.truncate();
    expect(await store.lastPosition()).toBe(0);
    await expect(store.ping()).resolves.toBeUndefined();
  });
}
