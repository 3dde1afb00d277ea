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
