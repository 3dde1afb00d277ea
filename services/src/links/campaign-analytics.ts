import type { AnalyticsStore, CampaignAnalyticsResponse, CampaignStats } from '@linkledger/contracts';
import { clickhouseTime } from '@linkledger/projections';
import { byDateDays, type DayRange } from './analytics-queries.ts';

const DAY_MS = 86_400_000;
const startOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
const dayAfter = (isoDay: string) => new Date(startOf(isoDay).getTime() + DAY_MS).toISOString().slice(0, 10);

/** A link that carries a campaign: its id and its `utm_campaign`. */
interface CampaignLink {
  id: number;
  campaign: string;
}

/** Each link's clicks counted under its campaign: ClickHouse maps link ids to campaign names in the query. */
const CAMPAIGN_OF_LINK = "transform(link_id, {ids:Array(UInt64)}, {names:Array(String)}, '')";

/**
 * Human clicks per UTM campaign over whole UTC days (docs/analytics.md#campaigns): the links
 * are the workspace's that carry the campaign now (from the read model); their clicks per
 * day come from the per-day table, their distinct visitors from the clicks themselves, one
 * grouped query each for every campaign at once. Without a range, the last 30 days; never a
 * day before `firstDay` (the retention's, docs/privacy.md#analytics-retention).
 */
export async function campaignAnalytics(
  store: AnalyticsStore,
  links: readonly CampaignLink[],
  now: Date,
  range: DayRange,
  firstDay?: string,
): Promise<Omit<CampaignAnalyticsResponse, 'retention'>> {
  const { first, last, days } = byDateDays(now, range, firstDay);
  const byCampaign = new Map<string, number>();
  for (const link of links) byCampaign.set(link.campaign, (byCampaign.get(link.campaign) ?? 0) + 1);
  if (links.length === 0) return { date_from: first, date_to: last, campaigns: [] };
  const params = { ids: links.map((link) => link.id), names: links.map((link) => link.campaign), first, last };
  const [daily, visitors] = await Promise.all([
    store.query<{ campaign: string; date: string; clicks: number }>(
      `SELECT ${CAMPAIGN_OF_LINK} AS campaign, toString(day) AS date, sum(clicks) AS clicks
       FROM clicks_daily
       WHERE link_id IN {ids:Array(UInt64)} AND dimension = '' AND day >= {first:Date32} AND day <= {last:Date32}
       GROUP BY campaign, date`,
      params,
    ),
    store.query<{ campaign: string; visitors: number }>(
      `SELECT ${CAMPAIGN_OF_LINK} AS campaign, uniqExact(visitor) AS visitors
       FROM clicks
       WHERE link_id IN {ids:Array(UInt64)} AND is_bot = 0 AND at >= {from:DateTime64(3, 'UTC')} AND at < {to:DateTime64(3, 'UTC')}
       GROUP BY campaign`,
      { ...params, from: clickhouseTime(startOf(first).toISOString()), to: clickhouseTime(startOf(dayAfter(last)).toISOString()) },
    ),
  ]);
  const dates = Array.from({ length: days }, (_, index) => new Date(startOf(first).getTime() + index * DAY_MS).toISOString().slice(0, 10));
  const campaigns: CampaignStats[] = [...byCampaign].map(([campaign, count]) => {
    const perDay = new Map(daily.filter((row) => row.campaign === campaign).map((row) => [String(row.date), Number(row.clicks)]));
    const clicks_by_date = dates.map((date) => ({ date, clicks: perDay.get(date) ?? 0 }));
    return {
      campaign,
      links: count,
      clicks: clicks_by_date.reduce((sum, row) => sum + row.clicks, 0),
      unique_visitors: Number(visitors.find((row) => row.campaign === campaign)?.visitors ?? 0),
      clicks_by_date,
    };
  });
  campaigns.sort((a, b) => b.clicks - a.clicks || (a.campaign < b.campaign ? -1 : a.campaign > b.campaign ? 1 : 0));
  return { date_from: first, date_to: last, campaigns };
}
