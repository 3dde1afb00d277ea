import { invalid } from '../commands/domain-error.ts';
import { firstShownDay, refuseLongRange } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';

const DAY_MS = 86_400_000;
/** Days a period runs without date_from: 30 days that end on date_to. */
const DEFAULT_DAYS = 30;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Both ends of a report's or an export's days (UTC, inclusive). */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * The days a report or export covers (docs/reports.md#periods): the days asked for, by default
 * the 30 days to today, with its start moved to the first day the workspace's analytics
 * retention still shows. A period longer than the analytics' longest series (366 days) is
 * refused, and so is one that ends before that first day, saying why.
 */
export async function reportPeriod(
  platform: Pick<Platform, 'clock' | 'read'>,
  workspaceId: number,
  asked: { date_from?: string | undefined; date_to?: string | undefined },
): Promise<ReportPeriod> {
  const to = asked.date_to ?? isoDay(platform.clock());
  const from = asked.date_from ?? isoDay(new Date(Date.parse(`${to}T00:00:00.000Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
  refuseLongRange(Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1);
  const { days, firstDay: firstShown } = await firstShownDay(platform, workspaceId);
  if (firstShown === undefined) return { from, to };
  if (to < firstShown) {
    throw invalid(`Your plan shows analytics of the last ${days} days: the period must end on or after ${firstShown}.`);
  }
  return { from: from < firstShown ? firstShown : from, to };
}
