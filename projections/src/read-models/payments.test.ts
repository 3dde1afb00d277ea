import type { DomainEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { loggedAt, loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import { SUBSCRIPTIONS } from './billing.ts';
import { PAYMENTS, PAYMENT_METHODS } from './payments.ts';

const PAYER = 7;
const TEAM = 40;

const onOrder = (id: string, event: DomainEvent) => ({ stream: `payment-order-${id}`, event });
const ordered = (id: string, workspace?: number): DomainEvent => ({
  type: 'PaymentOrderCreated',
  data: {
    order_id: id,
    user_id: PAYER,
    ...(workspace === undefined ? {} : { workspace_id: workspace }),
    plan_type: 'pro',
    billing_cycle: 'monthly',
    purpose: 'new',
    list_price_paise: 99_900,
    credit_paise: 0,
    amount_paise: 99_900,
    currency: 'INR',
    gateway: 'test',
  },
});
const captured = (id: string, workspace?: number): DomainEvent => ({
  type: 'PaymentCaptured',
  data: {
    order_id: id,
    payment_id: `pay_${id}`,
    user_id: PAYER,
    ...(workspace === undefined ? {} : { workspace_id: workspace }),
    amount_paise: 99_900,
    currency: 'INR',
    instrument: { kind: 'card', card_network: 'Visa', card_last4: '4242' },
    receipt_number: `LL-${id}`,
    via: 'checkout',
  },
});

describe('the payments read model, by workspace (docs/payments.md#whose-plan-a-payment-buys)', () => {
  it('given a member’s payment for a team with no subscription yet, the payment and its method are the team’s and the team’s subscription is made', async () => {
    const store = await projectReadModel([
      loggedEvents([
        onOrder('A', ordered('A', TEAM)),
        onOrder('A', captured('A', TEAM)),
        {
          stream: `subscription-${TEAM}`,
          event: {
            type: 'SubscriptionActivated',
            data: {
              user_id: TEAM,
              plan_type: 'pro',
              billing_cycle: 'monthly',
              period_start: '2026-11-23T10:02:00.000Z',
              period_end: '2026-12-23T10:02:00.000Z',
              order_id: 'A',
              period_value_paise: 99_900,
            },
          },
        },
      ]),
    ]);
    expect(await store.get(PAYMENTS, 'A')).toMatchObject({ user_id: PAYER, workspace_id: TEAM, status: 'captured', period_end: '2026-12-23T10:02:00.000Z' });
    expect(await store.get(PAYMENT_METHODS, TEAM)).toMatchObject({ methods: [{ instrument: { card_last4: '4242' } }] });
    expect(await store.get(PAYMENT_METHODS, PAYER)).toBeNull();
    expect(await store.get(SUBSCRIPTIONS, TEAM)).toEqual({
      id: TEAM,
      plan_type: 'pro',
      billing_cycle: 'monthly',
      status: 'active',
      current_period_start: '2026-11-23T10:02:00.000Z',
      current_period_end: '2026-12-23T10:02:00.000Z',
    });
  });

  it('given an order written before orders named a workspace, it is the payer’s personal workspace’s', async () => {
    const store = await projectReadModel([loggedEvents([onOrder('B', ordered('B')), onOrder('B', captured('B'))])]);
    expect(await store.get(PAYMENTS, 'B')).toMatchObject({ user_id: PAYER, workspace_id: PAYER, paid_at: loggedAt(2) });
    expect(await store.get(PAYMENT_METHODS, PAYER)).toMatchObject({ id: PAYER });
  });
});
