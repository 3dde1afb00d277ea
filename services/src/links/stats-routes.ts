import type { FastifyInstance } from 'fastify';
import { DomainInfoResponse, UserStatsResponse } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { domainInfo } from '../domains/index.ts';
import { userStats } from './user-stats.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The dashboard's tiles and the domain facts its create form needs (docs/analytics.md#dashboard-tiles, docs/links.md#short-url-forms). */
export async function linkStatsRoutes(app: FastifyInstance, platform: Platform) {
  const analysts = routesFor(app, { access: 'user', workspace: 'analytics:read' });
  const readers = routesFor(app, { access: 'user', workspace: 'domains:read' });

  analysts.get('/api/users/me/stats', {
    summary: 'The caller’s link totals, links created this month and growth over last month',
    response: { 200: UserStatsResponse },
    handler: async ({ workspace }) => {
      return userStats(platform.read, workspace.id, platform.clock());
    },
  });

  readers.get('/api/users/me/domain-info', {
    summary: 'Whether the caller has custom domains or TRAI headers, and which are active',
    response: { 200: DomainInfoResponse },
    handler: async ({ workspace }) => {
      return domainInfo(platform.read, workspace.id);
    },
  });
}
