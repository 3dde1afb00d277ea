import type { Analytics } from '../../api/types.ts';
import type { LiveClick } from '../../live/live.ts';
import { REVERSED_RANGE, isReversedRange } from '../../format/day-range.ts';

/** Inclusive days (UTC, YYYY-MM-DD), as the analytics call's date_from and date_to take them. */
export interface DayRange {
  from: string;
  to: string;
}

export const DAY_MS = 86_400_000;

/** The UTC day of a moment: the server counts Today, This Week and the chart's days in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The last `days` days up to and including today (UTC). */
export function lastDays(days: number, now: Date): DayRange {
  const to = utcDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Days the server answers a series for at most (a year, leap day included). */
const MAX_RANGE_DAYS = 366;

export const rangeDays = (range: DayRange): number => Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;

/** Why a custom range cannot be asked for, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'Choose both a start and an end date.';
  if (isReversedRange(range.from, range.to)) return REVERSED_RANGE;
  if (rangeDays(range) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/**
 * The clicks the breakdowns (referrers, countries, devices …) share out: every day of the
 * range is in clicks_by_date, so its sum is the range's total.
 */
export const clicksInRange = (analytics: Pick<Analytics, 'clicks_by_date'>): number => analytics.clicks_by_date.reduce((sum, day) => sum + day.clicks, 0);

/** The names the server gives an empty referrer and an unknown country. */
export const DIRECT = 'Direct';
const UNKNOWN_COUNTRY = 'Unknown';

function bump<T extends { count: number }>(rows: T[], matches: (row: T) => boolean, make: () => T, by: number, nameOf: (row: T) => string): T[] {
  const found = rows.some(matches);
  const next = found ? rows.map((row) => (matches(row) ? { ...row, count: row.count + by } : row)) : [...rows, { ...make(), count: by }];
  return next.sort((a, b) => b.count - a.count || nameOf(a).localeCompare(nameOf(b)));
}

export interface LiveContext {
  /** The UTC day the analytics were read on: its Today, This Week and This Month. */
  readDay: string;
  /** The days the chart and the breakdowns cover. */
  range: DayRange;
}

/**
 * The analytics after a live click. The server coalesces bursts into one message carrying
 * the link's new all-time total, so the number of new clicks is the difference to the total
 * shown; a message that brings nothing new (already counted, or out of order) changes
 * nothing. New clicks on the day the figures were read count towards Today, This Week and
 * This Month; they go on their day's bar, and, within the range, to the click's referrer
 * and country (of a burst only the latest click's are known: a re-read corrects that).
 */
export function applyLiveClick(analytics: Analytics, click: Pick<LiveClick, 'total_clicks' | 'at' | 'country' | 'referrer'>, context: LiveContext): Analytics {
  const added = click.total_clicks - analytics.total_clicks;
  if (added <= 0) return analytics;
  const day = utcDay(new Date(click.at));
  const sameDay = day === context.readDay;
  const inRange = day >= context.range.from && day <= context.range.to;
  const referrer = click.referrer || DIRECT;
  const country = click.country || UNKNOWN_COUNTRY;
  return {
    ...analytics,
    total_clicks: click.total_clicks,
    clicks_today: sameDay ? analytics.clicks_today + added : analytics.clicks_today,
    clicks_this_week: sameDay ? analytics.clicks_this_week + added : analytics.clicks_this_week,
    clicks_this_month: sameDay ? analytics.clicks_this_month + added : analytics.clicks_this_month,
    clicks_by_date: analytics.clicks_by_date.map((entry) => (entry.date === day ? { ...entry, clicks: entry.clicks + added } : entry)),
    top_referrers: inRange
      ? bump(
          analytics.top_referrers,
          (row) => row.referrer === referrer,
          () => ({ referrer, count: 0 }),
          added,
          (row) => row.referrer,
        )
      : analytics.top_referrers,
    top_countries: inRange
      ? bump(
          analytics.top_countries,
          (row) => row.country === country,
          () => ({ country, count: 0 }),
          added,
          (row) => row.country,
        )
      : analytics.top_countries,
  };
}

/** The analytics screen's three error texts (docs/analytics.md#when-analytics-cannot-be-shown). */
export const ANALYTICS_NOT_FOUND = 'Analytics not available for this URL.';
export const ANALYTICS_FAILED = 'Failed to load analytics. Please try again.';
export const ANALYTICS_MISSING = 'Unable to load analytics for this URL.';

/** The days each plan shows, in order, for the upgrade sentence (docs/privacy.md#analytics-retention). */
const LONGER_RETENTION = [
  { days: 90, plan: 'Pro' },
  { days: 365, plan: 'Enterprise' },
];

/**
 * Why older clicks are not shown, in words, or null when every day is (docs/privacy.md#analytics-retention):
 * the plan's window, and how far the next plans reach.
 */
export function retentionNote(retention: Analytics['retention'], planName: string): string | null {
  if (retention.days < 0) return null;
  const longer = LONGER_RETENTION.filter((each) => each.days > retention.days).map((each) => each.days);
  const upgrade = longer.length ? ` Upgrade to see up to ${longer.join('/')} days.` : '';
  return `Your ${planName} plan shows the last ${retention.days} days of clicks.${upgrade}`;
}
