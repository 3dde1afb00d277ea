import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';
import { LINKS, type LinkView } from './links.ts';

/**
 * What the notifications scheduler looks for due work in (docs/notifications.md): one document
 * per user who changed a switch or was sent something, and one per link disabled by an admin
 * whose owner has not been told yet. The user's `notifications-{id}` stream decides; these
 * only spare the scheduler reading every stream at every tick.
 */
export const NOTIFICATION_SETTINGS = 'notification_settings';
export const MODERATION_NOTICES_DUE = 'moderation_notices_due';

export interface NotificationSettingsView {
  [key: string]: unknown;
  /** The user's id. */
  id: number;
  weekly_summary: boolean;
  usage_warnings: boolean;
  moderation_notices: boolean;
  /** The last ISO week summarised ('2026-W07'), or null. */
  summary_week: string | null;
  /** The month (YYYY-MM) and the highest threshold warned about in it. */
  warned_month: string | null;
  warned_threshold: number;
}

export interface ModerationNoticeDueView {
  [key: string]: unknown;
  /** The link's id: a later disabling of the same link replaces an earlier one not yet told. */
  id: number;
  user_id: number;
  /** Position of the LinkModerated event that disabled it. */
  position: number;
  at: string;
}

/** Everything on until the owner switches something off. */
export const defaultNotificationSettings = (userId: number): NotificationSettingsView => ({
  id: userId,
  weekly_summary: true,
  usage_warnings: true,
  moderation_notices: true,
  summary_week: null,
  warned_month: null,
  warned_threshold: 0,
});

export const notificationIndexes = { [NOTIFICATION_SETTINGS]: [], [MODERATION_NOTICES_DUE]: [['at']] } as const;

export const notificationHandlers: ReadModelHandlers = {
  async NotificationPreferencesChanged({ user_id, weekly_summary, usage_warnings, moderation_notices }, _recorded, tx) {
    const view = (await tx.get<NotificationSettingsView>(NOTIFICATION_SETTINGS, user_id)) ?? defaultNotificationSettings(user_id);
    tx.put(NOTIFICATION_SETTINGS, { ...view, weekly_summary, usage_warnings, moderation_notices });
  },
  async WeeklySummarySent({ user_id, week }, _recorded, tx) {
    const view = (await tx.get<NotificationSettingsView>(NOTIFICATION_SETTINGS, user_id)) ?? defaultNotificationSettings(user_id);
    tx.put(NOTIFICATION_SETTINGS, { ...view, summary_week: week });
  },
  async UsageWarningSent({ user_id, month, threshold }, _recorded, tx) {
    const view = (await tx.get<NotificationSettingsView>(NOTIFICATION_SETTINGS, user_id)) ?? defaultNotificationSettings(user_id);
    const higher = view.warned_month === month ? Math.max(view.warned_threshold, threshold) : threshold;
    tx.put(NOTIFICATION_SETTINGS, { ...view, warned_month: month, warned_threshold: higher });
  },
  async LinkModerated({ link_id, disabled }, recorded, tx) {
    const link = await tx.get<LinkView>(LINKS, link_id);
    // Enabled again before its owner was told: there is nothing to tell any more.
    if (!disabled || !link) {
      tx.delete(MODERATION_NOTICES_DUE, link_id);
      return;
    }
    const due: ModerationNoticeDueView = { id: link_id, user_id: link.owner_id, position: recorded.position, at: recorded.metadata.at };
    tx.put(MODERATION_NOTICES_DUE, due);
  },
  async ModerationNoticeSent({ link_id, moderation_position }, _recorded, tx) {
    const due = await tx.get<ModerationNoticeDueView>(MODERATION_NOTICES_DUE, link_id);
    if (due && due.position <= moderation_position) tx.delete(MODERATION_NOTICES_DUE, link_id);
  },
  LinkDeleted({ link_id }, _recorded, tx) {
    tx.delete(MODERATION_NOTICES_DUE, link_id);
  },
};

/** The settings and due notices the batch's events change. */
export const prefetchNotifications: ReadModelPrefetch = async (batch, tx) => {
  const users = new Set<number>();
  const links = new Set<number>();
  for (const { event } of batch) {
    switch (event.type) {
      case 'NotificationPreferencesChanged':
      case 'WeeklySummarySent':
      case 'UsageWarningSent':
        users.add(event.data.user_id);
        break;
      case 'LinkModerated':
      case 'ModerationNoticeSent':
      case 'LinkDeleted':
        links.add(event.data.link_id);
    }
  }
  await Promise.all([tx.prefetch(NOTIFICATION_SETTINGS, users), tx.prefetch(MODERATION_NOTICES_DUE, links)]);
};
