/*
 * Every date the app shows is written here, en-IN, one shape per kind of date
 * (docs/web-app.md#formats): "27 Nov 2026" for a day, "27 Nov 2026, 3:04 pm" for a moment.
 * No screen formats a date itself (format.test.ts checks the sources for it).
 */

const LOCALE = 'en-IN';

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const MOMENT: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' };

/** The date of an ISO string, or null when it names no moment (shown as it came). */
function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `iso` written with the options; what is not a date is shown as it came (`given`). */
function format(iso: string, options: Intl.DateTimeFormatOptions, given = iso): string {
  const date = parsed(iso);
  return date ? date.toLocaleString(LOCALE, options) : given;
}

/** A calendar day YYYY-MM-DD as midnight UTC (the analytics' days are UTC days). */
const utcDay = (day: string) => `${day}T00:00:00Z`;

/** Chart axis and range label for a YYYY-MM-DD day: "22 Nov", read as UTC. */
export function shortDayLabel(day: string): string {
  return format(utcDay(day), { day: 'numeric', month: 'short', timeZone: 'UTC' }, day);
}

/** Tooltip and table label for a YYYY-MM-DD day: "Sunday, 22 November 2026", read as UTC. */
export function fullDayLabel(day: string): string {
  return format(utcDay(day), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, day);
}

/** A day something happened, in the viewer's time zone: "22 Nov 2026" (link creation, a ticket opened). */
export function createdLabel(iso: string): string {
  return format(iso, DAY);
}

/** A day the server counts in UTC (a paid period's end, the usage reset): "1 Dec 2026". */
export function calendarDateLabel(iso: string): string {
  return format(iso, { ...DAY, timeZone: 'UTC' });
}

/** Day and month of a UTC date, for sentences within the year: "1 December". */
export function dayMonthLabel(iso: string): string {
  return format(iso, { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** A calendar month YYYY-MM: "June 2026" (UTC). */
export function monthYearLabel(month: string): string {
  return format(`${month}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' }, month);
}

/** A moment in the viewer's time zone: "5 Jun 2026, 3:04 pm" (the time never split from its am/pm). */
export function momentLabel(iso: string): string {
  return format(iso, MOMENT).replace(/\s(am|pm)$/i, '\u00a0$1');
}

/** A moment to the second, 24-hour clock, in the viewer's time zone (the event log): "2 Nov 2026, 09:00:05". */
export function secondLabel(iso: string): string {
  return format(iso, { ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** Today as YYYY-MM-DD in the viewer's time zone (export file names). */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An ISO instant as a `datetime-local` input shows it, in the viewer's time zone: "2026-11-30T18:30" ('' when it names no moment). */
export function dateTimeInputValue(iso: string | null): string {
  const date = iso === null ? null : parsed(iso);
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` input's value (the viewer's local time) as an ISO instant in UTC; null when empty or not a moment. */
export function isoFromDateTimeInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** How long until a moment, roughly, in its largest unit: "3 days", "5 hours", "1 minute" (null once it has passed). */
export function timeUntilLabel(iso: string, now: number): string | null {
  const date = parsed(iso);
  if (!date || date.getTime() <= now) return null;
  const minutes = Math.ceil((date.getTime() - now) / 60_000);
  const [amount, unit] =
    minutes >= 24 * 60 ? [Math.round(minutes / (24 * 60)), 'day'] : minutes >= 120 ? [Math.round(minutes / 60), 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
