import type { AnalyticsStore } from '@linkledger/contracts';
import { byDateDays, type DayRange } from '../analytics-queries.ts';

/**
 * Human clicks per UTC day of a set of links (a tag's, docs/links.md#tags-and-folders), every
 * day of the range present (0 when none), from the per-day table; and their total in the range.
 * Days before `firstDay` (the retention's, docs/privacy.md#analytics-retention) are left out.
 */
export async function tagClicks(store: AnalyticsStore, linkIds: readonly number[], now: Date, range: DayRange, firstDay?: string) {
  const series = byDateDays(now, range, firstDay);
  const rows =
    linkIds.length && series.days
      ? await store.query<{ day: string; clicks: number }>(
          `SELECT day, sum(clicks) AS clicks
         FROM clicks_daily WHERE link_id IN {links:Array(UInt64)} AND dimension = '' AND day >= {first:Date32} AND day <= {last:Date32}
         GROUP BY day`,
          { links: linkIds, first: series.first, last: series.last },
        )
      : [];
  const counted = new Map(rows.map((row) => [String(row.day), Number(row.clicks)]));
  const clicks_by_date = Array.from({ length: series.days }, (_, index) => {
    const date = new Date(Date.parse(`${series.first}T00:00:00.000Z`) + index * 86_400_000).toISOString().slice(0, 10);
    return { date, clicks: counted.get(date) ?? 0 };
  });
  return { total_clicks: clicks_by_date.reduce((sum, day) => sum + day.clicks, 0), clicks_by_date };
}
