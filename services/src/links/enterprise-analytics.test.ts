import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signIn, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('GET /api/urls/{id}/analytics/enterprise', () => {
  let t: TestApp;
  let now = new Date('2026-09-01T00:00:00.000Z');
  const owners = new Map<string, { headers: Record<string, string>; linkId: number }>();

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
    const links = new Map<string, { id: number; owner_id: number }>();
    for (const email of ['enterprise@example.com', 'pro@example.com', 'free@example.com']) {
      const { headers, user } = await signUp(t.app, email);
      const link = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/when' } });
      links.set(email, { id: link.json<{ id: number }>().id, owner_id: user.id });
    }
    const enterprise = links.get('enterprise@example.com')!;
    // The period before (2026-09-24 … 2026-10-23): four visitors on a Saturday at 03:00 UTC.
    now = new Date('2026-10-10T03:00:00.000Z');
    await seedClicks(t.platform, enterprise, 4, [CHROME], { visitor_hash: 'before' });
    // This period (the last 30 days to Sunday 2026-11-22): two on a Monday at 21:00, three on a Friday at 09:15.
    now = new Date('2026-11-16T21:00:00.000Z');
    await seedClicks(t.platform, enterprise, 2, [CHROME], { visitor_hash: 'monday' });
    now = new Date('2026-11-20T09:15:00.000Z');
    await seedClicks(t.platform, enterprise, 3, [CHROME], { visitor_hash: 'friday' });
    now = new Date('2026-11-22T12:00:00.000Z');
    await projectorsCaughtUp(t.platform);
    await givePlan(t.platform, enterprise.owner_id, 'enterprise');
    await givePlan(t.platform, links.get('pro@example.com')!.owner_id, 'pro');
    for (const [email, link] of links) owners.set(email, { headers: (await signIn(t.app, email)).headers, linkId: link.id });
  });
  afterAll(async () => t.close());

  const enterpriseAnalytics = (email: string, query = '') => {
    const owner = owners.get(email)!;
    return t.app.inject({ url: `/api/urls/${owner.linkId}/analytics/enterprise${query}`, headers: owner.headers });
  };

  it('counts clicks per hour of the day and weekday in UTC, every hour and day present', async () => {
    const response = await enterpriseAnalytics('enterprise@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.time_zone).toBe('UTC');
    expect(answer.by_hour).toHaveLength(24);
    expect(answer.by_hour.filter((row: { clicks: number }) => row.clicks > 0)).toEqual([
      { hour: 9, clicks: 3 },
      { hour: 21, clicks: 2 },
    ]);
    expect(answer.by_weekday).toHaveLength(7);
    expect(answer.by_weekday.filter((row: { clicks: number }) => row.clicks > 0)).toEqual([
      { weekday: 1, clicks: 2 },
      { weekday: 5, clicks: 3 },
    ]);
  });

  it('compares the period with the one of the same length just before it', async () => {
    const answer = (await enterpriseAnalytics('enterprise@example.com')).json();
    expect(answer.comparison).toEqual({
      current: { date_from: '2026-10-24', date_to: '2026-11-22', clicks: 5, unique_visitors: 5 },
      previous: { date_from: '2026-09-24', date_to: '2026-10-23', clicks: 4, unique_visitors: 4 },
      clicks_change_percent: 25,
      unique_visitors_change_percent: 25,
    });
    const week = (await enterpriseAnalytics('enterprise@example.com', '?date_from=2026-11-16&date_to=2026-11-22')).json();
    expect(week.comparison).toMatchObject({
      current: { clicks: 5 },
      previous: { date_from: '2026-11-09', date_to: '2026-11-15', clicks: 0 },
      clicks_change_percent: null,
    });
    expect(week.by_weekday.find((row: { weekday: number }) => row.weekday === 6).clicks).toBe(0);
  });

  it('is refused with the plan’s note to Pro and Free workspaces', async () => {
    for (const email of ['pro@example.com', 'free@example.com']) {
      const refused = await enterpriseAnalytics(email);
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json().detail).toContain('available on the Enterprise plan');
    }
  });
});
