import type { DomainEvent, NotificationPreferences } from '@linkledger/contracts';

/** Where a user's switches and the record of what was sent to them live. */
export const notificationStream = (userId: number) => `notifications-${userId}`;

const ALL_ON: NotificationPreferences = { weekly_summary: true, usage_warnings: true, moderation_notices: true };

/** What the write side knows of one user's notification e-mails, folded from `notifications-{id}`. */
export interface NotificationState {
  preferences: NotificationPreferences;
  /** ISO weeks ('2026-W07') already summarised. */
  summarisedWeeks: readonly string[];
  /** Per month (YYYY-MM), the highest usage threshold already warned about. */
  warned: Readonly<Record<string, 80 | 100>>;
  /** Positions of the LinkModerated events the owner was already told about. */
  noticedModerations: readonly number[];
  /** Whether the notices of expired links are on (docs/notifications.md#link-expiry-notices). */
  expiryNotices: boolean;
}

export const noNotifications: NotificationState = { preferences: ALL_ON, summarisedWeeks: [], warned: {}, noticedModerations: [], expiryNotices: true };

export function evolveNotifications(state: NotificationState, event: DomainEvent): NotificationState {
  switch (event.type) {
    case 'NotificationPreferencesChanged': {
      const { weekly_summary, usage_warnings, moderation_notices } = event.data;
      return { ...state, preferences: { weekly_summary, usage_warnings, moderation_notices } };
    }
    case 'WeeklySummarySent':
      return { ...state, summarisedWeeks: [...state.summarisedWeeks, event.data.week] };
    case 'UsageWarningSent': {
      const before = state.warned[event.data.month] ?? 0;
      return { ...state, warned: { ...state.warned, [event.data.month]: Math.max(before, event.data.threshold) as 80 | 100 } };
    }
    case 'ModerationNoticeSent':
      return { ...state, noticedModerations: [...state.noticedModerations, event.data.moderation_position] };
    case 'LinkExpiryNoticesSwitched':
      return { ...state, expiryNotices: event.data.expiry_notices };
    default:
      return state;
  }
}

const DAY_MS = 86_400_000;

/** The ISO week ('2026-W07') of a moment, in UTC: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week before the one `now` is in: its ISO name and its days (Monday and Sunday, YYYY-MM-DD, UTC). */
export function weekBefore(now: Date): { week: string; monday: string; sunday: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisMonday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const monday = new Date(thisMonday - 7 * DAY_MS);
  return { week: isoWeek(monday), monday: monday.toISOString().slice(0, 10), sunday: new Date(thisMonday - DAY_MS).toISOString().slice(0, 10) };
}

/** The calendar month (YYYY-MM, UTC) of a moment: the period the monthly link limit counts. */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

/** The highest warning threshold reached by `used` links of `limit` (-1 unlimited, 0 none allowed: never). */
export function usageThreshold(used: number, limit: number): 0 | 80 | 100 {
  if (limit <= 0) return 0;
  if (used >= limit) return 100;
  if (used * 100 >= limit * 80) return 80;
  return 0;
}

/** Whether the summary of `week` is still to be sent. */
export const summaryDue = (state: NotificationState, week: string) => state.preferences.weekly_summary && !state.summarisedWeeks.includes(week);

/** The warning still to be sent for a month at the threshold reached, or null (a 100 % warning makes the 80 % one moot). */
export function warningDue(state: NotificationState, month: string, reached: 0 | 80 | 100): 80 | 100 | null {
  if (!state.preferences.usage_warnings || reached === 0) return null;
  return (state.warned[month] ?? 0) >= reached ? null : reached;
}

/** Whether the owner is still to be told about the moderation at `position`. */
export const noticeDue = (state: NotificationState, position: number) => state.preferences.moderation_notices && !state.noticedModerations.includes(position);
