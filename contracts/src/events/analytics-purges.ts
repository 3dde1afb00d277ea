import { z } from 'zod';

/** The stream of the admins' analytics purges (docs/admin.md#purging-old-analytics). */
export const ANALYTICS_PURGES_STREAM = 'analytics-purges';

/**
 * A super admin purged the analytics store's clicks from before `before` (the start of a UTC
 * day, `older_than_days` back from the day of the purge). The clicks stay in the log; the
 * analytics projector never stores a click older than the newest purge's `before` again, so a
 * rebuild does not bring them back.
 */
const AnalyticsPurgedV1 = z.object({
  before: z.iso.datetime(),
  older_than_days: z.number().int().positive(),
});
export type AnalyticsPurged = z.infer<typeof AnalyticsPurgedV1>;

export const analyticsPurgeEvents = {
  AnalyticsPurged: { 1: AnalyticsPurgedV1 },
} as const;
