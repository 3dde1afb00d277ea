import type { FastifyInstance } from 'fastify';
import { AnalyticsQuery, CampaignAnalyticsResponse, ErrorBody } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { routesFor } from '../http/declared-routes.ts';
import type { Platform } from '../platform/platform.ts';
import { analyticsInRange } from './analytics-answer.ts';
import { campaignAnalytics } from './campaign-analytics.ts';

/** Analytics by UTM campaign across the workspace's links (docs/analytics.md#campaigns). */
export async function campaignAnalyticsRoutes(app: FastifyInstance, platform: Platform) {
  const analysts = routesFor(app, { access: 'user', workspace: 'analytics:read' });

  analysts.get('/api/analytics/campaigns', {
    summary: 'Human clicks, unique visitors and clicks per day of each UTM campaign the workspace’s links carry, for a range of days (default: the last 30)',
    querystring: AnalyticsQuery,
    response: { 200: CampaignAnalyticsResponse, 400: ErrorBody, 403: ErrorBody },
    handler: async ({ request, workspace }) => {
      const range = { from: request.query.date_from, to: request.query.date_to };
      return analyticsInRange(request, platform, workspace.id, range, async ({ now, firstDay }) => {
        // `gt: ''` holds for set text only: links without a campaign are left out by the store.
        const links = await platform.read.find<LinkView>(LINKS, { where: { owner_id: workspace.id, utm_campaign: { gt: '' } } });
        const carrying = links.map((link) => ({ id: link.id, campaign: link.utm_campaign ?? '' }));
        return campaignAnalytics(platform.analytics, carrying, now, range, firstDay);
      });
    },
  });
}
