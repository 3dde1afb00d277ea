import { domainEventOf, type CustomLimits, type DomainEvent, type PlanName, type RecordedEvent, type Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden } from '../commands/domain-error.ts';

export const ADMINS_CHANGE_PLANS = 'Only an admin or super admin can change a user’s plan.';

/** A user's subscription as its stream tells it: the plan last recorded, or none (free). */
export interface SubscriptionState {
  planType: PlanName;
  status: 'active' | 'cancelled' | 'expired';
  /** An admin's own limits for the user; none set: all null. */
  customLimits: CustomLimits;
}

export const NO_CUSTOM_LIMITS: CustomLimits = { monthly_links: null, api_calls_per_minute: null, custom_domains: null, is_unlimited: false };
export const noSubscription: SubscriptionState = { planType: 'free', status: 'active', customLimits: NO_CUSTOM_LIMITS };

export function evolveSubscription(state: SubscriptionState, recorded: RecordedEvent): SubscriptionState {
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'PlanChanged':
      return { ...state, planType: event.data.plan_type, status: event.data.status };
    case 'CustomLimitsSet': {
      const { monthly_links, api_calls_per_minute, custom_domains, is_unlimited } = event.data;
      return { ...state, customLimits: { monthly_links, api_calls_per_minute, custom_domains, is_unlimited } };
    }
    default:
      return state;
  }
}

export interface ChangePlan {
  actorRole: Role;
  userId: number;
  planType: PlanName;
  now: Date;
}

/**
 * Given a user's subscription, when an admin puts them on a plan, then it is active from
 * now with no end date (an admin's grant runs until changed); the same active plan again
 * changes nothing.
 */
export function decideChangePlan(command: ChangePlan, state: SubscriptionState): DomainEvent[] {
  if (command.actorRole !== 'admin' && command.actorRole !== 'super_admin') throw forbidden(ADMINS_CHANGE_PLANS);
  if (state.planType === command.planType && state.status === 'active') return [];
  return [
    {
      type: 'PlanChanged',
      data: {
        user_id: command.userId,
        plan_type: command.planType,
        billing_cycle: 'monthly',
        status: 'active',
        period_start: command.now.toISOString(),
        period_end: null,
        reason: 'admin',
      },
    },
  ];
}

export const changePlanDecider: Decider<ChangePlan, SubscriptionState> = {
  streamOf: (command) => `subscription-${command.userId}`,
  initialState: noSubscription,
  evolve: evolveSubscription,
  decide: decideChangePlan,
};
