import type { Plans } from '../api/types.ts';

export type PlanList = Plans['plans'];

export interface PlanLines {
  plan: PlanList[number];
  /** The display name of the plan this one includes entirely ("Everything in Pro, plus:"). */
  inherits: string | null;
  /** Feature names, in the catalogue's order. */
  features: string[];
}

/**
 * Each plan's features by name, for the pricing cards. A plan that includes every feature of
 * the plan before it lists only what it adds; names come from the catalogue's feature list.
 */
export function planFeatureLines(plans: PlanList, featureNames: ReadonlyMap<string, string>): PlanLines[] {
  return plans.map((plan, index) => {
    const previous = index > 0 ? plans[index - 1] : undefined;
    const includesPrevious = previous !== undefined && previous.features.every((key) => plan.features.includes(key));
    const keys = previous && includesPrevious ? plan.features.filter((key) => !previous.features.includes(key)) : plan.features;
    return { plan, inherits: previous && includesPrevious ? previous.display_name : null, features: keys.map((key) => featureNames.get(key) ?? key) };
  });
}
