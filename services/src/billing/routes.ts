import type { FastifyInstance } from 'fastify';
import { FEATURES, PlansResponse, SubscriptionResponse } from '@linkledger/contracts';
import { LINK_TOTALS, MONTHLY_USAGE, monthlyUsageId, type LinkTotalsView, type MonthlyUsageView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { currentPlan, featureMap } from './current-plan.ts';
import { planCatalogue } from './plan-catalogue.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

const firstOfNextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

/** A user's subscription as the billing screens and the admin read it: plan, period, features, limits and this month's usage. */
export async function subscriptionOf(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<SubscriptionResponse> {
  const now = platform.clock();
  const [{ subscription, plan, limits }, usage, totals] = await Promise.all([
    currentPlan(platform, userId),
    platform.read.get<MonthlyUsageView>(MONTHLY_USAGE, monthlyUsageId(userId, now)),
    platform.read.get<LinkTotalsView>(LINK_TOTALS, userId),
  ]);
  return {
    id: subscription.id,
    plan,
    plan_type: plan.name,
    billing_cycle: subscription.billing_cycle,
    status: subscription.status,
    current_period_start: subscription.current_period_start,
    current_period_end: subscription.current_period_end,
    features: featureMap(plan),
    feature_list: plan.features,
    usage: { links_created: usage?.links_created ?? 0, api_calls: usage?.api_calls ?? 0, total_clicks: totals?.total_clicks ?? 0 },
    limits,
    usage_resets_at: firstOfNextMonth(now),
  };
}

/** Plans and the caller's subscription: the catalogue every page and limit check reads. */
export async function billingRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);
  const signedIn = routesFor(app, { access: 'user' });

  anyone.get('/api/subscription/plans', {
    summary: 'The plans on offer: prices, limits and features (public: the pricing page reads it)',
    response: { 200: PlansResponse },
    handler: async () => ({
      plans: (await planCatalogue(platform)).filter((plan) => plan.is_active),
      features: Object.entries(FEATURES).map(([key, feature]) => ({ key, ...feature })),
    }),
  });

  signedIn.get('/api/subscription/current', {
    summary: 'The caller’s plan, subscription, features, limits and this month’s usage',
    response: { 200: SubscriptionResponse },
    handler: async ({ caller }) => subscriptionOf(platform, caller.userId),
  });
}
