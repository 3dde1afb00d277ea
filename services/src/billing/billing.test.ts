import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, FEATURE_KEYS } from '@linkledger/contracts';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { EXPORT_NOT_IN_PLAN } from './feature-gate.ts';

describe('plans, subscription and limits', () => {
  let t: TestApp;
  let now = new Date('2026-03-10T12:00:00Z');
  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    await signUp(t.app, 'root@example.com'); // the first account is the super admin
  });
  afterAll(async () => t.close());

  const create = (headers: Record<string, string>, n: number) =>
    t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: `https://example.com/page/${n}` } });
  /** A new sign-in: moving the clock weeks ahead outlives the earlier token. */
  const signIn = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent('correct horse')}`,
    });
    return { authorization: `Bearer ${response.json().access_token}` };
  };
  const subscription = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers })).json();

  it('publishes the plan catalogue to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(response.statusCode).toBe(200);
    const { plans, features } = response.json();
    expect(
      plans.map((p: { name: string; price_monthly: number; price_yearly: number | null; monthly_links_limit: number }) => [
        p.name,
        p.price_monthly,
        p.price_yearly,
        p.monthly_links_limit,
      ]),
    ).toEqual([
      ['free', 0, null, 10],
      ['pro', 999, 9990, 1000],
      ['enterprise', 4999, 49990, 10000],
    ]);
    expect(features.map((f: { key: string }) => f.key)).toEqual(FEATURE_KEYS);
  });

  it('starts every new user on free, with its features, limits and empty usage', async () => {
    const { headers } = await signUp(t.app, 'new@example.com');
    const current = await subscription(headers);
    expect(current).toMatchObject({
      plan_type: 'free',
      status: 'active',
      billing_cycle: 'monthly',
      current_period_end: null,
      feature_list: ['basic_analytics', 'advanced_analytics', 'qr_code_generation', 'bulk_link_creation', 'api_access'],
      usage: { links_created: 0, api_calls: 0, total_clicks: 0 },
      limits: { monthly_links: 10, api_calls_per_minute: 100, custom_domains: 0 },
      usage_resets_at: '2026-04-01T00:00:00.000Z',
    });
    expect(current.plan.name).toBe('free');
    expect(current.features.csv_import_export).toBe(false);
    expect(current.features.qr_code_generation).toBe(true);
    expect(Object.keys(current.features)).toHaveLength(FEATURE_KEYS.length);
  });

  it('refuses the link after the monthly limit, counts deleted links, and starts again next month', async () => {
    const { headers } = await signUp(t.app, 'limited@example.com');
    const first = await create(headers, 0);
    expect(first.statusCode).toBe(201);
    // Deleting gives no quota back.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/urls/${first.json().id}`, headers })).statusCode).toBe(200);
    for (let n = 1; n < 10; n++) expect((await create(headers, n)).statusCode).toBe(201);
    const refused = await create(headers, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'You have created all 10 links your Free plan allows this month. Upgrade your plan on the pricing page, or wait until the 1st of next month.',
    );
    expect((await subscription(headers)).usage.links_created).toBe(10);
    const listed = await t.app.inject({ method: 'GET', url: '/api/urls?include_counts=true', headers });
    expect(listed.json().total).toBe(9);

    now = new Date('2026-04-01T00:00:01Z');
    try {
      const nextMonth = await signIn('limited@example.com');
      expect((await create(nextMonth, 11)).statusCode).toBe(201);
      expect((await subscription(nextMonth)).usage.links_created).toBe(1);
    } finally {
      now = new Date('2026-03-10T12:00:00Z');
    }
  });

  it('lets no burst of parallel creations past the limit', async () => {
    const { headers } = await signUp(t.app, 'burst@example.com');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => create(headers, n)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(6);
  });

  it('gives a paid plan its limits and features, and keeps it after a cancellation until the period ends', async () => {
    const account = await signUp(t.app, 'payer@example.com');
    await givePlan(t.platform, account.user.id, 'pro');
    let current = await subscription(account.headers);
    expect(current.plan_type).toBe('pro');
    expect(current.limits).toEqual({ monthly_links: 1000, api_calls_per_minute: 1000, custom_domains: 2, seats: 5 });
    expect(current.features.csv_import_export).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: account.headers });
    expect(me.json().plan_type).toBe('pro');

    await givePlan(t.platform, account.user.id, 'pro', { status: 'cancelled', reason: 'cancelled', period_end: '2026-03-20T00:00:00Z' });
    current = await subscription(account.headers);
    expect([current.plan_type, current.status]).toEqual(['pro', 'cancelled']);

    now = new Date('2026-03-21T00:00:00Z');
    try {
      current = await subscription(await signIn('payer@example.com'));
      expect([current.plan_type, current.limits.monthly_links]).toEqual(['free', 10]);
    } finally {
      now = new Date('2026-03-10T12:00:00Z');
    }
  });

  it('refuses export on the free plan with the plan message, and allows it on pro', async () => {
    const account = await signUp(t.app, 'exporter@example.com');
    const refused = await t.app.inject({ method: 'GET', url: '/api/urls/export', headers: account.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(EXPORT_NOT_IN_PLAN);
    expect(EXPORT_NOT_IN_PLAN).toBe('Export feature is only available on Pro and Enterprise plans. Upgrade your plan to export your URLs.');
    await givePlan(t.platform, account.user.id, 'enterprise');
    const allowed = await t.app.inject({ method: 'GET', url: '/api/urls/export', headers: account.headers });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toContain('text/csv');
  });

  it('counts clicks in the usage', async () => {
    const { headers } = await signUp(t.app, 'clicked@example.com');
    const link = (await create(headers, 1)).json();
    for (let i = 0; i < 3; i++) {
      const visit = await t.app.inject({
        method: 'GET',
        url: `/${link.short_code}`,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
      });
      expect(visit.statusCode).toBe(302);
    }
    await expect.poll(async () => (await subscription(headers)).usage.total_clicks).toBe(3);
  });

  it('lets an admin change a user’s plan at once, and nobody else', async () => {
    const root = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=root%40example.com&password=${encodeURIComponent('correct horse')}`,
    });
    const admin = { authorization: `Bearer ${root.json().access_token}` };
    const user = await signUp(t.app, 'upgraded@example.com');
    const change = (headers: Record<string, string>, id: number, plan_type: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/change-plan`, headers, payload: { plan_type } });

    const refused = await change(user.headers, user.user.id, 'enterprise');
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'Only an admin or super admin can change a user’s plan.']);
    expect((await subscription(user.headers)).plan_type).toBe('free');

    const done = await change(admin, user.user.id, 'enterprise');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Plan changed successfully: the user is now on the enterprise plan.',
      user_id: user.user.id,
      plan_type: 'enterprise',
    });
    const current = await subscription(user.headers);
    expect([current.plan_type, current.current_period_end, current.limits.monthly_links]).toEqual(['enterprise', null, 10000]);

    // The same plan again records nothing.
    const head = await t.platform.events.headPosition();
    expect((await change(admin, user.user.id, 'enterprise')).statusCode).toBe(200);
    expect(await t.platform.events.headPosition()).toBe(head);

    expect((await change(admin, 999_999, 'pro')).statusCode).toBe(404);
    const bad = await change(admin, user.user.id, 'platinum');
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'Plan type must be one of: free, pro, enterprise']);
  });

  it('keeps every plan’s yearly price below twelve months of the monthly one', () => {
    for (const plan of DEFAULT_PLANS) if (plan.price_yearly !== null) expect(plan.price_yearly).toBeLessThan(plan.price_monthly * 12);
  });
});
