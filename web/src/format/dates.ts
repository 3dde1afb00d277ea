/** Chart axis label for a YYYY-MM-DD day: short month and day ("Nov 22"), read as UTC. */
export function shortDayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Tooltip label for a YYYY-MM-DD day: the full date ("Sunday, November 22, 2026"). */
export function fullDayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** A link's creation date as the lists show it ("Nov 22, 2026"). */
export function createdLabel(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A moment as "Jun 5, 2026, 3:04 PM" in the viewer's time zone. */
export function momentLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Today as YYYY-MM-DD in the viewer's time zone (export file names). */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
