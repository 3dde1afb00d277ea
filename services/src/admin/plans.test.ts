import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

describe('an admin edits the plan catalogue', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await startWithSuperAdmin()));
  afterAll(async () => t.close());

  const editPlan = (id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/subscription/plans/${id}`, headers: admin.headers, payload });
  const publicPlans = async () =>
    (await t.app.inject('/api/subscription/plans')).json<{
      plans: { name: string; price_monthly: number; monthly_links_limit: number; features: string[] }[];
    }>().plans;

  it('changes what the plans call, the subscription and the link limit say, from the next request', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    const free = (await publicPlans()).find((plan) => plan.name === 'free')!;
    const edited = await editPlan(1, { monthly_links_limit: 2, display_name: 'Starter' });
    expect(edited.json()).toMatchObject({
      message: 'Plan updated successfully',
      plan: { id: 1, name: 'free', display_name: 'Starter', monthly_links_limit: 2, price_monthly: 0 },
    });
    expect((await publicPlans()).find((plan) => plan.name === 'free')).toMatchObject({ ...free, display_name: 'Starter', monthly_links_limit: 2 });
    const current = (await t.app.inject({ url: '/api/subscription/current', headers: ada.headers })).json();
    expect(current).toMatchObject({ plan: { display_name: 'Starter' }, limits: { monthly_links: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/urls', headers: ada.headers, payload: { original_url: `https://example.com/${i}` } })).statusCode,
      );
    expect(statuses).toEqual([201, 201, 403]);
    await editPlan(1, { monthly_links_limit: 10, display_name: 'Free' });
  });

  it('takes the plan back whole, as the list shows it, and refuses a field no plan has, naming it', async () => {
    const listed = (await t.app.inject({ url: '/api/admin/plans', headers: admin.headers })).json<{ plans: { id: number }[] }>().plans;
    const enterprise = listed.find((plan) => plan.id === 3)!;
    const whole = await editPlan(3, { ...enterprise, display_name: 'Enterprise+' });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().plan).toEqual({ ...enterprise, display_name: 'Enterprise+' });
    const misspelt = await editPlan(3, { ...enterprise, monthly_link_limit: 5 });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().detail).toContain('monthly_link_limit');
    await editPlan(3, { display_name: 'Enterprise' });
  });

  it('refuses an empty or 0 price for a paid plan, naming the field as the screen does, until a free price is confirmed', async () => {
    const priceOfPro = async () => (await publicPlans()).find((plan) => plan.name === 'pro')!.price_monthly;
    const before = await priceOfPro();
    for (const empty of ['', null]) {
      const refused = await editPlan(2, { price_monthly: empty });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toContain('Monthly price');
    }
    const zero = await editPlan(2, { price_monthly: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toBe(
      'Monthly price (₹) of Pro is 0, which makes it free for everyone who takes it: enter a price, or confirm that Pro is free.',
    );
    expect((await editPlan(2, { price_yearly: 0 })).json().detail).toContain('Yearly price (₹) of Pro is 0');
    expect(await priceOfPro()).toBe(before);
    expect((await editPlan(2, { price_monthly: 0, confirm_free_price: false })).statusCode).toBe(400);

    const confirmed = await editPlan(2, { price_monthly: 0, confirm_free_price: true });
    expect(confirmed.statusCode).toBe(200);
    expect(await priceOfPro()).toBe(0);
    await editPlan(2, { price_monthly: before });
  });

  it('prices in rupees to the paisa, features that gate at once, and inactive plans off the public list', async () => {
    const bo = await signUp(t.app, 'bo@example.com');
    await givePlan(t.platform, bo.user.id, 'pro');
    expect((await t.app.inject({ url: '/api/urls/export', headers: bo.headers })).statusCode).toBe(200);
    const pro = (await publicPlans()).find((plan) => plan.name === 'pro')!;
    const edited = await editPlan(2, { price_monthly: 1299.99, features: pro.features.filter((feature) => feature !== 'csv_import_export') });
    expect(edited.json().plan).toMatchObject({ price_monthly: 1299.99 });
    expect((await t.app.inject({ url: '/api/urls/export', headers: bo.headers })).statusCode).toBe(403);

    await editPlan(3, { is_active: false });
    expect((await publicPlans()).map((plan) => plan.name)).toEqual(['free', 'pro']);
    const all = await t.app.inject({ url: '/api/admin/plans', headers: admin.headers });
    expect(all.json().plans.map((plan: { name: string; is_active: boolean }) => [plan.name, plan.is_active])).toEqual([
      ['free', true],
      ['pro', true],
      ['enterprise', false],
    ]);
    const events = await t.platform.events.readStream('plan-2');
    expect(events.at(-1)!.data).toMatchObject({ price_monthly_paise: 129999 });
    expect(events.at(-1)!.metadata.actor).toEqual({ kind: 'user', id: String(admin.user.id) });
  });

  it('refuses what a person could not mean, saying why, and changes nothing', async () => {
    const cases: [number, object, string][] = [
      [2, { price_monthly: -1 }, 'Monthly price cannot be negative'],
      [2, { price_monthly: 10.123 }, 'Monthly price can have at most 2 decimals (paise)'],
      [2, { monthly_links_limit: -2 }, 'Monthly links must be -1 (unlimited) or more'],
      [2, { display_name: '  ' }, 'Display name is required'],
      [2, { features: ['teleportation'] }, ''],
      [1, { price_monthly: 99 }, 'The free plan cannot have a price: every new account starts on it.'],
      [1, { is_active: false }, 'The free plan cannot be deactivated: every new account starts on it.'],
    ];
    for (const [id, payload, detail] of cases) {
      const refused = await editPlan(id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      if (detail) expect(refused.json().detail).toBe(detail);
    }
    expect((await editPlan(9, { display_name: 'Ultra' })).statusCode).toBe(404);
    expect((await publicPlans()).find((plan) => plan.name === 'pro')).toMatchObject({ price_monthly: 1299.99 });
  });
});
