import { z } from 'zod';

/**
 * How far back the answer's analytics reach (docs/privacy.md#analytics-retention): a period
 * asked for before the workspace's window is clipped to it, never refused.
 */
export const AnalyticsRetentionView = z
  .object({
    days: z.number().int().describe('Days of analytics the workspace’s plan shows; -1 is unlimited'),
    since: z.string().nullable().describe('The first UTC day shown (YYYY-MM-DD); null when unlimited'),
    clipped: z.boolean().describe('Whether the period asked for began before `since` and was cut to it'),
  })
  .describe('The workspace’s analytics window: older clicks stay in the log, they are only not shown');
export type AnalyticsRetentionView = z.infer<typeof AnalyticsRetentionView>;

/** A super admin's purge of old clicks from the analytics store (docs/admin.md#purging-old-analytics). */
export const AnalyticsPurgeBody = z.strictObject({
  older_than_days: z
    .number({ message: 'older_than_days must be a whole number of days' })
    .int('older_than_days must be a whole number of days')
    .min(1, 'older_than_days must be at least 1')
    .max(36_500, 'older_than_days must be at most 36,500'),
});

export const AnalyticsPurgeResponse = z.object({
  message: z.string(),
  before: z.string().describe('The start (UTC) of the first day kept: every click before it is gone from analytics, and stays in the log'),
  older_than_days: z.number().int(),
});
