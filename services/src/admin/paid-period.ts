import type { PaidPeriodResponse } from '@linkledger/contracts';
import { paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { unusedCredit } from '../payments/index.ts';

const DAY_MS = 86_400_000;

/**
 * What an admin's plan change would throw away (docs/admin.md#users): the paid period that
 * runs now, its end, and its unused share at what it was paid for. The change ends it at once
 * and credits nothing, so the confirmation says how much that is.
 */
export function paidPeriodOf(state: SubscriptionState, now: Date): PaidPeriodResponse {
  const unused = unusedCredit(state, now);
  const paid = paidPeriodRuns(state, now) && state.periodEnd !== null && state.periodValuePaise > 0;
  const left = state.periodEnd === null ? 0 : Date.parse(state.periodEnd) - now.getTime();
  return {
    plan_type: state.planType,
    billing_cycle: state.billingCycle,
    paid,
    period_end: paid ? state.periodEnd : null,
    unused_value_paise: paid ? unused : 0,
    unused_days: paid && left > 0 ? Math.ceil(left / DAY_MS) : 0,
  };
}
