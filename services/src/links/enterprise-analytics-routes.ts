import type { FastifyInstance } from 'fastify';
import { AnalyticsQuery, EnterpriseAnalyticsResponse, ErrorBody, IdParams } from '@linkledger/contracts';
import { routesFor } from '../http/declared-routes.ts';
import type { Platform } from '../platform/platform.ts';
import { analyticsInRange } from './analytics-answer.ts';
import { enterpriseAnalytics } from './enterprise-analytics.ts';
import { ownLink } from './routes.ts';

/** What a plan without enterprise analytics is told (docs/plans.md#feature-gate). */
const ENTERPRISE_ANALYTICS = {
  key: 'enterprise_analytics',
  refusal: 'Hour-of-day, day-of-week and period comparison analytics are available on the Enterprise plan. Upgrade your plan to see when your visitors click.',
} as const;

/** A link's enterprise analytics (docs/analytics.md#enterprise-analytics), for workspaces whose plan has them. */
export async function enterpriseAnalyticsRoutes(app: FastifyInstance, platform: Platform) {
  const analysts = routesFor(app, { access: 'user_or_api_key', workspace: 'analytics:read', feature: ENTERPRISE_ANALYTICS });

  analysts.get('/api/urls/:id/analytics/enterprise', {
    summary:
      'When one of the workspace’s links is clicked (per hour of the day and weekday, UTC) and its period against the one before (default: the last 30 days)',
    params: IdParams,
    querystring: AnalyticsQuery,
    response: { 200: EnterpriseAnalyticsResponse, 404: ErrorBody, 503: ErrorBody },
    handler: async ({ request, workspace }) => {
      const link = await ownLink(platform, workspace.id, request.params.id);
      const range = { from: request.query.date_from, to: request.query.date_to };
      return analyticsInRange(request, platform, workspace.id, range, ({ now, firstDay }) =>
        enterpriseAnalytics(platform.analytics, link.id, now, range, firstDay),
      );
    },
  });
}
