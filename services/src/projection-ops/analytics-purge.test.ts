import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClicksAnalyticsTarget, latestBotPolicy, latestPurgeHorizon, rebuild } from '@linkledger/projections';
import { giveUnlimitedRetention } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signIn, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-22T12:00:00.000Z');
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('POST /api/admin/analytics/purge', () => {
  let t: TestApp;
  let now = new Date(NOW.getTime() - 101 * DAY_MS);
  let link: { id: number; owner_id: number };
  let owner: Record<string, string>;
  let root: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
    await signUp(t.app, 'root@example.com');
    const { headers, user } = await signUp(t.app, 'owner@example.com');
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/old' } });
    link = { id: created.json<{ id: number }>().id, owner_id: user.id };
    now = new Date(NOW.getTime() - 100 * DAY_MS);
    await seedClicks(t.platform, link, 3, [CHROME], { visitor_hash: 'old' });
    now = new Date(NOW.getTime() - 10 * DAY_MS);
    await seedClicks(t.platform, link, 2, [CHROME], { visitor_hash: 'recent' });
    now = NOW;
    await giveUnlimitedRetention(t.platform, user.id);
    await projectorsCaughtUp(t.platform);
    owner = (await signIn(t.app, 'owner@example.com')).headers;
    root = (await signIn(t.app, 'root@example.com')).headers;
  });
  afterAll(async () => t.close());

  const totalClicks = async () => (await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: owner })).json<{ total_clicks: number }>().total_clicks;
  const clicksInLog = async () => (await t.platform.events.readStream(`clicks-${link.id}`)).length;

  it('is the super admin’s alone, and refuses a period that is not a whole number of days', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/analytics/purge', headers: owner, payload: { older_than_days: 30 } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/analytics/purge', headers: root, payload: { older_than_days: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(await totalClicks()).toBe(5);
  });

  it('deletes the older rows from analytics, keeps the clicks in the log, and a rebuild does not bring them back', async () => {
    const purged = await t.app.inject({ method: 'POST', url: '/api/admin/analytics/purge', headers: root, payload: { older_than_days: 30 } });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toMatchObject({ before: '2026-10-24T00:00:00.000Z', older_than_days: 30 });
    expect(await totalClicks()).toBe(2);
    expect(await clicksInLog()).toBe(5);

    await projectorsCaughtUp(t.platform);
    await rebuild(
      t.platform.events,
      new ClicksAnalyticsTarget(t.platform.analytics, latestBotPolicy(t.platform.events), latestPurgeHorizon(t.platform.events)),
    );
    expect(await totalClicks()).toBe(2);
    expect(await clicksInLog()).toBe(5);
  });

  it('keeps new clicks after a purge', async () => {
    await seedClicks(t.platform, link, 1, [CHROME], { visitor_hash: 'new' });
    await projectorsCaughtUp(t.platform);
    expect(await totalClicks()).toBe(3);
  });
});
