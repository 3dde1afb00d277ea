/* How the system tab writes durations and sizes (docs/admin.md#overview-and-system). Pure, checked by system-format.test.ts. */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long the process has run, in its two largest units: "45 s", "12 min", "3 h 12 min", "2 d 5 h". */
export function uptimeLabel(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  if (total < MINUTE) return `${total} s`;
  if (total < HOUR) return `${Math.floor(total / MINUTE)} min`;
  if (total < DAY) return `${Math.floor(total / HOUR)} h ${Math.floor((total % HOUR) / MINUTE)} min`;
  return `${Math.floor(total / DAY)} d ${Math.floor((total % DAY) / HOUR)} h`;
}

const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/** Bytes on disk in decimal units (1 kB = 1,000 bytes), one decimal at most: "512 B", "1.5 MB", "340 kB". */
export function bytesLabel(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = UNITS[0];
  for (const next of UNITS) {
    value /= 1000;
    unit = next;
    // Stop before a value that would round to 1,000 of this unit ("1 MB", not "1,000 kB").
    if (value < 999.95) break;
  }
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}
