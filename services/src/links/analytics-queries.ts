import type { AnalyticsResponse, AnalyticsStore } from '@linkledger/contracts';

/** 'YYYY-MM-DD hh:mm:ss.sss', the form ClickHouse's DateTime64(3, 'UTC') parameters take. */
export const clickhouseTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');
const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const startOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);

/** Start of the UTC day, the ISO week (Monday) and the month that contain `now`. */
export function periodStarts(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, week, month };
}

export const BY_DATE_DAYS = 30;
/** The longest clicks_by_date series answered: a year, leap day included. */
export const MAX_BY_DATE_DAYS = 366;
const TOP = 10;

/** Inclusive UTC days, YYYY-MM-DD; either end may be open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The days clicks_by_date covers: the range asked for, else the last 30 days. With only
 * date_from it runs to today (or to date_from itself if that is later); with only date_to,
 * the 30 days that end there.
 */
export function byDateDays(now: Date, range: DayRange): { first: string; last: string; days: number } {
  const today = day(periodStarts(now).today);
  const last = range.to ?? (range.from && range.from > today ? range.from : today);
  const first = range.from ?? day(new Date(startOf(last).getTime() - (BY_DATE_DAYS - 1) * DAY_MS));
  return { first, last, days: Math.round((startOf(last).getTime() - startOf(first).getTime()) / DAY_MS) + 1 };
}

// Open ends of the breakdown window: earlier and later than any click can be.
const BEGINNING = '1970-01-01 00:00:00.000';
const END_OF_TIME = '2200-01-01 00:00:00.000';
const nextDayStart = (isoDay: string) => clickhouseTime(new Date(startOf(isoDay).getTime() + DAY_MS));

const HUMAN_CLICKS_OF_LINK = 'FROM clicks WHERE link_id = {link:UInt64} AND is_bot = 0';
const IN_WINDOW = `at >= {from:DateTime64(3, 'UTC')} AND at < {to:DateTime64(3, 'UTC')}`;

/** The top values of one column in the window, most clicks first, ties by name. */
const breakdownSql = (name: string) =>
  `SELECT ${name} AS name, count() AS count
   ${HUMAN_CLICKS_OF_LINK} AND ${IN_WINDOW}
   GROUP BY name ORDER BY count DESC, name ASC LIMIT ${TOP}`;

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The analytics of one link, in ClickHouse SQL that runs unchanged on chDB and on a
 * server. Only human clicks count: bots are kept in the table but never shown.
 * total_clicks and the today/week/month figures are always all-time periods; the range
 * bounds clicks_by_date (default: the last 30 days), every breakdown and unique_visitors
 * (default: all time).
 */
export async function linkAnalytics(store: AnalyticsStore, linkId: number, now: Date, range: DayRange = {}): Promise<AnalyticsResponse> {
  const { today, week, month } = periodStarts(now);
  const series = byDateDays(now, range);
  const window = {
    link: linkId,
    from: range.from ? clickhouseTime(startOf(range.from)) : BEGINNING,
    to: range.to ? nextDayStart(range.to) : END_OF_TIME,
  };
  type Named = { name: string; count: number };
  const [totals, byDate, referrers, countries, devices, browsers, systems] = await Promise.all([
    store.query<{ total: number; today: number; week: number; month: number; visitors: number }>(
      `SELECT count() AS total,
              countIf(at >= {today:DateTime64(3, 'UTC')}) AS today,
              countIf(at >= {week:DateTime64(3, 'UTC')}) AS week,
              countIf(at >= {month:DateTime64(3, 'UTC')}) AS month,
              uniqExactIf(visitor_hash, ${IN_WINDOW}) AS visitors
       ${HUMAN_CLICKS_OF_LINK}`,
      { ...window, today: clickhouseTime(today), week: clickhouseTime(week), month: clickhouseTime(month) },
    ),
    store.query<{ day: string; clicks: number }>(
      `SELECT toDate(at) AS day, count() AS clicks
       ${HUMAN_CLICKS_OF_LINK} AND ${IN_WINDOW}
       GROUP BY day
       ORDER BY day WITH FILL FROM toDate({first_day:String}) TO toDate({last_day:String}) + 1`,
      { link: linkId, from: clickhouseTime(startOf(series.first)), to: nextDayStart(series.last), first_day: series.first, last_day: series.last },
    ),
    store.query<Named>(breakdownSql(`if(referrer = '', 'Direct', referrer)`), window),
    store.query<Named>(breakdownSql(`if(country = '', 'Unknown', country)`), window),
    store.query<Named>(breakdownSql(`if(device = '', 'other', device)`), window),
    store.query<Named>(breakdownSql(`if(browser = '', 'Other', browser)`), window),
    store.query<Named>(breakdownSql(`if(os = '', 'Other', os)`), window),
  ]);
  const total = totals[0];
  const named = (rows: Named[], display: (name: string) => string = String) => rows.map((row) => ({ name: display(row.name), count: Number(row.count) }));
  return {
    total_clicks: Number(total?.total ?? 0),
    clicks_today: Number(total?.today ?? 0),
    clicks_this_week: Number(total?.week ?? 0),
    clicks_this_month: Number(total?.month ?? 0),
    clicks_by_date: byDate.map((row) => ({ date: String(row.day), clicks: Number(row.clicks) })),
    top_referrers: referrers.map((row) => ({ referrer: row.name, count: Number(row.count) })),
    top_countries: countries.map((row) => ({ country: row.name, count: Number(row.count) })),
    devices: named(devices, capitalised),
    browsers: named(browsers),
    operating_systems: named(systems),
    unique_visitors: Number(total?.visitors ?? 0),
  };
}
