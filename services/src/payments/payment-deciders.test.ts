import { describe, expect, it } from 'vitest';
import { defaultPlan, type DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { recorded } from '../testing/recorded.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from '../billing/subscription-state.ts';
import { quotePayment } from './payment-quote.ts';
import { ORDER_NOT_FOUND, createOrderDecider, decideCapture, refundDecider } from './payment-order-deciders.ts';
import { cancelDecider, expireDecider, reminderDecider } from './subscription-deciders.ts';
import { evolveOrder } from './payment-order-state.ts';
import type { PaymentDetails } from './payment-gateway.ts';
import { foldEvents } from '../commands/event-port.ts';

const USER = 7;
const at = (iso: string) => new Date(iso);
const subscriptions = deciderSpec(cancelDecider);
const orders = deciderSpec(createOrderDecider);

const activated = (plan: 'pro' | 'enterprise', start: string, end: string, order = 'order_A', value = 99_900): DomainEvent => ({
  type: 'SubscriptionActivated',
  data: { user_id: USER, plan_type: plan, billing_cycle: 'monthly', period_start: start, period_end: end, order_id: order, period_value_paise: value },
});
const proFromNov23 = () => subscriptions.given([activated('pro', '2026-11-23T00:00:00.000Z', '2026-12-23T00:00:00.000Z')]).state;

const orderCreated = (purpose: 'new' | 'renewal' | 'upgrade' = 'new', amount = 99_900): DomainEvent => ({
  type: 'PaymentOrderCreated',
  data: {
    order_id: 'order_B',
    user_id: USER,
    plan_type: 'pro',
    billing_cycle: 'monthly',
    purpose,
    list_price_paise: 99_900,
    credit_paise: 99_900 - amount,
    amount_paise: amount,
    currency: 'INR',
    gateway: 'test',
  },
});
const payment = (overrides: Partial<PaymentDetails> = {}): PaymentDetails => ({
  id: 'pay_B',
  orderId: 'order_B',
  status: 'captured',
  amountPaise: 99_900,
  currency: 'INR',
  method: 'card',
  card: { network: 'Visa', last4: '4242' },
  ...overrides,
});
const plans = { free: defaultPlan('free'), pro: defaultPlan('pro'), enterprise: defaultPlan('enterprise') };
const capture = (now = at('2026-11-23T10:00:00Z')) => ({ orderId: 'order_B', workspaceId: USER, payment: payment(), via: 'checkout' as const, now, plans });

describe('what paying for a plan buys', () => {
  const pro = defaultPlan('pro');
  const enterprise = defaultPlan('enterprise');

  it('given no paid period, when Pro monthly is quoted, then a month starts now at list price', () => {
    const quote = quotePayment(pro, 'monthly', noSubscription, 'Free', at('2026-01-31T12:00:00Z'));
    expect(quote).toMatchObject({ purpose: 'new', listPricePaise: 99_900, creditPaise: 0, amountPaise: 99_900, periodEnd: at('2026-02-28T12:00:00Z') });
  });

  it('given Pro running, when Pro monthly is quoted again, then the next month follows the current one', () => {
    const quote = quotePayment(pro, 'monthly', proFromNov23(), 'Pro', at('2026-12-01T00:00:00Z'));
    expect(quote).toMatchObject({ purpose: 'renewal', amountPaise: 99_900, periodStart: at('2026-12-23T00:00:00Z'), periodEnd: at('2027-01-23T00:00:00Z') });
  });

  it('given Pro half used, when Enterprise is quoted, then half of Pro’s worth comes off and Enterprise starts now', () => {
    const quote = quotePayment(enterprise, 'monthly', proFromNov23(), 'Pro', at('2026-12-08T00:00:00Z'));
    expect(quote).toMatchObject({
      purpose: 'upgrade',
      listPricePaise: 499_900,
      creditPaise: 49_950,
      amountPaise: 449_950,
      periodStart: at('2026-12-08T00:00:00Z'),
    });
  });

  it('given Pro running, when Pro yearly is quoted, then it is an upgrade with the unused month credited', () => {
    const quote = quotePayment(pro, 'yearly', proFromNov23(), 'Pro', at('2026-11-23T00:00:00Z'));
    expect(quote).toMatchObject({ purpose: 'upgrade', creditPaise: 99_900, amountPaise: 999_000 - 99_900 });
  });

  it('given Enterprise running, when Pro is quoted, then it is refused: paid time would be lost', () => {
    const state = subscriptions.given([activated('enterprise', '2026-11-23T00:00:00.000Z', '2026-12-23T00:00:00.000Z', 'order_A', 499_900)]).state;
    expect(() => quotePayment(pro, 'monthly', state, 'Enterprise', at('2026-11-30T00:00:00Z'))).toThrow(
      'Your Enterprise plan is active until 23 Dec 2026. You can choose Pro (monthly) once it has ended.',
    );
  });

  it('given Enterprise yearly running, when Enterprise monthly is quoted, then it is refused (a shorter cycle mid-period)', () => {
    const yearly = activated('enterprise', '2026-11-23T00:00:00.000Z', '2027-11-23T00:00:00.000Z', 'order_A', 4_999_000);
    const state = subscriptions.given([
      { type: 'SubscriptionActivated', data: { ...(yearly.data as Extract<DomainEvent, { type: 'SubscriptionActivated' }>['data']), billing_cycle: 'yearly' } },
    ]).state;
    expect(() => quotePayment(enterprise, 'monthly', state, 'Enterprise', at('2026-11-24T00:00:00Z'))).toThrow(
      'Your Enterprise plan is active until 23 Nov 2027. You can choose Enterprise (monthly) once it has ended.',
    );
  });

  it('given an admin’s grant without an end, when the same plan is quoted, then there is nothing to renew', () => {
    const state = subscriptions.given([
      {
        type: 'PlanChanged',
        data: {
          user_id: USER,
          plan_type: 'pro',
          billing_cycle: 'monthly',
          status: 'active',
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: null,
          reason: 'admin',
        },
      },
    ]).state;
    expect(() => quotePayment(pro, 'monthly', state, 'Pro', at('2026-11-24T00:00:00Z'))).toThrow(/no end date, so there is nothing to renew/);
    // Moving up from a grant credits nothing: it was not paid for.
    expect(quotePayment(enterprise, 'monthly', state, 'Pro', at('2026-11-24T00:00:00Z'))).toMatchObject({ purpose: 'upgrade', creditPaise: 0 });
  });

  it('refuses an inactive plan and a yearly price that does not exist', () => {
    expect(() => quotePayment({ ...pro, is_active: false }, 'monthly', noSubscription, 'Free', at('2026-11-24T00:00:00Z'))).toThrow(
      'The Pro plan is not on offer at the moment.',
    );
    expect(() => quotePayment({ ...pro, price_yearly: null }, 'yearly', noSubscription, 'Free', at('2026-11-24T00:00:00Z'))).toThrow(/no yearly price/);
  });
});

describe('capturing a payment', () => {
  it('given an order, when its payment is captured, then it is recorded with the next receipt number and its period starts', () => {
    const decided = decideCapture(capture(), { order: orders.given([orderCreated()]).state, subscription: noSubscription, receipts: 41 });
    expect(decided.order?.[0]).toMatchObject({
      type: 'PaymentCaptured',
      data: { receipt_number: 'LL-000042', amount_paise: 99_900, instrument: { kind: 'card', card_network: 'Visa', card_last4: '4242' } },
    });
    expect(decided.receipts).toEqual([{ type: 'ReceiptIssued', data: { receipt_number: 'LL-000042', order_id: 'order_B', user_id: USER } }]);
    expect(decided.subscription).toEqual([activated('pro', '2026-11-23T10:00:00.000Z', '2026-12-23T10:00:00.000Z', 'order_B')]);
  });

  it('given a captured order, when the capture is reported again, then nothing is decided', () => {
    const decided = decideCapture(capture(), {
      order: orders.given([
        orderCreated(),
        ...(decideCapture(capture(), { order: orders.given([orderCreated()]).state, subscription: noSubscription, receipts: 0 }).order ?? []),
      ]).state,
      subscription: noSubscription,
      receipts: 1,
    });
    expect(decided).toEqual({});
  });

  it('given a renewal order, when it is paid while Pro runs, then the new period follows the current one', () => {
    const decided = decideCapture(capture(at('2026-12-01T00:00:00Z')), {
      order: orders.given([orderCreated('renewal')]).state,
      subscription: proFromNov23(),
      receipts: 1,
    });
    expect(decided.subscription?.[0]).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { period_start: '2026-12-23T00:00:00.000Z', period_end: '2027-01-23T00:00:00.000Z' },
    });
  });

  it('refuses a payment for another amount, one not captured, one of another order, and another user’s order', () => {
    const states = { order: orders.given([orderCreated()]).state, subscription: noSubscription, receipts: 0 };
    expect(() => decideCapture({ ...capture(), payment: payment({ amountPaise: 100 }) }, states)).toThrow(/was for 99900 paise INR/);
    expect(() => decideCapture({ ...capture(), payment: payment({ status: 'authorized' }) }, states)).toThrow(/is authorized, not captured/);
    expect(() => decideCapture({ ...capture(), payment: payment({ orderId: 'order_Z' }) }, states)).toThrow(/belongs to another order/);
    expect(() => decideCapture({ ...capture(), workspaceId: 8 }, states)).toThrow(/no such order on your account/);
  });
});

describe('paying for a team workspace (docs/payments.md#whose-plan-a-payment-buys)', () => {
  const TEAM = 40;
  const teamOrder = (): DomainEvent => {
    const created = orderCreated();
    return { ...created, data: { ...created.data, workspace_id: TEAM } } as DomainEvent;
  };

  it('given a member’s order for their team, when it is captured, then the team’s subscription gets the period and the payment names payer and team', () => {
    const decided = decideCapture({ ...capture(), workspaceId: TEAM }, { order: orders.given([teamOrder()]).state, subscription: noSubscription, receipts: 0 });
    expect(decided.order?.[0]).toMatchObject({ type: 'PaymentCaptured', data: { user_id: USER, workspace_id: TEAM } });
    expect(decided.receipts?.[0]).toMatchObject({ data: { user_id: USER } });
    expect(decided.subscription).toEqual([
      {
        type: 'SubscriptionActivated',
        data: {
          user_id: TEAM,
          plan_type: 'pro',
          billing_cycle: 'monthly',
          period_start: '2026-11-23T10:00:00.000Z',
          period_end: '2026-12-23T10:00:00.000Z',
          order_id: 'order_B',
          period_value_paise: 99_900,
        },
      },
    ]);
    // Captured as the payer's own workspace, a team's order is not found: its plan is the team's.
    expect(() => decideCapture(capture(), { order: orders.given([teamOrder()]).state, subscription: noSubscription, receipts: 0 })).toThrow(ORDER_NOT_FOUND);
  });

  it('given an order written before orders named a workspace, when it is captured, then it is the payer’s personal workspace’s', () => {
    const decided = decideCapture(capture(), { order: orders.given([orderCreated()]).state, subscription: noSubscription, receipts: 0 });
    expect(decided.order?.[0]).toMatchObject({ data: { user_id: USER, workspace_id: USER } });
    expect(decided.subscription?.[0]).toMatchObject({ data: { user_id: USER } });
  });

  it('given a team’s paid order, when it is refunded in full, then the team’s period ends', () => {
    const created = teamOrder();
    const captured = decideCapture({ ...capture(), workspaceId: TEAM }, { order: orders.given([created]).state, subscription: noSubscription, receipts: 0 });
    const paid = { order: orders.given([created, ...captured.order!]).state, subscription: subscriptions.given(captured.subscription!).state };
    const refund = { orderId: 'order_B', workspaceId: TEAM, paymentId: 'pay_B', refundId: 'rfnd_1', amountPaise: 99_900, now: at('2026-11-25T00:00:00Z') };
    expect(refundDecider.decide(refund, paid).subscription).toEqual([
      { type: 'SubscriptionExpired', data: { user_id: TEAM, plan_type: 'pro', period_end: '2026-11-25T00:00:00.000Z', reason: 'refunded' } },
    ]);
  });
});

describe('re-quoting at capture', () => {
  // Recorded events are stamped 2026-11-22T00:00Z: the orders below were made then.
  const ORDERED = '2026-11-22T00:00:00.000Z';
  const proFromNov1 = (order = 'order_A') => subscriptions.given([activated('pro', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', order)]).state;
  const enterpriseUpgrade = (subscription: SubscriptionState): DomainEvent => {
    const quote = quotePayment(defaultPlan('enterprise'), 'monthly', subscription, 'Pro', at(ORDERED));
    return {
      type: 'PaymentOrderCreated',
      data: {
        order_id: 'order_B',
        user_id: USER,
        plan_type: 'enterprise',
        billing_cycle: 'monthly',
        purpose: 'upgrade',
        list_price_paise: quote.listPricePaise,
        credit_paise: quote.creditPaise,
        amount_paise: quote.amountPaise,
        currency: 'INR',
        gateway: 'test',
      },
    };
  };
  const payFor = (order: DomainEvent, subscription: SubscriptionState, now: Date) => {
    const amountPaise = (order.data as { amount_paise: number }).amount_paise;
    return decideCapture({ ...capture(now), payment: payment({ amountPaise }) }, { order: orders.given([order]).state, subscription, receipts: 0 });
  };

  it('given an upgrade ordered with Pro’s unused days credited, when it is paid within 30 minutes, then it buys what it said', () => {
    const order = enterpriseUpgrade(proFromNov1());
    const decided = payFor(order, proFromNov1(), at('2026-11-22T00:29:00Z'));
    expect(decided.order?.map((event) => event.type)).toEqual(['PaymentCaptured']);
    expect(decided.subscription).toEqual([
      {
        type: 'SubscriptionActivated',
        data: expect.objectContaining({
          plan_type: 'enterprise',
          period_start: '2026-11-22T00:29:00.000Z',
          period_end: '2026-12-22T00:29:00.000Z',
          period_value_paise: 499_900,
        }),
      },
    ]);
  });

  it('given the Pro period the credit came from was refunded meanwhile, when the old upgrade is paid, then it buys only the share of a full-price month it covers', () => {
    const order = enterpriseUpgrade(proFromNov1());
    const ordered = (order.data as { amount_paise: number }).amount_paise;
    const refunded = subscriptions.given([
      activated('pro', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'),
      { type: 'SubscriptionExpired', data: { user_id: USER, plan_type: 'pro', period_end: '2026-11-22T00:05:00.000Z', reason: 'refunded' } },
    ]).state;
    const decided = payFor(order, refunded, at('2026-11-22T00:10:00Z'));
    const requoted = decided.order?.[1];
    expect(requoted).toMatchObject({
      type: 'PaymentRequoted',
      data: { outcome: 'prorated', ordered_amount_paise: ordered, due_amount_paise: 499_900, paid_paise: ordered },
    });
    const period = decided.subscription?.[0]?.data as { period_start: string; period_end: string; period_value_paise: number };
    const month = Date.parse('2026-12-22T00:10:00Z') - Date.parse('2026-11-22T00:10:00Z');
    expect(Date.parse(period.period_end) - Date.parse(period.period_start)).toBe(Math.floor((month * ordered) / 499_900));
    expect(period.period_value_paise).toBe(ordered);
    expect(String((requoted?.data as { reason: string }).reason)).toMatch(/cost ₹4,999\.00 on your account .* so it buys the period in proportion/);
  });

  it('given an upgrade ordered early, when it is paid much later, then the credit is what is unused at payment, and the period shrinks to match', () => {
    const order = enterpriseUpgrade(proFromNov1());
    const decided = payFor(order, proFromNov1(), at('2026-11-29T00:00:00Z'));
    const requoted = decided.order?.[1]?.data as { due_amount_paise: number; ordered_amount_paise: number };
    expect(requoted.due_amount_paise).toBeGreaterThan(requoted.ordered_amount_paise);
    const current = quotePayment(defaultPlan('enterprise'), 'monthly', proFromNov1(), 'Pro', at('2026-11-29T00:00:00Z'));
    expect(requoted.due_amount_paise).toBe(current.amountPaise);
  });

  it('given the price was lowered after the order, when it is paid, then the period is longer in proportion', () => {
    const decided = decideCapture(
      { ...capture(at('2026-11-22T00:10:00Z')), plans: { ...plans, pro: { ...plans.pro, price_monthly: 499 } } },
      { order: orders.given([orderCreated()]).state, subscription: noSubscription, receipts: 0 },
    );
    const period = decided.subscription?.[0]?.data as { period_start: string; period_end: string };
    const month = Date.parse('2026-12-22T00:10:00Z') - Date.parse('2026-11-22T00:10:00Z');
    expect(Date.parse(period.period_end) - Date.parse(period.period_start)).toBe(Math.floor((month * 99_900) / 49_900));
  });

  it('given Enterprise was bought since, when an old Pro order is paid, then nothing changes and why is recorded', () => {
    const enterprise = subscriptions.given([activated('enterprise', '2026-11-22T00:01:00.000Z', '2026-12-22T00:01:00.000Z', 'order_E', 499_900)]).state;
    const decided = decideCapture(capture(at('2026-11-22T00:10:00Z')), { order: orders.given([orderCreated()]).state, subscription: enterprise, receipts: 0 });
    expect(decided.subscription).toEqual([]);
    expect(decided.order?.[1]).toMatchObject({ type: 'PaymentRequoted', data: { outcome: 'not_applied', due_amount_paise: null, period_end: null } });
    expect((decided.order?.[1]?.data as { reason: string }).reason).toMatch(/can no longer be applied: Your Enterprise plan is active/);
  });
});

describe('refunds, cancellation, expiry and reminders', () => {
  const paidOrder = () => {
    const created = orderCreated();
    const captured = decideCapture(
      { ...capture(), payment: payment({ orderId: 'order_B' }) },
      { order: orders.given([created]).state, subscription: noSubscription, receipts: 0 },
    );
    return { order: orders.given([created, ...captured.order!]).state, subscription: subscriptions.given(captured.subscription!).state };
  };
  const refund = (amountPaise: number, refundId = 'rfnd_1') => ({
    orderId: 'order_B',
    workspaceId: USER,
    paymentId: 'pay_B',
    refundId,
    amountPaise,
    now: at('2026-11-25T00:00:00Z'),
  });

  it('given the order that bought the running period, when it is refunded in full, then the period ends now', () => {
    const decided = refundDecider.decide(refund(99_900), paidOrder());
    expect(decided.subscription).toEqual([
      { type: 'SubscriptionExpired', data: { user_id: USER, plan_type: 'pro', period_end: '2026-11-25T00:00:00.000Z', reason: 'refunded' } },
    ]);
  });

  it('given a partial refund, then the plan stays; given the same refund again, then nothing', () => {
    const paid = paidOrder();
    const partial = refundDecider.decide(refund(10_000), paid);
    expect(partial.subscription).toEqual([]);
    const refunded = { ...paid, order: foldEvents(recorded(partial.order!), evolveOrder, paid.order) };
    expect(refundDecider.decide(refund(10_000), refunded)).toEqual({});
    // The rest, under another refund id, completes the refund: the period ends.
    expect(refundDecider.decide(refund(89_900, 'rfnd_2'), refunded).subscription).toHaveLength(1);
  });

  it('given Pro running, when it is cancelled, then it ends at the period end; cancelling again changes nothing', () => {
    const state = proFromNov23();
    const command = { userId: USER, subscriptionId: USER, now: at('2026-12-01T00:00:00Z') };
    const cancelled = cancelDecider.decide(command, state);
    expect(cancelled).toEqual([{ type: 'SubscriptionCancelled', data: { user_id: USER, plan_type: 'pro', ends_at: '2026-12-23T00:00:00.000Z' } }]);
    expect(cancelDecider.decide(command, foldEvents(recorded(cancelled), evolveSubscription, state))).toEqual([]);
    expect(() => cancelDecider.decide({ ...command, subscriptionId: 8 }, state)).toThrow('There is no subscription 8 on your account.');
    expect(() => cancelDecider.decide(command, noSubscription)).toThrow(/Free plan/);
  });

  it('given a paid period, when its end has passed, then it expires once; before the end, nothing', () => {
    const state = proFromNov23();
    expect(expireDecider.decide({ userId: USER, now: at('2026-12-22T23:59:59Z') }, state)).toEqual([]);
    const expired = expireDecider.decide({ userId: USER, now: at('2026-12-23T00:00:00Z') }, state);
    expect(expired).toEqual([
      { type: 'SubscriptionExpired', data: { user_id: USER, plan_type: 'pro', period_end: '2026-12-23T00:00:00.000Z', reason: 'period_ended' } },
    ]);
    expect(expireDecider.decide({ userId: USER, now: at('2026-12-24T00:00:00Z') }, foldEvents(recorded(expired), evolveSubscription, state))).toEqual([]);
  });

  it('given an active period ending within three days, when the reminder goes out, then once per period; a cancelled plan gets none', () => {
    const state = proFromNov23();
    expect(reminderDecider.decide({ userId: USER, now: at('2026-12-19T23:00:00Z') }, state)).toEqual([]);
    const reminded = reminderDecider.decide({ userId: USER, now: at('2026-12-20T01:00:00Z') }, state);
    expect(reminded).toEqual([{ type: 'RenewalReminderSent', data: { user_id: USER, period_end: '2026-12-23T00:00:00.000Z' } }]);
    expect(reminderDecider.decide({ userId: USER, now: at('2026-12-21T00:00:00Z') }, foldEvents(recorded(reminded), evolveSubscription, state))).toEqual([]);
    const cancelled = subscriptions.given([
      activated('pro', '2026-11-23T00:00:00.000Z', '2026-12-23T00:00:00.000Z'),
      { type: 'SubscriptionCancelled', data: { user_id: USER, plan_type: 'pro', ends_at: '2026-12-23T00:00:00.000Z' } },
    ]).state;
    expect(reminderDecider.decide({ userId: USER, now: at('2026-12-21T00:00:00Z') }, cancelled)).toEqual([]);
  });
});
