import { paiseOf, type BillingCycle, type OrderPurpose, type Plan, type PlanName } from '@linkledger/contracts';
import { conflict, invalid } from '../commands/domain-error.ts';
import { paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { periodEnd } from './billing-period.ts';
import { MINIMUM_ORDER_PAISE } from './order-request.ts';
import { formatInr } from './receipt/money.ts';
import { dayLabel } from '../formats/day-label.ts';

export interface Quote {
  planType: PlanName;
  billingCycle: BillingCycle;
  purpose: OrderPurpose;
  listPricePaise: number;
  creditPaise: number;
  amountPaise: number;
  periodStart: Date;
  periodEnd: Date;
  explanation: string;
}

const RANK: Record<PlanName, number> = { free: 0, pro: 1, enterprise: 2 };
const DAY_MS = 86_400_000;
const cycleWord = (cycle: BillingCycle) => (cycle === 'monthly' ? 'month' : 'year');

/** The plan's price for a cycle in paise, or a refusal a person can act on. */
function listPrice(plan: Plan, cycle: BillingCycle): number {
  if (!plan.is_active) throw invalid(`The ${plan.display_name} plan is not on offer at the moment.`);
  const rupees = cycle === 'monthly' ? plan.price_monthly : plan.price_yearly;
  if (rupees === null) throw invalid(`The ${plan.display_name} plan has no yearly price; choose monthly.`);
  const paise = paiseOf(rupees);
  if (paise < MINIMUM_ORDER_PAISE) throw invalid(`The ${plan.display_name} plan is free: there is nothing to pay.`);
  return paise;
}

/**
 * What paying for `target` on `cycle` now buys and costs (docs/payments.md#what-an-order-buys):
 * - no paid period running: a new one starts now;
 * - the same plan and cycle: another period, after the current one ends (renewal);
 * - a higher plan, or the yearly cycle of the same plan: the new plan starts now and the
 *   unused part of the current period, at what it was worth, comes off the price;
 * - anything lower while a period runs is refused: it would throw paid time away.
 */
export function quotePayment(target: Plan, cycle: BillingCycle, current: SubscriptionState, currentPlanName: string, now: Date): Quote {
  const listPricePaise = listPrice(target, cycle);
  const name = target.display_name;
  const fresh = (purpose: OrderPurpose, creditPaise: number, explanation: (end: Date) => string): Quote => {
    const end = periodEnd(now, cycle);
    return {
      planType: target.name,
      billingCycle: cycle,
      purpose,
      listPricePaise,
      creditPaise,
      amountPaise: listPricePaise - creditPaise,
      periodStart: now,
      periodEnd: end,
      explanation: explanation(end),
    };
  };

  if (!paidPeriodRuns(current, now)) {
    return fresh('new', 0, (end) => `Your ${name} plan starts when you pay and runs for a ${cycleWord(cycle)}, until ${dayLabel(end)}.`);
  }

  const until = current.periodEnd === null ? null : new Date(current.periodEnd);
  if (current.planType === target.name && current.billingCycle === cycle) {
    if (until === null) throw conflict(`Your ${currentPlanName} plan was given to you by an administrator and has no end date, so there is nothing to renew.`);
    const end = periodEnd(until, cycle);
    return {
      planType: target.name,
      billingCycle: cycle,
      purpose: 'renewal',
      listPricePaise,
      creditPaise: 0,
      amountPaise: listPricePaise,
      periodStart: until,
      periodEnd: end,
      explanation: `Another ${cycleWord(cycle)} of ${name}, added after your current period: it runs from ${dayLabel(until)} to ${dayLabel(end)}.`,
    };
  }

  const higher = RANK[target.name] > RANK[current.planType] || (target.name === current.planType && cycle === 'yearly');
  if (!higher) {
    const when = until ? ` until ${dayLabel(until)}` : '';
    throw conflict(`Your ${currentPlanName} plan is active${when}. You can choose ${name} (${cycle}) once it has ended.`);
  }

  const creditPaise = unusedCredit(current, now);
  if (listPricePaise - creditPaise < MINIMUM_ORDER_PAISE) {
    throw conflict(
      `The unused part of your ${currentPlanName} plan (${formatInr(creditPaise)}) covers the ${name} ${cycle} price. Choose the yearly cycle, or switch once your current period has ended.`,
    );
  }
  if (creditPaise === 0) return fresh('upgrade', 0, (end) => `${name} replaces your ${currentPlanName} plan when you pay and runs until ${dayLabel(end)}.`);
  const daysLeft = Math.ceil((Date.parse(current.periodEnd!) - now.getTime()) / DAY_MS);
  return fresh(
    'upgrade',
    creditPaise,
    (end) =>
      `${name} replaces your ${currentPlanName} plan when you pay and runs until ${dayLabel(end)}. The ${daysLeft} unused day${daysLeft === 1 ? '' : 's'} of your current plan, worth ${formatInr(creditPaise)}, come off the price.`,
  );
}

/** The unused share of the current paid period at what it was worth, rounded down to the paisa (an admin's grant is worth nothing). */
export function unusedCredit(current: SubscriptionState, now: Date): number {
  if (current.periodStart === null || current.periodEnd === null || current.periodValuePaise === 0) return 0;
  const start = Date.parse(current.periodStart);
  const end = Date.parse(current.periodEnd);
  const left = end - now.getTime();
  if (left <= 0 || end <= start) return 0;
  // Integer arithmetic: value × remaining ms / total ms, floored.
  return Number((BigInt(current.periodValuePaise) * BigInt(Math.min(left, end - start))) / BigInt(end - start));
}
