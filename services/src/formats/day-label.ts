const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
// India has no daylight saving time, so a fixed offset is exact.
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * '23 Nov 2026': the calendar date in India, whatever the server's time zone. Spelled out by hand
 * because ICU's en-IN short month for September is 'Sept' and varies between ICU versions.
 */
export function formatIndianDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${iso}`);
  const local = new Date(time + IST_OFFSET_MS);
  const day = String(local.getUTCDate()).padStart(2, '0');
  return `${day} ${MONTHS[local.getUTCMonth()] ?? ''} ${local.getUTCFullYear()}`;
}

/** A date as messages, e-mails and receipts show it: "05 Sep 2026", the calendar day in India. */
export const dayLabel = (at: Date | string) => formatIndianDate(typeof at === 'string' ? at : at.toISOString());
