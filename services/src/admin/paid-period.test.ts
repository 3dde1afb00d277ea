import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signIn, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const DAY = 86_400_000;

describe('the paid period an admin’s plan change would end', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  let now = new Date('2026-11-02T10:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    admin = await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => t.close());

  const paidPeriod = async (userId: number) => (await t.app.inject({ url: `/api/admin/users/${userId}/paid-period`, headers: admin.headers })).json();

  it('says what is left of a paid period and what it was worth, and nothing once the admin’s change has ended it', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    expect(await paidPeriod(ada.user.id)).toEqual({
      plan_type: 'free',
      billing_cycle: 'monthly',
      paid: false,
      period_end: null,
      unused_value_paise: 0,
      unused_days: 0,
    });

    const order = (
      await t.app.inject({ method: 'POST', url: '/api/payment/create-intent', headers: ada.headers, payload: { plan_type: 'pro', billing_cycle: 'monthly' } })
    ).json();
    const paid = (
      await t.app.inject({ method: 'POST', url: `/api/payment/test-checkout/${order.order.order_id}`, headers: ada.headers, payload: { outcome: 'pay' } })
    ).json();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify',
      headers: ada.headers,
      payload: {
        payment_id: paid.razorpay_payment_id,
        order_id: paid.razorpay_order_id,
        signature: paid.razorpay_signature,
        plan_type: 'pro',
        billing_cycle: 'monthly',
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const subscription = (await t.app.inject({ url: '/api/subscription/current', headers: ada.headers })).json();
    const start = Date.parse(subscription.current_period_start);
    const end = Date.parse(subscription.current_period_end);

    now = new Date(now.getTime() + 10 * DAY);
    admin = await signIn(t.app, 'root@example.com'); // sessions do not last ten days
    const worth = order.order.amount as number;
    const period = await paidPeriod(ada.user.id);
    expect(period).toMatchObject({
      plan_type: 'pro',
      paid: true,
      period_end: subscription.current_period_end,
      unused_days: Math.ceil((end - now.getTime()) / DAY),
    });
    expect(period.unused_value_paise).toBe(Math.floor((worth * (end - now.getTime())) / (end - start)));
    expect(period.unused_value_paise).toBeGreaterThan(0);

    await t.app.inject({ method: 'POST', url: `/api/admin/users/${ada.user.id}/change-plan`, headers: admin.headers, payload: { plan_type: 'enterprise' } });
    expect(await paidPeriod(ada.user.id)).toMatchObject({ plan_type: 'enterprise', paid: false, unused_value_paise: 0 });
  });

  it('counts an admin’s grant as nothing paid, and answers 404 for nobody', async () => {
    const bo = await signUp(t.app, 'bo@example.com');
    await givePlan(t.platform, bo.user.id, 'pro');
    expect(await paidPeriod(bo.user.id)).toMatchObject({ plan_type: 'pro', paid: false, unused_value_paise: 0 });
    expect((await t.app.inject({ url: '/api/admin/users/999999/paid-period', headers: admin.headers })).statusCode).toBe(404);
  });
});
