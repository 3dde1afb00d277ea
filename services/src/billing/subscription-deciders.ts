import type { CustomLimits, DomainEvent, PlanName, Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from './subscription-state.ts';

export const ADMINS_CHANGE_PLANS = 'Only an admin or super admin can change a user’s plan.';
export const ADMINS_SET_LIMITS = 'Only an admin or super admin can set a user’s limits.';

interface ChangePlan {
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
function decideChangePlan(command: ChangePlan, state: SubscriptionState): DomainEvent[] {
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

interface SetCustomLimits {
  actorRole: Role;
  userId: number;
  limits: CustomLimits;
}

const same = (a: CustomLimits, b: CustomLimits) =>
  a.monthly_links === b.monthly_links &&
  a.api_calls_per_minute === b.api_calls_per_minute &&
  a.custom_domains === b.custom_domains &&
  (a.analytics_retention_days ?? null) === (b.analytics_retention_days ?? null) &&
  a.is_unlimited === b.is_unlimited;

/**
 * Given a user's subscription, when an admin sets their own limits, then those apply in
 * place of the plan's (null: the plan's own); the same limits again change nothing.
 */
export function decideCustomLimits(command: SetCustomLimits, state: SubscriptionState): DomainEvent[] {
  if (command.actorRole !== 'admin' && command.actorRole !== 'super_admin') throw forbidden(ADMINS_SET_LIMITS);
  const { seats = null, ...limits } = command.limits;
  const events: DomainEvent[] = [];
  if (!same(state.customLimits, command.limits)) events.push({ type: 'CustomLimitsSet', data: { user_id: command.userId, ...limits } });
  // The seats are the user's personal workspace's (its id is the user's), recorded beside the other limits.
  if ((state.customLimits.seats ?? null) !== seats) events.push({ type: 'CustomSeatsSet', data: { workspace_id: command.userId, seats } });
  return events;
}

export const customLimitsDecider: Decider<SetCustomLimits, SubscriptionState> = {
  streamOf: (command) => `subscription-${command.userId}`,
  initialState: noSubscription,
  evolve: evolveSubscription,
  decide: decideCustomLimits,
};
