import { ApiError } from '../../api/client.ts';
import { billingApi, linksApi } from '../../api/endpoints.ts';
import type { PlanInfo, Plans, Subscription, UserStats } from '../../api/types.ts';
import { featureWords, type FeatureName } from './FeatureList.tsx';

/** The usage page's message for a 401 (docs/plans.md#when-the-subscription-cannot-be-read). */
export const AUTH_FAILED = 'Authentication failed. Please log in again.';

/** What the usage page shows, from the subscription, or from the catalogue's free plan when that could not be read. */
export interface LimitsView {
  plan: PlanInfo;
  /** null when the subscription could not be read (the figures are the fallback). */
  status: Subscription['status'] | null;
  billingCycle: Subscription['billing_cycle'];
  periodEnd: string | null;
  resetsAt: string;
  limits: Subscription['limits'];
  usage: { links_created: number; api_calls: number | null; total_clicks: number };
  totalUrls: number | null;
  features: FeatureName[];
  /** The plan an upgrade banner offers (Pro from the catalogue), when known. */
  upgrade: PlanInfo | null;
  fallback: boolean;
}

export type LimitsState = { kind: 'loading' } | { kind: 'auth-failed' } | { kind: 'loaded'; view: LimitsView };

const firstOfNextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

const value = <T>(result: PromiseSettledResult<T>): T | null => (result.status === 'fulfilled' ? result.value : null);

function featureNames(keys: readonly string[], plans: Plans | null): FeatureName[] {
  const known = new Map(plans?.features.map((feature) => [feature.key, feature]) ?? []);
  return keys.map((key) => {
    const feature = known.get(key);
    return feature ? { key, name: feature.name, description: feature.description } : { key, name: featureWords(key) };
  });
}

/**
 * Reads GET /subscription/current, /users/me/stats and the plan catalogue together. A 401
 * is the page's authentication message; any other failure of the subscription falls back to
 * the catalogue's free plan (docs/plans.md#when-the-subscription-cannot-be-read), with the stats for the usage.
 */
/** The query of the limits page: plan, usage and this month's figures; link changes invalidate it. */
export const LIMITS_QUERY = ['limits'] as const;

export async function loadLimits(now = new Date()): Promise<LimitsState> {
  const [current, stats, plans] = await Promise.allSettled([billingApi.current(), linksApi.stats(), billingApi.plans()]);
  const subscription = value(current);
  const userStats: UserStats | null = value(stats);
  const catalogue = value(plans);
  if (stats.status === 'rejected') console.error('Could not load the usage stats', stats.reason);
  if (plans.status === 'rejected') console.error('Could not load the plan catalogue', plans.reason);
  const upgrade = catalogue?.plans.find((plan) => plan.name === 'pro') ?? null;

  if (subscription) {
    return {
      kind: 'loaded',
      view: {
        plan: subscription.plan,
        status: subscription.status,
        billingCycle: subscription.billing_cycle,
        periodEnd: subscription.current_period_end,
        resetsAt: subscription.usage_resets_at,
        limits: subscription.limits,
        usage: subscription.usage,
        totalUrls: userStats?.total_urls ?? null,
        features: featureNames(subscription.feature_list, catalogue),
        upgrade,
        fallback: false,
      },
    };
  }

  const reason = current.status === 'rejected' ? current.reason : null;
  if (reason instanceof ApiError && reason.status === 401) return { kind: 'auth-failed' };
  console.error('Could not load the subscription; showing the free plan’s limits', reason);
  // The catalogue ships with the app for exactly this case; loaded only when needed.
  const free = catalogue?.plans.find((plan) => plan.name === 'free') ?? (await import('../../../../contracts/src/plans/catalogue.ts')).defaultPlan('free');
  return {
    kind: 'loaded',
    view: {
      plan: free,
      status: null,
      billingCycle: 'monthly',
      periodEnd: null,
      resetsAt: firstOfNextMonth(now),
      limits: {
        monthly_links: free.monthly_links_limit,
        api_calls_per_minute: free.api_calls_per_minute,
        custom_domains: free.custom_domains_limit,
        seats: free.seats,
      },
      usage: { links_created: userStats?.urls_this_month ?? 0, api_calls: null, total_clicks: userStats?.total_clicks ?? 0 },
      totalUrls: userStats?.total_urls ?? null,
      features: featureNames(free.features, catalogue),
      upgrade,
      fallback: true,
    },
  };
}
