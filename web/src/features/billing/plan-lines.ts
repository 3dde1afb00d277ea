import type { Plans } from '../../api/types.ts';
import { limitLabel } from './usage.ts';

export type PlanList = Plans['plans'];

interface PlanLines {
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

interface LimitLine {
  /** The figure, shown in bold ("1,000", "Unlimited"), or null where the line has none ("No custom domains"). */
  figure: string | null;
  text: string;
}

/**
 * A plan's limits in words, figures from the catalogue: links per month always; with `all`,
 * custom domains and API calls per minute too (what the server enforces).
 */
export function planLimitLines(plan: PlanList[number], detail: 'links' | 'all'): LimitLine[] {
  const lines: LimitLine[] = [{ figure: limitLabel(plan.monthly_links_limit), text: 'links per month' }];
  if (detail === 'links') return lines;
  const domains = plan.custom_domains_limit;
  lines.push(
    domains === 0 ? { figure: null, text: 'No custom domains' } : { figure: limitLabel(domains), text: domains === 1 ? 'custom domain' : 'custom domains' },
  );
  const calls = plan.api_calls_per_minute;
  lines.push(calls === 0 ? { figure: null, text: 'No API calls' } : { figure: limitLabel(calls), text: 'API calls per minute' });
  return lines;
}

/** The label of a plan's button: "Get started free" for a free plan, else "Choose Pro". */
export const chooseLabel = (plan: Pick<PlanList[number], 'display_name' | 'price_monthly'>) =>
  plan.price_monthly === 0 ? 'Get started free' : `Choose ${plan.display_name}`;

/** Each plan's API calls per minute in words, for the FAQ: "Free 100, Pro 1,000 and Enterprise 10,000". */
export function rateLimitSummary(plans: PlanList): string {
  const parts = plans.map((plan) => `${plan.display_name} ${plan.api_calls_per_minute === 0 ? 'none' : limitLabel(plan.api_calls_per_minute)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
}
