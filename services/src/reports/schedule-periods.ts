import type { ReportPeriod } from './report-period.ts';

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The last whole period before `now` (UTC days, docs/reports.md#schedules): for weekly, Monday to
 * Sunday of last week; for monthly, the first to the last day of last month.
 */
export function lastWholePeriod(frequency: 'weekly' | 'monthly', now: Date): ReportPeriod {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === 'weekly') {
    const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS;
    return { from: isoDay(new Date(monday - 7 * DAY_MS)), to: isoDay(new Date(monday - DAY_MS)) };
  }
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return { from: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))), to: isoDay(new Date(first - DAY_MS)) };
}

/** Whether a period ended after the schedule was made: a new schedule waits for its first whole period. */
export const endedAfter = (period: ReportPeriod, createdAt: string) => Date.parse(`${period.to}T00:00:00.000Z`) + DAY_MS > Date.parse(createdAt);
