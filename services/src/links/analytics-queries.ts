import type { AnalyticsResponse, AnalyticsStore } from '@linkledger/contracts';

/** 'YYYY-MM-DD hh:mm:ss.sss', the form ClickHouse's DateTime64(3, 'UTC') parameters take. */
export const clickhouseTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Start of the UTC day, the ISO week (Monday) and the month that contain `now`. */
export function periodStarts(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, week, month };
}

export const BY_DATE_DAYS = 30;
const TOP = 10;

/**
 * The analytics of one link, in ClickHouse SQL that runs unchanged on chDB and on a
 * server. Only human clicks count: bots are kept in the table but never shown.
 */
export async function linkAnalytics(store: AnalyticsStore, linkId: number, now: Date): Promise<AnalyticsResponse> {
  const { today, week, month } = periodStarts(now);
  const firstDay = new Date(today.getTime() - (BY_DATE_DAYS - 1) * 86_400_000);
  const link = { link: linkId };
  const [totals, byDate, referrers, countries] = await Promise.all([
    store.query<{ total: number; today: number; week: number; month: number }>(
      `SELECT count() AS total,
              countIf(at >= {today:DateTime64(3, 'UTC')}) AS today,
              countIf(at >= {week:DateTime64(3, 'UTC')}) AS week,
              countIf(at >= {month:DateTime64(3, 'UTC')}) AS month
       FROM clicks WHERE link_id = {link:UInt64} AND is_bot = 0`,
      { ...link, today: clickhouseTime(today), week: clickhouseTime(week), month: clickhouseTime(month) },
    ),
    store.query<{ day: string; clicks: number }>(
      `SELECT toDate(at) AS day, count() AS clicks
       FROM clicks
       WHERE link_id = {link:UInt64} AND is_bot = 0 AND at >= {from:DateTime64(3, 'UTC')}
       GROUP BY day
       ORDER BY day WITH FILL FROM toDate({from_day:String}) TO toDate({to_day:String}) + 1`,
      { ...link, from: clickhouseTime(firstDay), from_day: day(firstDay), to_day: day(today) },
    ),
    store.query<{ name: string; count: number }>(
      `SELECT if(referrer = '', 'Direct', referrer) AS name, count() AS count
       FROM clicks WHERE link_id = {link:UInt64} AND is_bot = 0
       GROUP BY name ORDER BY count DESC, name ASC LIMIT ${TOP}`,
      link,
    ),
    store.query<{ name: string; count: number }>(
      `SELECT if(country = '', 'Unknown', country) AS name, count() AS count
       FROM clicks WHERE link_id = {link:UInt64} AND is_bot = 0
       GROUP BY name ORDER BY count DESC, name ASC LIMIT ${TOP}`,
      link,
    ),
  ]);
  const total = totals[0];
  return {
    total_clicks: Number(total?.total ?? 0),
    clicks_today: Number(total?.today ?? 0),
    clicks_this_week: Number(total?.week ?? 0),
    clicks_this_month: Number(total?.month ?? 0),
    clicks_by_date: byDate.map((row) => ({ date: String(row.day), clicks: Number(row.clicks) })),
    top_referrers: referrers.map((row) => ({ referrer: row.name, count: Number(row.count) })),
    top_countries: countries.map((row) => ({ country: row.name, count: Number(row.count) })),
  };
}
