import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };

describe('the admin’s overview, system and subscription figures', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await startWithSuperAdmin()));
  afterAll(async () => t.close());

  it('counts users, links, human clicks and this month’s new users', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    const link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: ada.headers, payload: { original_url: 'https://example.com/' } })).json<{
      short_code: string;
    }>();
    await t.app.inject({ url: `/${link.short_code}`, headers: browser });
    await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    const stats = async () => (await t.app.inject({ url: '/api/admin/stats', headers: admin.headers })).json();
    await expect.poll(stats, { timeout: 5000 }).toEqual({ total_users: 2, total_urls: 1, total_clicks: 1, new_users_this_month: 2 });
  });

  it('reports the version, the stores, the log’s head, each projector’s lag and the data sizes', async () => {
    const report = (await t.app.inject({ url: '/api/admin/system', headers: admin.headers })).json();
    expect(report).toMatchObject({
      version: '1.0.0',
      role: 'all',
      stores: { events: { status: 'up', adapter: 'sqlite' }, read: { status: 'up' }, analytics: { status: 'up' } },
    });
    expect(report.node).toBe(process.version);
    expect(report.head_position).toBeGreaterThan(0);
    expect(report.projectors.map((p: { name: string }) => p.name).sort()).toEqual(['accounts-links', 'analytics-clicks'].sort());
    // Events waiting for the projector, never more than the positions after its checkpoint.
    for (const projector of report.projectors) expect(projector.lag).toBeLessThanOrEqual(report.head_position - projector.checkpoint);
    // Caught up, the analytics projector too (it writes only clicks, but reads past everything else).
    await signUp(t.app, 'late@example.com');
    const lags = async () => (await t.app.inject({ url: '/api/admin/system', headers: admin.headers })).json().projectors.map((p: { lag: number }) => p.lag);
    await expect.poll(lags, { timeout: 5000 }).toEqual([0, 0]);
    expect(report.data_sizes.events).toBeGreaterThan(0);
    expect(report.data_sizes.read).toBeGreaterThan(0);
  });

  it('shows a user’s subscription and its history, newest first', async () => {
    const bo = await signUp(t.app, 'bo@example.com');
    await givePlan(t.platform, bo.user.id, 'pro');
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${bo.user.id}/change-plan`, headers: admin.headers, payload: { plan_type: 'enterprise' } });
    const subscription = await t.app.inject({ url: `/api/admin/users/${bo.user.id}/subscription`, headers: admin.headers });
    expect(subscription.json()).toMatchObject({ plan_type: 'enterprise', status: 'active', limits: { monthly_links: 10000 } });
    const history = await t.app.inject({ url: `/api/admin/users/${bo.user.id}/subscription/history`, headers: admin.headers });
    expect(history.json().history.map((h: { plan_name: string; reason: string }) => [h.plan_name, h.reason])).toEqual([
      ['enterprise', 'admin'],
      ['pro', 'admin'],
    ]);
    expect((await t.app.inject({ url: '/api/admin/users/999999/subscription', headers: admin.headers })).statusCode).toBe(404);
  });
});
