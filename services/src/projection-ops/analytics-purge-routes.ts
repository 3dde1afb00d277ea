import type { FastifyInstance } from 'fastify';
import { ANALYTICS_PURGES_STREAM, AnalyticsPurgeBody, AnalyticsPurgeResponse, ErrorBody } from '@linkledger/contracts';
import { unavailable } from '../commands/domain-error.ts';
import { recordFact } from '../commands/record-fact.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { documentedAs } from '../http/feature-routes.ts';
import type { Platform } from '../platform/platform.ts';

const DAY_MS = 86_400_000;
const ONLY_SUPER_ADMIN_PURGES = 'Only the super admin can purge analytics.';

/**
 * The first UTC day a purge of clicks older than `days` keeps: today and the `days` − 1 days
 * before it, as a retention of that many days shows (docs/privacy.md#analytics-retention).
 */
function firstKeptDay(now: Date, days: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A super admin purges old clicks from the analytics store (docs/admin.md#purging-old-analytics):
 * the purge is recorded first, so the analytics projector never stores those clicks again (a
 * rebuild included), then the store's rows are deleted. The log keeps every click.
 */
export const analyticsPurgeRoutes = documentedAs('admin', async (app: FastifyInstance, platform: Platform) => {
  const superAdmin = routesFor(app, { access: 'super_admin', refusal: ONLY_SUPER_ADMIN_PURGES });

  superAdmin.post('/api/admin/analytics/purge', {
    summary: 'Delete the analytics store’s clicks older than a number of days (the log keeps them; a rebuild does not bring them back)',
    body: AnalyticsPurgeBody,
    response: { 200: AnalyticsPurgeResponse, 503: ErrorBody },
    handler: async ({ request }) => {
      const days = request.body.older_than_days;
      const firstDay = firstKeptDay(platform.clock(), days);
      const before = `${firstDay}T00:00:00.000Z`;
      await recordFact(platform.events, commandContext(platform, request), {
        stream: ANALYTICS_PURGES_STREAM,
        event: { type: 'AnalyticsPurged', data: { before, older_than_days: days } },
      });
      await platform.analytics.deleteClicksBefore(firstDay).catch((error: unknown) => {
        request.log.error({ err: error }, 'Analytics purge failed');
        // The purge is recorded: the projector keeps the clicks out from now on; asking again deletes the rows.
        throw unavailable('The purge is recorded but the analytics store could not delete the rows right now. Try again in a moment.', { retryAfterMs: 5000 });
      });
      return { message: `Analytics before ${firstDay} purged. The clicks stay in the log.`, before, older_than_days: days };
    },
  });
});
