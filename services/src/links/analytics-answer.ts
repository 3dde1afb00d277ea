import type { FastifyRequest } from 'fastify';
import { invalid, unavailable } from '../commands/domain-error.ts';
import { MAX_BY_DATE_DAYS, byDateDays, type DayRange } from './analytics-queries.ts';

/**
 * Answers an analytics query over a range of days (docs/analytics.md): a range longer than the
 * longest series is refused; a store that fails is "unavailable, try again", its error logged.
 */
export async function analyticsInRange<T>(request: FastifyRequest, now: Date, range: DayRange, query: () => Promise<T>): Promise<T> {
  if (byDateDays(now, range).days > MAX_BY_DATE_DAYS) {
    throw invalid(`date_from and date_to may be at most ${MAX_BY_DATE_DAYS} days apart (without date_to, the range ends today)`);
  }
  return query().catch((error: unknown) => {
    request.log.error({ err: error }, 'Analytics query failed');
    // The clicks are in the log: they reach analytics once the store is back.
    throw unavailable('Analytics are unavailable right now. No click is lost: they will show here once analytics are back. Try again in a moment.', {
      retryAfterMs: 5000,
    });
  });
}
