import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainInfoResponse, UserStatsResponse } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { domainInfo } from '../domains/index.ts';
import { userStats } from './user-stats.ts';
import { callerOf } from '../http/access.ts';

/** The dashboard's tiles and the domain facts its create form needs (docs/analytics.md#dashboard-tiles, docs/links.md#short-url-forms). */
export async function linkStatsRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users/me/stats',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s link totals, links created this month and growth over last month',
        response: { 200: UserStatsResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return userStats(platform.read, caller.userId, platform.clock());
    },
  );

  api.get(
    '/api/users/me/domain-info',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Whether the caller has custom domains or TRAI headers, and which are active',
        response: { 200: DomainInfoResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return domainInfo(platform.read, caller.userId);
    },
  );
}
