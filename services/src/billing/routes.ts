import type { FastifyInstance } from 'fastify';
import { FEATURES, PlansResponse, SubscriptionResponse } from '@linkledger/contracts';
import { LINK_TOTALS, MONTHLY_USAGE, monthlyUsageId, type LinkTotalsView, type MonthlyUsageView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { currentPlan, featureMap } from './current-plan.ts';
import { planCatalogue } from './plan-catalogue.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

const firstOfNextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

/** A workspace's subscription as the billing screens and the admin read it: plan, period, features, limits and this month's usage. */
export async function subscriptionOf(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<SubscriptionResponse> {
  const now = platform.clock();
  const [{ subscription, plan, limits }, usage, totals] = await Promise.all([
    currentPlan(platform, workspaceId),
    platform.read.get<MonthlyUsageView>(MONTHLY_USAGE, monthlyUsageId(workspaceId, now)),
    platform.read.get<LinkTotalsView>(LINK_TOTALS, workspaceId),
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

/** Plans and the workspace's subscription: the catalogue every page and limit check reads. */
export async function billingRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);
  // Every member sees the plan of the workspace they act in (docs/payments.md#whose-plan-a-payment-buys).
  const members = routesFor(app, { access: 'user', workspace: 'workspace:read' });

  anyone.get('/api/subscription/plans', {
    summary: 'The plans on offer: prices, limits and features (public: the pricing page reads it)',
    response: { 200: PlansResponse },
    handler: async () => ({
      plans: (await planCatalogue(platform)).filter((plan) => plan.is_active),
      features: Object.entries(FEATURES).map(([key, feature]) => ({ key, ...feature })),
    }),
  });

  members.get('/api/subscription/current', {
    summary: 'The workspace’s plan, subscription, features, limits (seats included) and this month’s usage',
    response: { 200: SubscriptionResponse },
    handler: async ({ workspace }) => subscriptionOf(platform, workspace.id),
  });
}
