import { calendarDateLabel } from '../../format/dates.ts';

/** Usage bars are green below 75 %, yellow from 75 %, red from 90 %; unlimited is always green (docs/plans.md#usage-bars). */
const USAGE_WARNING_PERCENT = 75;
const USAGE_CRITICAL_PERCENT = 90;

/** The value a limit takes when there is none. */
export const UNLIMITED = -1;

type UsageTone = 'ok' | 'warning' | 'critical';

/**
 * How much of a limit is used, as a percent from 0 to 100 (capped), or null for an
 * unlimited limit. A limit of 0 counts as full as soon as anything is used.
 */
export function usagePercent(used: number, limit: number): number | null {
  if (limit === UNLIMITED || limit < 0) return null;
  if (limit === 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

/** The colour a usage bar takes. */
export function usageTone(used: number, limit: number): UsageTone {
  const percent = usagePercent(used, limit);
  if (percent === null) return 'ok';
  if (percent >= USAGE_CRITICAL_PERCENT) return 'critical';
  if (percent >= USAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}

/** "Unlimited" for -1, else the figure in en-IN grouping (1,000 / 10,000), as the catalogue writes limits. */
export function limitLabel(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : limit.toLocaleString('en-IN');
}

/** A plan price in rupees, as the product shows prices (en-IN, ₹, no paise): "₹999". */
export function rupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
}

/** A date as the plan screens write dates (en-IN): "1 Dec 2026" (docs/web-app.md#formats). */
export const indianDate = calendarDateLabel;
