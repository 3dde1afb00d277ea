import { z } from 'zod';

const userId = z.number().int().positive();

/*
 * The e-mails a user chose to receive and the record of each one sent (docs/notifications.md).
 * All of them live on the user's `notifications-{user_id}` stream, so deciding whether one
 * is still due and recording it is one concurrency-checked append: it is sent once, however
 * often a tick, a restart or a second scheduler finds it due. Nothing here is personal data:
 * switches, ids, weeks and months.
 */

/** The owner switched their notification e-mails on or off in the settings. Without one, all are on. */
const NotificationPreferencesChangedV1 = z.object({
  user_id: userId,
  weekly_summary: z.boolean(),
  usage_warnings: z.boolean(),
  moderation_notices: z.boolean(),
});
export type NotificationPreferences = Omit<z.infer<typeof NotificationPreferencesChangedV1>, 'user_id'>;

/** The summary of the clicks of an ISO week (`2026-W07`, Monday to Sunday, UTC) was e-mailed. */
const WeeklySummarySentV1 = z.object({
  user_id: userId,
  week: z.string().regex(/^\d{4}-W\d{2}$/),
});

/** Links created in `month` (YYYY-MM, UTC) reached `threshold` percent of the monthly limit, and the owner was told. */
const UsageWarningSentV1 = z.object({
  user_id: userId,
  month: z.string().regex(/^\d{4}-\d{2}$/),
  threshold: z.union([z.literal(80), z.literal(100)]),
});

/** The owner was told that an admin disabled their link: the LinkModerated event at `moderation_position`. */
const ModerationNoticeSentV1 = z.object({
  user_id: userId,
  link_id: z.number().int().positive(),
  moderation_position: z.number().int().positive(),
});

/** The user switched the notices of their workspaces' expired links on or off. Without one, they are on. */
const LinkExpiryNoticesSwitchedV1 = z.object({
  user_id: userId,
  expiry_notices: z.boolean(),
});

export const notificationEvents = {
  NotificationPreferencesChanged: { 1: NotificationPreferencesChangedV1 },
  WeeklySummarySent: { 1: WeeklySummarySentV1 },
  UsageWarningSent: { 1: UsageWarningSentV1 },
  ModerationNoticeSent: { 1: ModerationNoticeSentV1 },
  LinkExpiryNoticesSwitched: { 1: LinkExpiryNoticesSwitchedV1 },
} as const;
