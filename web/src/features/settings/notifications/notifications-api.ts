import type { NotificationSettings as Switches, NotificationSettingsResponse } from '@linkledger/contracts';
import { api } from '../../../api/client.ts';

// The notifications tab's calls (docs/notifications.md); type-only imports keep zod out of the bundle.

export type NotificationSwitches = Switches;

export const notificationsApi = {
  get: () => api<NotificationSwitches>('/settings/notifications'),
  save: (switches: NotificationSwitches) => api<NotificationSettingsResponse>('/settings/notifications', { method: 'PUT', body: switches }),
};

export const NOTIFICATIONS_QUERY = ['settings', 'notifications'] as const;

/** Each e-mail the tab switches, with what it says about it. */
export const NOTIFICATION_CHOICES: readonly { key: keyof NotificationSwitches; label: string; explanation: string }[] = [
  {
    key: 'weekly_summary',
    label: 'Weekly summary',
    explanation: 'Every Monday, an e-mail with the clicks each of your links received in the week before (Monday to Sunday, UTC).',
  },
  {
    key: 'usage_warnings',
    label: 'Usage warnings',
    explanation: 'An e-mail when the links you created this month reach 80% and again at 100% of your plan’s monthly limit.',
  },
  {
    key: 'moderation_notices',
    label: 'Moderation notices',
    explanation: 'An e-mail when an administrator disables one of your links, with the reason they gave.',
  },
  {
    key: 'expiry_notices',
    label: 'Expired link notices',
    explanation: 'An e-mail when a link of a workspace you own or manage expires, at its expiry date or its click limit.',
  },
];

export const NOTIFICATIONS_LOAD_FAILED = 'Failed to load your notification settings.';
export const NOTIFICATIONS_SAVE_FAILED = 'Failed to save notification settings. Please try again.';
