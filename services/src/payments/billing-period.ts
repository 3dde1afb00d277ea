import type { BillingCycle } from '@linkledger/contracts';

/**
 * The end of a period that starts at `start`: the same day and time a month (or a year)
 * later, or the last day of a shorter month (31 January → 28 or 29 February), in UTC.
 */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'monthly' ? 1 : 12;
  const targetMonth = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      start.getUTCFullYear(),
      targetMonth,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}
