import { z } from 'zod';
import { AnalyticsRetentionView } from './analytics-retention.ts';

/** One UTM campaign's human clicks over a range of days (docs/analytics.md#campaigns). */
export const CampaignStats = z.object({
  /** The links' `utm_campaign`, exactly as set (campaigns differing in case are different campaigns). */
  campaign: z.string(),
  /** How many of the workspace's links carry it now. */
  links: z.number(),
  clicks: z.number(),
  unique_visitors: z.number(),
  clicks_by_date: z.array(z.object({ date: z.string(), clicks: z.number() })),
});
export type CampaignStats = z.infer<typeof CampaignStats>;

export const CampaignAnalyticsResponse = z.object({
  /** The days counted, inclusive (UTC). */
  date_from: z.string(),
  date_to: z.string(),
  /** Most clicks first, ties by name. */
  campaigns: z.array(CampaignStats),
  retention: AnalyticsRetentionView,
});
export type CampaignAnalyticsResponse = z.infer<typeof CampaignAnalyticsResponse>;
