import type { FastifyInstance } from 'fastify';
import { DomainInfoResponse, UserStatsResponse } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { domainInfo } from '../domains/index.ts';
import { userStats } from './user-stats.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The dashboard's tiles and the domain facts its create form needs (docs/analytics.md#dashboard-tiles, docs/links.md#short-url-forms). */
export async function linkStatsRoutes(app: FastifyInstance, platform: Platform) {
  const signedIn = routesFor(app, { access: 'user' });

  signedIn.get('/api/users/me/stats', {
    summary: 'The caller’s link totals, links created this month and growth over last month',
    response: { 200: UserStatsResponse },
    handler: async ({ caller }) => {
      return userStats(platform.read, caller.userId, platform.clock());
    },
  });

  signedIn.get('/api/users/me/domain-info', {
    summary: 'Whether the caller has custom domains or TRAI headers, and which are active',
    response: { 200: DomainInfoResponse },
    handler: async ({ caller }) => {
      return domainInfo(platform.read, caller.userId);
    },
  });
}
