import type { CustomLimits, DomainEvent, Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from './subscription-state.ts';

export const ADMINS_SET_LIMITS = 'Only an admin or super admin can set a user’s limits.';

interface SetCustomLimits {
  actorRole: Role;
  userId: number;
  limits: CustomLimits;
}

const same = (a: CustomLimits, b: CustomLimits) =>
  a.monthly_links === b.monthly_links &&
  a.api_calls_per_minute === b.api_calls_per_minute &&
  a.custom_domains === b.custom_domains &&
  a.is_unlimited === b.is_unlimited;

/**
 * Given a user's subscription, when an admin sets their own limits, then those apply in
 * place of the plan's (null: the plan's own); the same limits again change nothing.
 */
export function decideCustomLimits(command: SetCustomLimits, state: SubscriptionState): DomainEvent[] {
  if (command.actorRole !== 'admin' && command.actorRole !== 'super_admin') throw forbidden(ADMINS_SET_LIMITS);
  if (same(state.customLimits, command.limits)) return [];
  return [{ type: 'CustomLimitsSet', data: { user_id: command.userId, ...command.limits } }];
}

export const customLimitsDecider: Decider<SetCustomLimits, SubscriptionState> = {
  streamOf: (command) => `subscription-${command.userId}`,
  initialState: noSubscription,
  evolve: evolveSubscription,
  decide: decideCustomLimits,
};
