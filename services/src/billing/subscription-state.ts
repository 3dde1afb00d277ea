import type { BillingCycle, CustomLimits, DomainEvent, PlanName } from '@linkledger/contracts';

/**
 * A user's subscription as its stream (`subscription-{userId}`) tells it: what every command
 * on the stream decides on, and what the admins' timeline folds (docs/payments.md#lifecycle).
 */
export interface SubscriptionState {
  planType: PlanName;
  status: 'active' | 'cancelled' | 'expired';
  billingCycle: BillingCycle;
  /** ISO times of the paid period; an admin's grant and the free plan have no end. */
  periodStart: string | null;
  periodEnd: string | null;
  /** The current paid period's worth at list price (0 without one): what an upgrade credits from. */
  periodValuePaise: number;
  /** Orders already turned into periods: a redelivered payment finds its order here and changes nothing. */
  appliedOrders: readonly string[];
  /** The period end the renewal reminder was sent for. */
  remindedFor: string | null;
  /** An admin's own limits for the user; none set: all null. */
  customLimits: CustomLimits;
}

export const NO_CUSTOM_LIMITS: CustomLimits = {
  monthly_links: null,
  api_calls_per_minute: null,
  custom_domains: null,
  is_unlimited: false,
  seats: null,
  analytics_retention_days: null,
};
export const noSubscription: SubscriptionState = {
  planType: 'free',
  status: 'active',
  billingCycle: 'monthly',
  periodStart: null,
  periodEnd: null,
  periodValuePaise: 0,
  appliedOrders: [],
  remindedFor: null,
  customLimits: NO_CUSTOM_LIMITS,
};

export function evolveSubscription(state: SubscriptionState, event: DomainEvent): SubscriptionState {
  switch (event.type) {
    case 'PlanChanged': {
      const { plan_type, status, billing_cycle, period_start, period_end } = event.data;
      // An admin's grant replaces any paid period: nothing of it is left to credit.
      return { ...state, planType: plan_type, status, billingCycle: billing_cycle, periodStart: period_start, periodEnd: period_end, periodValuePaise: 0 };
    }
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed': {
      const { plan_type, billing_cycle, period_start, period_end, order_id, period_value_paise } = event.data;
      // A renewal's period follows the current one: the current start stays until it ends.
      const periodStart = event.type === 'SubscriptionRenewed' && state.periodStart ? state.periodStart : period_start;
      return {
        ...state,
        planType: plan_type,
        status: 'active',
        billingCycle: billing_cycle,
        periodStart,
        periodEnd: period_end,
        periodValuePaise: event.type === 'SubscriptionRenewed' ? state.periodValuePaise + period_value_paise : period_value_paise,
        appliedOrders: [...state.appliedOrders, order_id],
      };
    }
    case 'SubscriptionCancelled':
      return { ...state, status: 'cancelled' };
    case 'SubscriptionExpired':
      return { ...state, planType: 'free', status: 'expired', periodValuePaise: 0 };
    case 'RenewalReminderSent':
      return { ...state, remindedFor: event.data.period_end };
    case 'CustomLimitsSet': {
      const { monthly_links, api_calls_per_minute, custom_domains, is_unlimited, analytics_retention_days = null } = event.data;
      const customLimits = { ...state.customLimits, monthly_links, api_calls_per_minute, custom_domains, is_unlimited, analytics_retention_days };
      return { ...state, customLimits };
    }
    case 'CustomSeatsSet':
      return { ...state, customLimits: { ...state.customLimits, seats: event.data.seats } };
    default:
      return state;
  }
}

/** Whether a paid period runs at `now`: the plan's limits and features apply. */
export function paidPeriodRuns(state: Pick<SubscriptionState, 'planType' | 'status' | 'periodEnd'>, now: Date): boolean {
  if (state.planType === 'free' || state.status === 'expired') return false;
  return state.periodEnd === null || Date.parse(state.periodEnd) > now.getTime();
}
