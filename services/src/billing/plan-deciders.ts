import { DEFAULT_PLANS, paiseOf, PlanUpdatedV1, type DomainEvent, type Plan, type PlanUpdated, type Role, type UpdatePlanBody } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden, invalid, notFound } from '../commands/domain-error.ts';
import { evolvePlan } from './plan-state.ts';

export const ADMINS_EDIT_PLANS = 'Only an admin or super admin can edit plans.';
export const PLAN_NOT_FOUND = 'Plan not found';
export const FREE_STAYS_FREE = 'The free plan cannot have a price: every new account starts on it.';
export const FREE_STAYS_ACTIVE = 'The free plan cannot be deactivated: every new account starts on it.';
/** A paid plan priced 0 gives it away: an empty price box once did that silently. */
/** A field of the plan as it is shown that this edit cannot change: sent back unchanged, it is passed over. */
export const fixedPlanField = (field: 'id' | 'name' | 'seats', now: string | number) =>
  `${field} cannot be changed here: it is ${now} for this plan (send it as shown, or leave it out).`;
export const freePriceUnconfirmed = (field: 'Monthly price' | 'Yearly price', plan: string) =>
  `${field} (₹) of ${plan} is 0, which makes it free for everyone who takes it: enter a price, or confirm that ${plan} is free.`;

interface EditPlan {
  actorRole: Role;
  planId: number;
  changes: UpdatePlanBody;
}

/** The plan as the log keeps it: prices in paise, no rupee fields (the schema drops them). */
const recordOf = (plan: Plan): PlanUpdated =>
  PlanUpdatedV1.parse({
    ...plan,
    plan_id: plan.id,
    price_monthly_paise: paiseOf(plan.price_monthly),
    price_yearly_paise: plan.price_yearly === null ? null : paiseOf(plan.price_yearly),
  });

/**
 * Given a plan, when an admin edits some of its fields, then the plan as it is now is
 * recorded whole (prices in paise); an edit that changes nothing records nothing. The free
 * plan keeps no price and stays active: registration puts every account on it. A paid plan
 * is made free (a price of 0) only when the edit confirms it.
 */
export function decideEditPlan(command: EditPlan, plan: Plan | null): DomainEvent[] {
  if (command.actorRole !== 'admin' && command.actorRole !== 'super_admin') throw forbidden(ADMINS_EDIT_PLANS);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  const { confirm_free_price, id, name, seats, api_rate_limit, ...changes } = command.changes;
  if (id !== undefined && id !== plan.id) throw invalid(fixedPlanField('id', plan.id));
  if (name !== undefined && name !== plan.name) throw invalid(fixedPlanField('name', plan.name));
  if (seats !== undefined && seats !== plan.seats) throw invalid(fixedPlanField('seats', plan.seats));
  // The rate limit's alias stands for the limit when the limit itself is not sent.
  const next: Plan = { ...plan, ...(api_rate_limit === undefined ? {} : { api_calls_per_minute: api_rate_limit }), ...changes };
  next.api_rate_limit = next.api_calls_per_minute;
  if (plan.name === 'free' && (next.price_monthly !== 0 || (next.price_yearly ?? 0) !== 0)) throw invalid(FREE_STAYS_FREE);
  if (plan.name !== 'free' && !confirm_free_price) {
    if (changes.price_monthly === 0 && plan.price_monthly !== 0) throw invalid(freePriceUnconfirmed('Monthly price', plan.display_name));
    if (changes.price_yearly === 0 && plan.price_yearly !== 0) throw invalid(freePriceUnconfirmed('Yearly price', plan.display_name));
  }
  if (plan.name === 'free' && !next.is_active) throw invalid(FREE_STAYS_ACTIVE);
  const before = recordOf(plan);
  const after = recordOf({ ...next, features: [...new Set(next.features)] });
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ type: 'PlanUpdated', data: after }];
}

export const editPlanDecider: Decider<EditPlan, Plan | null> = {
  streamOf: (command) => `plan-${command.planId}`,
  initialState: null,
  // The shipped plan is the state before the first edit.
  evolve: evolvePlan,
  decide: (command, state) => decideEditPlan(command, state ?? DEFAULT_PLANS.find((plan) => plan.id === command.planId) ?? null),
};
