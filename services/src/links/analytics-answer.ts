import type { FastifyRequest } from 'fastify';
import type { AnalyticsResponse, AnalyticsRetentionView } from '@linkledger/contracts';
import { invalid, unavailable } from '../commands/domain-error.ts';
import { analyticsRetention, currentPlan } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';
import { MAX_BY_DATE_DAYS, byDateDays, firstRetainedDay, type DayRange } from './analytics-queries.ts';

/** What a plan without click analytics is told (docs/plans.md#feature-gate): every plan as shipped has them; an admin's edited plan may not. */
export const CLICK_ANALYTICS = { key: 'basic_analytics', refusal: 'Click analytics are not part of this workspace’s plan (basic_analytics).' } as const;

type AdvancedFigures = Pick<AnalyticsResponse, 'devices' | 'browsers' | 'operating_systems' | 'unique_visitors'>;

/** A link's analytics without what `advanced_analytics` adds (devices, browsers, systems, distinct visitors), for a plan without it. */
function withoutAdvancedAnalytics<T extends AdvancedFigures>(answer: T): T {
  return { ...answer, devices: [], browsers: [], operating_systems: [], unique_visitors: 0 };
}

/** The figures as the workspace's plan shows them: without the advanced ones unless it has `advanced_analytics`. */
export async function analyticsForPlan<T extends AdvancedFigures>(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number, answer: T): Promise<T> {
  const { plan } = await currentPlan(platform, workspaceId);
  return plan.features.includes('advanced_analytics') ? answer : withoutAdvancedAnalytics(answer);
}

/** A range of more days than the longest series is refused, whoever asks for it (docs/analytics.md). */
export function refuseLongRange(days: number): void {
  if (days > MAX_BY_DATE_DAYS) {
    throw invalid(`date_from and date_to may be at most ${MAX_BY_DATE_DAYS} days apart (without date_to, the range ends today)`);
  }
}

/** What an analytics query reads: the days asked for, and the first day the workspace's retention shows (undefined: all). */
interface AnalyticsWindow {
  now: Date;
  range: DayRange;
  firstDay: string | undefined;
}

/** The first UTC day a workspace's analytics show now (docs/privacy.md#analytics-retention); undefined: every day. */
export async function firstShownDay(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<{ days: number; firstDay: string | undefined }> {
  const retention = await analyticsRetention(platform, workspaceId);
  return { days: retention.days, firstDay: firstRetainedDay(retention.since) };
}

/**
 * Answers an analytics query over a range of days (docs/analytics.md), bounded by the
 * workspace's retention (docs/privacy.md#analytics-retention): a range longer than the longest
 * series is refused; one that begins before the retention is clipped to it and the answer says
 * so in `retention`; a store that fails is "unavailable, try again", its error logged.
 */
export async function analyticsInRange<T extends object>(
  request: FastifyRequest,
  platform: Pick<Platform, 'clock' | 'read'>,
  workspaceId: number,
  range: DayRange,
  query: (window: AnalyticsWindow) => Promise<T>,
): Promise<T & { retention: AnalyticsRetentionView }> {
  const now = platform.clock();
  const asked = byDateDays(now, range);
  refuseLongRange(asked.days);
  const { days, firstDay } = await firstShownDay(platform, workspaceId);
  const answer = await answeredOrUnavailable(request, () => query({ now, range, firstDay }));
  return { ...answer, retention: { days, since: firstDay ?? null, clipped: firstDay !== undefined && asked.first < firstDay } };
}

/** An analytics query over HTTP: a store that fails is "unavailable, try again", its error logged. */
export function answeredOrUnavailable<T>(request: FastifyRequest, query: () => Promise<T>): Promise<T> {
  return query().catch((error: unknown) => {
    request.log.error({ err: error }, 'Analytics query failed');
    // The clicks are in the log: they reach analytics once the store is back.
    throw unavailable('Analytics are unavailable right now. No click is lost: they will show here once analytics are back. Try again in a moment.', {
      retryAfterMs: 5000,
    });
  });
}
