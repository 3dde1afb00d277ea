import { DEFAULT_PLANS, Plan, type PlanName } from '@linkledger/contracts';
import { PLANS, type PlanView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';

/**
 * The plan catalogue as it is now (docs/plans.md#plan-catalogue): the plans as shipped, each
 * replaced by its latest edit. Every reader (the plans call, limits, features, enforcement)
 * goes through here, so an admin's edit reaches all of them with the next request.
 */
export async function planCatalogue(platform: Pick<Platform, 'read'>): Promise<Plan[]> {
  const edited = new Map((await platform.read.find<PlanView>(PLANS)).map((plan) => [plan.id, plan]));
  // Parsed: the stored document may carry the store's own fields beside the plan's.
  return DEFAULT_PLANS.map((plan) => {
    const stored = edited.get(plan.id);
    return stored ? Plan.parse(stored) : plan;
  });
}

export async function planNamed(platform: Pick<Platform, 'read'>, name: PlanName): Promise<Plan> {
  return (await planCatalogue(platform)).find((plan) => plan.name === name)!;
}

/** The catalogue by plan name (a payment is quoted again on it at capture). */
export async function plansByName(platform: Pick<Platform, 'read'>): Promise<Record<PlanName, Plan>> {
  return Object.fromEntries((await planCatalogue(platform)).map((plan) => [plan.name, plan])) as Record<PlanName, Plan>;
}
