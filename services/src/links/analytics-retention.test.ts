import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanChanged } from '@linkledger/contracts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signIn, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-22T12:00:00.000Z');
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** Clicks seeded this many days ago, a different count at each age so every sum tells which ages it holds. */
const AGES = [
  { daysAgo: 400, clicks: 1 },
  { daysAgo: 100, clicks: 2 },
  { daysAgo: 40, clicks: 4 },
  { daysAgo: 10, clicks: 8 },
];

interface Owner {
  email: string;
  plan: PlanChanged['plan_type'];
  /** An admin's own retention for the user. */
  override?: number;
  /** The clicks their analytics should show: those of the ages within their retention. */
  shown: number;
  since: string;
}

// Retention is a view over the log (docs/privacy.md#analytics-retention): the same clicks, four windows.
const OWNERS: Owner[] = [
  { email: 'free@example.com', plan: 'free', shown: 8, since: '2026-10-24' },
  { email: 'pro@example.com', plan: 'pro', shown: 12, since: '2026-08-25' },
  { email: 'enterprise@example.com', plan: 'enterprise', shown: 14, since: '2025-11-23' },
  { email: 'override@example.com', plan: 'free', override: 500, shown: 15, since: '2025-07-11' },
];

describe('analytics retention by plan', () => {
  let t: TestApp;
  let now = new Date(NOW.getTime() - 401 * DAY_MS);
  const sessions = new Map<string, { headers: Record<string, string>; link: { id: number; short_code: string }; key: string }>();

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
    const root = await signUp(t.app, 'root@example.com');
    const links = new Map<string, { id: number; owner_id: number; short_code: string }>();
    for (const owner of OWNERS) {
      const { headers, user } = await signUp(t.app, owner.email);
      const link = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/kept' } });
      links.set(owner.email, { ...link.json<{ id: number; short_code: string }>(), owner_id: user.id });
    }
    for (const age of AGES) {
      now = new Date(NOW.getTime() - age.daysAgo * DAY_MS);
      for (const link of links.values()) await seedClicks(t.platform, link, age.clicks, [CHROME], { visitor_hash: `aged-${age.daysAgo}` });
    }
    now = NOW;
    await projectorsCaughtUp(t.platform);
    const admin = await signIn(t.app, 'root@example.com');
    expect(root.headers).toBeDefined();
    for (const owner of OWNERS) {
      const link = links.get(owner.email)!;
      if (owner.plan !== 'free') await givePlan(t.platform, link.owner_id, owner.plan);
      if (owner.override) {
        const limits = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/api/users/${link.owner_id}/limits`,
          headers: admin.headers,
          payload: { custom_analytics_retention_days: owner.override },
        });
        expect(limits.statusCode, limits.body).toBe(200);
        expect(limits.json()).toMatchObject({ custom_analytics_retention_days: owner.override, current_limits: { analytics_retention_days: owner.override } });
      }
      const { headers } = await signIn(t.app, owner.email);
      const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers })).json<{ api_key: string }>().api_key;
      sessions.set(owner.email, { headers, link, key });
    }
  });
  afterAll(async () => t.close());

  const get = async (email: string, url: string) => {
    const session = sessions.get(email)!;
    const response = await t.app.inject({ url: url.replace(':id', String(session.link.id)), headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it.each(OWNERS)('shows $email only the clicks within its retention in a link’s analytics, and says how far back it reaches', async (owner) => {
    const all = await get(owner.email, '/api/urls/:id/analytics');
    expect(all.total_clicks).toBe(owner.shown);
    expect(all.top_countries).toEqual([{ country: 'IN', count: owner.shown }]);
    expect(all.unique_visitors).toBe(owner.shown);
    expect(all.retention).toEqual({ days: owner.override ?? { free: 30, pro: 90, enterprise: 365 }[owner.plan], since: owner.since, clipped: false });
  });

  it.each(OWNERS)('clips a period asked for before the retention of $email to it rather than refusing it', async (owner) => {
    const asked = await get(owner.email, '/api/urls/:id/analytics?date_from=2025-11-25&date_to=2026-11-22');
    const shownDays = asked.clicks_by_date.map((day: { date: string }) => day.date);
    expect(shownDays[0]).toBe(owner.since > '2025-11-25' ? owner.since : '2025-11-25');
    const inSeries = asked.clicks_by_date.reduce((sum: number, day: { clicks: number }) => sum + day.clicks, 0);
    expect(inSeries).toBe(Math.min(owner.shown, 14));
    expect(asked.retention.clipped).toBe(owner.since > '2025-11-25');
  });

  it('answers a period wholly before the retention with no clicks in it, not an error', async () => {
    const old = await get('free@example.com', '/api/urls/:id/analytics?date_from=2026-08-01&date_to=2026-08-31');
    // total_clicks is the link's whole (retained) count whatever the period; the period's own figures are empty.
    expect(old).toMatchObject({ total_clicks: 8, clicks_by_date: [], top_countries: [], unique_visitors: 0, retention: { clipped: true } });
  });

  it.each(OWNERS)('bounds the Shlink API’s visits of $email by the same retention', async (owner) => {
    const session = sessions.get(owner.email)!;
    const shlink = (url: string) => t.app.inject({ url, headers: { 'x-api-key': session.key } });
    const visits = await shlink(`/rest/v3/short-urls/${session.link.short_code}/visits?itemsPerPage=50`);
    expect(visits.statusCode, visits.body).toBe(200);
    expect(visits.json().visits.pagination.totalItems).toBe(owner.shown);
    const early = await shlink(`/rest/v3/short-urls/${session.link.short_code}/visits?startDate=2024-01-01T00:00:00Z`);
    expect(early.json().visits.pagination.totalItems).toBe(owner.shown);
    const overview = await shlink('/rest/v3/visits');
    expect(overview.json().visits.nonOrphanVisits.total).toBe(owner.shown);
  });

  it('bounds the campaign and tag analytics by the retention too', async () => {
    const tag = await t.app.inject({ method: 'POST', url: '/api/tags', headers: sessions.get('free@example.com')!.headers, payload: { name: 'kept' } });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagged = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${sessions.get('free@example.com')!.link.id}`,
      headers: sessions.get('free@example.com')!.headers,
      payload: { tags: ['kept'], utm_campaign: 'autumn' },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const tagAnalytics = await get('free@example.com', `/api/tags/${tag.json().id}/analytics?date_from=2026-01-01&date_to=2026-11-22`);
    expect(tagAnalytics).toMatchObject({ total_clicks: 8, retention: { days: 30, since: '2026-10-24', clipped: true } });
    expect(tagAnalytics.clicks_by_date[0].date).toBe('2026-10-24');
    const campaigns = await get('free@example.com', '/api/analytics/campaigns?date_from=2026-01-01');
    expect(campaigns).toMatchObject({ date_from: '2026-10-24', campaigns: [{ campaign: 'autumn', clicks: 8 }], retention: { clipped: true } });
  });
});
