import type { AnalyticsStore, EnterpriseAnalyticsResponse } from '@linkledger/contracts';
import { clickhouseTime } from '@linkledger/projections';
import { byDateDays, laterDay, type DayRange } from './analytics-queries.ts';

const DAY_MS = 86_400_000;
const startOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (isoDay: string, days: number) => dayOf(new Date(startOf(isoDay).getTime() - days * DAY_MS));
const at = (isoDay: string) => clickhouseTime(startOf(isoDay).toISOString());

/** Percent change from `before` to `now`, one decimal; none when there was nothing before. */
function change(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;
}

/** A link's human clicks from `from` (inclusive) to `to` (exclusive). */
const HUMAN_CLICKS = "link_id = {link:UInt64} AND is_bot = 0 AND at >= {from:DateTime64(3, 'UTC')} AND at < {to:DateTime64(3, 'UTC')}";

/**
 * A link's enterprise analytics over whole UTC days (docs/analytics.md#enterprise-analytics):
 * clicks per hour of the day and per weekday in UTC, and the period's clicks and distinct
 * visitors against the period of the same length just before it. Neither period reaches before
 * `firstDay`, the workspace's retention (docs/privacy.md#analytics-retention). Imported visits
 * count as clicks but carry no visitor, as in the link's own analytics.
 */
export async function enterpriseAnalytics(
  store: AnalyticsStore,
  linkId: number,
  now: Date,
  range: DayRange,
  firstDay: string | undefined,
): Promise<Omit<EnterpriseAnalyticsResponse, 'retention'>> {
  const current = byDateDays(now, range, firstDay);
  const previousLast = daysBefore(current.first, 1);
  const previous = byDateDays(now, { from: laterDay(daysBefore(current.first, Math.max(current.days, 1)), firstDay), to: previousLast }, firstDay);
  const end = daysBefore(current.last, -1);
  const [spread, totals] = await Promise.all([
    current.days === 0
      ? []
      : store.query<{ hour: number; weekday: number; clicks: number }>(
          `SELECT toHour(at) AS hour, toDayOfWeek(at) AS weekday, count() AS clicks FROM clicks WHERE ${HUMAN_CLICKS} GROUP BY hour, weekday`,
          { link: linkId, from: at(current.first), to: at(end) },
        ),
    store.query<{ clicks: number; visitors: number; previous_clicks: number; previous_visitors: number }>(
      `SELECT countIf(at >= {current:DateTime64(3, 'UTC')}) AS clicks,
              uniqExactIf(visitor, at >= {current:DateTime64(3, 'UTC')} AND source != 'imported') AS visitors,
              countIf(at < {current:DateTime64(3, 'UTC')}) AS previous_clicks,
              uniqExactIf(visitor, at < {current:DateTime64(3, 'UTC')} AND source != 'imported') AS previous_visitors
       FROM clicks WHERE ${HUMAN_CLICKS}`,
      // A period with no day (wholly before the retention) reads nothing: it starts where it ends.
      {
        link: linkId,
        from: at(previous.days === 0 ? current.first : previous.first),
        current: at(current.first),
        to: at(current.days === 0 ? current.first : end),
      },
    ),
  ]);
  const sum = (rows: typeof spread, pick: (row: (typeof spread)[number]) => boolean) => rows.filter(pick).reduce((total, row) => total + Number(row.clicks), 0);
  const row = totals[0];
  const figures = {
    clicks: Number(row?.clicks ?? 0),
    visitors: Number(row?.visitors ?? 0),
    previousClicks: Number(row?.previous_clicks ?? 0),
    previousVisitors: Number(row?.previous_visitors ?? 0),
  };
  return {
    time_zone: 'UTC',
    by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, clicks: sum(spread, (each) => Number(each.hour) === hour) })),
    by_weekday: Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, clicks: sum(spread, (each) => Number(each.weekday) === index + 1) })),
    comparison: {
      current: { date_from: current.first, date_to: current.last, clicks: figures.clicks, unique_visitors: figures.visitors },
      previous: { date_from: previous.first, date_to: previous.last, clicks: figures.previousClicks, unique_visitors: figures.previousVisitors },
      clicks_change_percent: change(figures.clicks, figures.previousClicks),
      unique_visitors_change_percent: change(figures.visitors, figures.previousVisitors),
    },
  };
}
