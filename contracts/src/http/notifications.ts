import { z } from 'zod';

const onOff = (name: string) => z.boolean({ message: `${name} must be true or false` });

/** The settings' notifications tab (docs/notifications.md): each e-mail on or off; all on until changed. */
export const NotificationSettings = z.object({
  weekly_summary: onOff('weekly_summary').describe('Every Monday, the clicks of each of your links in the week before'),
  usage_warnings: onOff('usage_warnings').describe('When the links you created this month reach 80 % and 100 % of your plan’s monthly limit'),
  moderation_notices: onOff('moderation_notices').describe('When an administrator disables one of your links, with the reason'),
  expiry_notices: onOff('expiry_notices').describe('When a link of a workspace you own or manage expires, by its date or its click limit'),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/**
 * The same settings as a caller sends them: a field it does not know is refused, never passed
 * over. `expiry_notices` came later: a caller that leaves it out leaves it as it is.
 */
export const NotificationSettingsBody = z.strictObject({ ...NotificationSettings.shape, expiry_notices: NotificationSettings.shape.expiry_notices.optional() });

export const NotificationSettingsResponse = NotificationSettings.extend({ message: z.string().optional() });
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

export const NOTIFICATIONS_SAVED = 'Notification settings saved successfully.';
