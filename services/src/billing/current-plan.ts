import { FEATURE_KEYS, type CustomLimits, type FeatureKey, type Plan } from '@linkledger/contracts';
import { SUBSCRIPTIONS, type SubscriptionView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { planNamed } from './plan-catalogue.ts';
import { paidPeriodRuns } from './subscription-state.ts';

/** The limits in force for a user; -1 is unlimited. */
export interface Limits {
  monthly_links: number;
  api_calls_per_minute: number;
  custom_domains: number;
  /** Members and pending invites a workspace holds (docs/workspaces.md#seats). */
  seats: number;
  /** How many days back analytics are shown (docs/privacy.md#analytics-retention). */
  analytics_retention_days: number;
}

interface CurrentPlan {
  subscription: SubscriptionView;
  /** The plan whose limits and features apply now (free once a paid period is over). */
  plan: Plan;
  limits: Limits;
}

/**
 * A paid plan applies while its period runs, cancelled or not (docs/payments.md#lifecycle);
 * once it has ended the user is on free, even before the scheduler records the expiry.
 */
function effectivePlanName(subscription: SubscriptionView, now: Date): Plan['name'] {
  const state = { planType: subscription.plan_type, status: subscription.status, periodEnd: subscription.current_period_end };
  return paidPeriodRuns(state, now) ? subscription.plan_type : 'free';
}

/** The limits in force: an admin's own limits for the user where set, else the plan's (docs/admin.md#per-user-limits). */
export function limitsOf(plan: Plan, custom?: CustomLimits): Limits {
  if (plan.is_unlimited || custom?.is_unlimited)
    return { monthly_links: -1, api_calls_per_minute: -1, custom_domains: -1, seats: -1, analytics_retention_days: -1 };
  return {
    monthly_links: custom?.monthly_links ?? plan.monthly_links_limit,
    api_calls_per_minute: custom?.api_calls_per_minute ?? plan.api_calls_per_minute,
    custom_domains: custom?.custom_domains ?? plan.custom_domains_limit,
    seats: custom?.seats ?? plan.seats,
    analytics_retention_days: custom?.analytics_retention_days ?? plan.analytics_retention_days,
  };
}

export async function currentPlan(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<CurrentPlan> {
  const now = platform.clock();
  const subscription = (await platform.read.get<SubscriptionView>(SUBSCRIPTIONS, userId)) ?? {
    id: userId,
    plan_type: 'free',
    billing_cycle: 'monthly',
    status: 'active',
    current_period_start: now.toISOString(),
    current_period_end: null,
  };
  const plan = await planNamed(platform, effectivePlanName(subscription, now));
  return { subscription, plan, limits: limitsOf(plan, subscription.custom_limits) };
}

/** The limits of a user's plan now: what the API rate limit and the link limit enforce. */
export async function currentLimits(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<Limits> {
  return (await currentPlan(platform, userId)).limits;
}

export function featureMap(plan: Plan): Record<FeatureKey, boolean> {
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, plan.features.includes(key)])) as Record<FeatureKey, boolean>;
}
