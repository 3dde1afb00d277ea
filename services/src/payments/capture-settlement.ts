import { ORDER_PAYABLE_MS, type DomainEvent, type Plan, type PlanName } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { quotePayment, type Quote } from './payment-quote.ts';
import type { OrderCreated } from './payment-order-state.ts';
import { dayLabel } from '../formats/day-label.ts';
import { formatInr } from './receipt/money.ts';
import { paidForWorkspace } from '@linkledger/projections';

/** The catalogue as it is at capture: every plan by name. */
export type PlansByName = Record<PlanName, Plan>;

interface Settlement {
  /** The subscription's new period, or nothing when the payment cannot be applied. */
  subscription: DomainEvent[];
  /** Why the payment bought something other than the order said, when it did. */
  requoted: DomainEvent[];
}

/**
 * Given an order that was just paid in full, the subscription and the catalogue as they are
 * now: what the payment buys. The plan and cycle are quoted again at `now`.
 * - The same amount is due (or the quote is held: within 30 minutes, nothing else changed):
 *   the order's period, as ordered.
 * - Another amount is due (the period the credit came from was refunded or replaced, time
 *   passed, the price changed): the payment buys the period in proportion to what was paid,
 *   a shorter one when the credit shrank, a longer one when the price fell, and why is recorded.
 * - The plan cannot be bought now at all (lower than a plan bought since, no longer on
 *   offer, covered by credit): nothing changes and why is recorded; support refunds it.
 */
export function settleAtCapture(order: OrderCreated & { at: string }, subscription: SubscriptionState, plans: PlansByName, now: Date): Settlement {
  const base = { order_id: order.order_id, user_id: order.user_id, ordered_amount_paise: order.amount_paise, paid_paise: order.amount_paise };
  const current = quoteAt(order, subscription, plans, now);
  if (current instanceof DomainError) {
    const reason = `This order can no longer be applied: ${current.detail}`;
    return {
      subscription: [],
      requoted: [{ type: 'PaymentRequoted', data: { ...base, due_amount_paise: null, outcome: 'not_applied', period_start: null, period_end: null, reason } }],
    };
  }
  const due = quoteHeld(order, subscription, plans, now) ? order.amount_paise : current.amountPaise;
  if (due === order.amount_paise) return { subscription: [periodEvent(order, current, current.periodEnd, order.list_price_paise)], requoted: [] };

  // Integer arithmetic: the period's length and worth scaled by paid / due, floored.
  const scale = (value: number) => Number((BigInt(value) * BigInt(order.amount_paise)) / BigInt(due));
  const end = new Date(current.periodStart.getTime() + scale(current.periodEnd.getTime() - current.periodStart.getTime()));
  const reason =
    `When this payment of ${formatInr(order.amount_paise)} arrived, the ${plans[order.plan_type].display_name} plan (${order.billing_cycle}) cost ${formatInr(due)} on your account` +
    ` (${formatInr(order.amount_paise)} when the order was made), so it buys the period in proportion: until ${dayLabel(end)}.`;
  return {
    subscription: [periodEvent(order, current, end, scale(current.listPricePaise))],
    requoted: [
      {
        type: 'PaymentRequoted',
        data: { ...base, due_amount_paise: due, outcome: 'prorated', period_start: current.periodStart.toISOString(), period_end: end.toISOString(), reason },
      },
    ],
  };
}

/** The quote for the order's plan and cycle on the subscription at `at`, or the refusal a new order would get. */
function quoteAt(order: OrderCreated, subscription: SubscriptionState, plans: PlansByName, at: Date): Quote | DomainError {
  const currentName = plans[paidPeriodRuns(subscription, at) ? subscription.planType : 'free'].display_name;
  try {
    return quotePayment(plans[order.plan_type], order.billing_cycle, subscription, currentName, at);
  } catch (refusal) {
    if (refusal instanceof DomainError) return refusal;
    throw refusal;
  }
}

/** Held: paid while the order could be paid (30 minutes: a few minutes of credit are the buyer's), and the subscription and prices as they are now would have quoted the order's very amount when it was made. */
function quoteHeld(order: OrderCreated & { at: string }, subscription: SubscriptionState, plans: PlansByName, now: Date): boolean {
  const orderedAt = new Date(order.at);
  if (now.getTime() - orderedAt.getTime() > ORDER_PAYABLE_MS) return false;
  const asOrdered = quoteAt(order, subscription, plans, orderedAt);
  return !(asOrdered instanceof DomainError) && asOrdered.amountPaise === order.amount_paise && asOrdered.purpose === order.purpose;
}

/** A renewal follows the running period; anything else starts at capture. */
function periodEvent(order: OrderCreated, quote: Quote, end: Date, valuePaise: number): DomainEvent {
  const data = {
    // The subscription's own id: the workspace paid for, not the payer.
    user_id: paidForWorkspace(order),
    plan_type: order.plan_type,
    billing_cycle: order.billing_cycle,
    order_id: order.order_id,
    period_value_paise: valuePaise,
    period_start: quote.periodStart.toISOString(),
    period_end: end.toISOString(),
  };
  return quote.purpose === 'renewal' ? { type: 'SubscriptionRenewed', data } : { type: 'SubscriptionActivated', data };
}
