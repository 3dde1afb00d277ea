import type { DomainEvent, PlanName, Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from './subscription-state.ts';

export const ADMINS_CHANGE_PLANS = 'Only an admin or super admin can change a user’s plan.';

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
