import { SHARE_CHANNELS, type AnalyticsResponse, type AnalyticsStore, type ShareChannel } from '@linkledger/contracts';
import { clickhouseTime } from '@linkledger/projections';

const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const startOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);

/** Start of the UTC day, the ISO week (Monday) and the month that contain `now`. */
function periodStarts(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, week, month };
}

const BY_DATE_DAYS = 30;
/** The longest clicks_by_date series answered: a year, leap day included. */
export const MAX_BY_DATE_DAYS = 366;
const TOP = 10;

/** Inclusive UTC days, YYYY-MM-DD; either end may be open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The first UTC day a retention that begins at `since` shows (docs/privacy.md#analytics-retention):
 * the day after the one `since` falls in, so every click shown is younger than the retention
 * and a retention of N days shows today and the N − 1 days before it. Undefined: no limit.
 */
export function firstRetainedDay(since: Date | null): string | undefined {
  return since === null ? undefined : day(new Date(since.getTime() + DAY_MS));
}

/** The later of two days, an absent one being no bound. */
export const laterDay = (isoDay: string, floor: string | undefined) => (floor !== undefined && floor > isoDay ? floor : isoDay);

/**
 * The days clicks_by_date covers: the range asked for, else the last 30 days. With only
 * date_from it runs to today (or to date_from itself if that is later); with only date_to,
 * the 30 days that end there. A `firstDay` (the retention's) cuts off the days before it;
 * a range wholly before it covers no day.
 */
export function byDateDays(now: Date, range: DayRange, firstDay?: string): { first: string; last: string; days: number } {
  const today = day(periodStarts(now).today);
  const last = range.to ?? (range.from && range.from > today ? range.from : today);
  const first = laterDay(range.from ?? day(new Date(startOf(last).getTime() - (BY_DATE_DAYS - 1) * DAY_MS)), firstDay);
  return { first, last, days: Math.max(0, Math.round((startOf(last).getTime() - startOf(first).getTime()) / DAY_MS) + 1) };
}

// Open ends of the window: earlier and later than any click can be.
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '2199-12-31';
const BEGINNING = '1970-01-01 00:00:00.000';
const END_OF_TIME = '2200-01-01 00:00:00.000';
const nextDayStart = (isoDay: string) => clickhouseTime(new Date(startOf(isoDay).getTime() + DAY_MS).toISOString());

/** A link's human clicks per UTC day and breakdown value (infra/clickhouse/schema.sql). */
const DAILY_OF_LINK = 'FROM clicks_daily WHERE link_id IN {links:Array(UInt64)}';
const DAYS_IN_WINDOW = 'day >= {first:Date32} AND day <= {last:Date32}';
/** A link's human clicks from `from` (inclusive) to `to` (exclusive). */
const CLICKS_IN_WINDOW = "link_id IN {links:Array(UInt64)} AND is_bot = 0 AND at >= {from:DateTime64(3, 'UTC')} AND at < {to:DateTime64(3, 'UTC')}";

/** The name each breakdown shows for an empty value. */
const EMPTY_NAME = `multiIf(value != '', value, dimension = 'referrer', 'Direct', dimension = 'country', 'Unknown', dimension = 'device', 'other', 'Other')`;

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** What top_referrers calls the QR code's scans that came without a referrer (docs/analytics.md#qr-scans). */
const QR_REFERRER = 'QR code';
const DIRECT = 'Direct';

type Referrer = { referrer: string; count: number };

/**
 * The referrers with the QR code's scans that had no referrer taken out of "Direct" and
 * named "QR code": the per-day table counts them as Direct, the clicks table knows their
 * source. Most clicks first, ties by name, at most the `top` ones.
 */
function withQrScans(referrers: readonly Referrer[], qrWithoutReferrer: number, top: number): Referrer[] {
  if (qrWithoutReferrer <= 0) return [...referrers];
  const rows = referrers
    .map((row) => (row.referrer === DIRECT ? { ...row, count: row.count - qrWithoutReferrer } : row))
    .filter((row) => row.count > 0)
    .concat({ referrer: QR_REFERRER, count: qrWithoutReferrer });
  return rows.sort((a, b) => b.count - a.count || (a.referrer < b.referrer ? -1 : a.referrer > b.referrer ? 1 : 0)).slice(0, top);
}

type SplitRow = { by_rule: number; index: number; url: string; clicks: number; visitors: number };

/**
 * Human clicks per targeting rule and per A/B variant, each with the destination the clicks
 * themselves recorded (docs/links.md#analytics-by-rule-and-variant): one pass over the
 * clicks into (rule, variant, destination) with each group's visitor set, then two groupings
 * of those few rows. Skipped at the cost of reading two one-byte columns when no click in
 * the window was sent by a rule or variant (most links). Rows are (index, url), so a rule or
 * variant whose address changed shows each address with its own clicks; indexes in order, 0
 * (none) last.
 */
const SPLIT_SQL = `SELECT grouping(rule) = 0 AS by_rule, if(by_rule, rule, variant) AS index, destination AS url,
         sum(clicks) AS clicks, uniqExactMerge(visitors) AS visitors
  FROM (
    SELECT rule, variant, destination, count() AS clicks, uniqExactState(visitor) AS visitors
    FROM clicks WHERE ${CLICKS_IN_WINDOW}
      AND exists(SELECT 1 FROM clicks WHERE ${CLICKS_IN_WINDOW} AND (rule > 0 OR variant > 0))
    GROUP BY rule, variant, destination
  )
  GROUP BY GROUPING SETS ((rule, destination), (variant, destination))
  ORDER BY by_rule DESC, index = 0, index, clicks DESC, url
  LIMIT 100 BY by_rule`;

/** A split's rows (by rule, else by variant), or none when no click in the window was sent by one. */
function splitRows(rows: readonly SplitRow[], byRule: boolean) {
  const mine = rows.filter((row) => Boolean(Number(row.by_rule)) === byRule);
  if (!mine.some((row) => Number(row.index) > 0)) return [];
  return mine.map((row) => ({ index: Number(row.index), url: String(row.url), clicks: Number(row.clicks), unique_visitors: Number(row.visitors) }));
}

/** Clicks per share channel (docs/analytics.md#shares), most first, ties by name; the source is only in the clicks table. */
const SHARES_SQL = `SELECT source AS channel, count() AS count FROM clicks
  WHERE ${CLICKS_IN_WINDOW} AND source IN {channels:Array(String)}
  GROUP BY channel ORDER BY count DESC, channel`;

/**
 * The analytics of one link, in ClickHouse SQL that runs unchanged on chDB and on a
 * server. Only human clicks count: bots are kept in the table but never shown.
 * total_clicks and the today/week/month figures are always all-time periods; the range
 * bounds clicks_by_date (default: the last 30 days), every breakdown and unique_visitors
 * (default: all time). A `firstDay` (the workspace's retention, docs/privacy.md#analytics-retention)
 * bounds them all: no click before it counts anywhere. Every period and range is whole UTC days, so the counts come from
 * the per-day table (a few thousand rows for a link with a million clicks); only distinct
 * visitors need the clicks themselves.
 */
export function linkAnalytics(
  store: AnalyticsStore,
  linkId: number,
  now: Date,
  range: DayRange = {},
  firstDay?: string,
): Promise<Omit<AnalyticsResponse, 'retention'>> {
  return linksAnalytics(store, [linkId], now, range, TOP, firstDay);
}

/**
 * The analytics of a set of links as one (a tag's, a workspace's: docs/reports.md), as
 * `linkAnalytics` answers them for one; `top` values of each breakdown (an export asks for all).
 */
export async function linksAnalytics(
  store: AnalyticsStore,
  linkIds: readonly number[],
  now: Date,
  range: DayRange = {},
  top = TOP,
  firstDay?: string,
): Promise<Omit<AnalyticsResponse, 'retention'>> {
  const { today, week, month } = periodStarts(now);
  const series = byDateDays(now, range, firstDay);
  const from = range.from === undefined ? firstDay : laterDay(range.from, firstDay);
  const links = [...linkIds];
  const window = { links, first: from ?? FIRST_DAY, last: range.to ?? LAST_DAY };
  type Breakdown = { dimension: string; name: string; count: number };
  const clicksInWindow = {
    links,
    from: from ? clickhouseTime(startOf(from).toISOString()) : BEGINNING,
    to: range.to ? nextDayStart(range.to) : END_OF_TIME,
  };
  const [totals, visitors, byDate, breakdowns, splits, shares] = await Promise.all([
    store.query<{ total: number; today: number; week: number; month: number }>(
      `SELECT sum(clicks) AS total,
              sumIf(clicks, day >= {today:Date32}) AS today,
              sumIf(clicks, day >= {week:Date32}) AS week,
              sumIf(clicks, day >= {month:Date32}) AS month
       ${DAILY_OF_LINK} AND dimension = '' AND day >= {retained:Date32}`,
      { links, today: day(today), week: day(week), month: day(month), retained: firstDay ?? FIRST_DAY },
    ),
    // Distinct visitors and the QR code's scans need the clicks themselves (source is not in the per-day table): one pass.
    // Imported visits (docs/import.md#visits) carry no visitor: they are counted apart.
    store.query<{ visitors: number; qr: number; qr_direct: number; imported: number }>(
      `SELECT uniqExactIf(visitor, source != 'imported') AS visitors, countIf(source = 'qr') AS qr, countIf(source = 'qr' AND referrer = '') AS qr_direct,
              countIf(source = 'imported') AS imported
       FROM clicks WHERE ${CLICKS_IN_WINDOW}`,
      clicksInWindow,
    ),
    series.days === 0
      ? []
      : store.query<{ day: string; clicks: number }>(
          `SELECT day, sum(clicks) AS clicks
           ${DAILY_OF_LINK} AND dimension = '' AND ${DAYS_IN_WINDOW}
           GROUP BY day
           ORDER BY day WITH FILL FROM toDate({first:String}) TO toDate({last:String}) + 1`,
          { links, first: series.first, last: series.last },
        ),
    // The top values of every breakdown in the window, most clicks first, ties by name.
    store.query<Breakdown>(
      `SELECT dimension, ${EMPTY_NAME} AS name, sum(clicks) AS count
       ${DAILY_OF_LINK} AND dimension != '' AND ${DAYS_IN_WINDOW}
       GROUP BY dimension, name
       ORDER BY dimension, count DESC, name ASC
       LIMIT ${top} BY dimension`,
      window,
    ),
    store.query<SplitRow>(SPLIT_SQL, clicksInWindow),
    store.query<{ channel: string; count: number }>(SHARES_SQL, { ...clicksInWindow, channels: [...SHARE_CHANNELS] }),
  ]);
  const of = (dimension: string) =>
    breakdowns.filter((row) => row.dimension === dimension).map((row) => ({ name: String(row.name), count: Number(row.count) }));
  const named = (rows: { name: string; count: number }[], display: (name: string) => string = String) =>
    rows.map((row) => ({ name: display(row.name), count: row.count }));
  const total = totals[0];
  return {
    total_clicks: Number(total?.total ?? 0),
    clicks_today: Number(total?.today ?? 0),
    clicks_this_week: Number(total?.week ?? 0),
    clicks_this_month: Number(total?.month ?? 0),
    clicks_by_date: byDate.map((row) => ({ date: String(row.day), clicks: Number(row.clicks) })),
    top_referrers: withQrScans(
      of('referrer').map((row) => ({ referrer: row.name, count: row.count })),
      Number(visitors[0]?.qr_direct ?? 0),
      top,
    ),
    top_countries: of('country').map((row) => ({ country: row.name, count: row.count })),
    devices: named(of('device'), capitalised),
    browsers: named(of('browser')),
    operating_systems: named(of('os')),
    unique_visitors: Number(visitors[0]?.visitors ?? 0),
    qr_scans: Number(visitors[0]?.qr ?? 0),
    shares: shares.map((row) => ({ channel: row.channel as ShareChannel, count: Number(row.count) })),
    imported_clicks: Number(visitors[0]?.imported ?? 0),
    by_rule: splitRows(splits, true).map(({ index, ...row }) => ({ rule: index, ...row })),
    by_variant: splitRows(splits, false).map(({ index, ...row }) => ({ variant: index, ...row })),
  };
}
