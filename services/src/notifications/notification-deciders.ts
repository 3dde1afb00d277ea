import type { DomainEvent, NotificationPreferences } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { evolveNotifications, noNotifications, noticeDue, notificationStream, summaryDue, warningDue, type NotificationState } from './notification-state.ts';

const onStream = <C extends { userId: number }>(decide: Decider<C, NotificationState>['decide']): Decider<C, NotificationState> => ({
  streamOf: (command) => notificationStream(command.userId),
  initialState: noNotifications,
  evolve: evolveNotifications,
  decide,
});

interface ChangePreferences {
  userId: number;
  preferences: NotificationPreferences;
  /** The notices of expired links on or off; absent leaves them as they are. */
  expiryNotices?: boolean;
}

const same = (a: NotificationPreferences, b: NotificationPreferences) =>
  a.weekly_summary === b.weekly_summary && a.usage_warnings === b.usage_warnings && a.moderation_notices === b.moderation_notices;

/** Given the switches as they are, when the owner saves them, then a change is recorded; saving the same again records nothing. */
export const changePreferencesDecider = onStream<ChangePreferences>((command, state): DomainEvent[] => [
  ...(same(command.preferences, state.preferences)
    ? []
    : [{ type: 'NotificationPreferencesChanged' as const, data: { user_id: command.userId, ...command.preferences } }]),
  ...(command.expiryNotices === undefined || command.expiryNotices === state.expiryNotices
    ? []
    : [{ type: 'LinkExpiryNoticesSwitched' as const, data: { user_id: command.userId, expiry_notices: command.expiryNotices } }]),
]);

interface RecordWeeklySummary {
  userId: number;
  week: string;
}

/** Given the weekly summary switched on and not yet sent for the week, when it has been e-mailed, then that is recorded, once. */
export const weeklySummaryDecider = onStream<RecordWeeklySummary>((command, state) =>
  summaryDue(state, command.week) ? [{ type: 'WeeklySummarySent', data: { user_id: command.userId, week: command.week } }] : [],
);

interface RecordUsageWarning {
  userId: number;
  month: string;
  threshold: 80 | 100;
}

/** Given usage warnings on and this threshold not yet warned about this month, when the warning has been e-mailed, then that is recorded. */
export const usageWarningDecider = onStream<RecordUsageWarning>((command, state) =>
  warningDue(state, command.month, command.threshold) === command.threshold
    ? [{ type: 'UsageWarningSent', data: { user_id: command.userId, month: command.month, threshold: command.threshold } }]
    : [],
);

interface RecordModerationNotice {
  userId: number;
  linkId: number;
  moderationPosition: number;
}

/** Given moderation notices on and this disabling not yet told, when the notice has been e-mailed, then that is recorded. */
export const moderationNoticeDecider = onStream<RecordModerationNotice>((command, state) =>
  noticeDue(state, command.moderationPosition)
    ? [{ type: 'ModerationNoticeSent', data: { user_id: command.userId, link_id: command.linkId, moderation_position: command.moderationPosition } }]
    : [],
);
