import { z } from 'zod';
import { AnalyticsRetentionView } from './analytics-retention.ts';

const PeriodTotals = z.object({
  date_from: z.string().describe('First UTC day of the period, YYYY-MM-DD'),
  date_to: z.string().describe('Last UTC day of the period, YYYY-MM-DD'),
  clicks: z.number(),
  unique_visitors: z.number(),
});

/** Enterprise analytics of one link (docs/analytics.md#enterprise-analytics): when its visitors click, and this period against the one before. */
export const EnterpriseAnalyticsResponse = z.object({
  time_zone: z.literal('UTC').describe('The zone hours and weekdays are counted in'),
  by_hour: z
    .array(z.object({ hour: z.number().int().min(0).max(23), clicks: z.number() }))
    .describe('Human clicks in the period per hour of the day, 0–23, every hour present'),
  by_weekday: z
    .array(z.object({ weekday: z.number().int().min(1).max(7), clicks: z.number() }))
    .describe('Human clicks in the period per day of the week, 1 = Monday … 7 = Sunday, every day present'),
  comparison: z.object({
    current: PeriodTotals,
    previous: PeriodTotals.describe('The period of the same length that ends the day before this one begins (bounded by the retention too)'),
    clicks_change_percent: z.number().nullable().describe('Change of clicks from the previous period, one decimal; null when the previous period had none'),
    unique_visitors_change_percent: z.number().nullable(),
  }),
  retention: AnalyticsRetentionView,
});
export type EnterpriseAnalyticsResponse = z.infer<typeof EnterpriseAnalyticsResponse>;
