import { ErrorBody, NOTIFICATIONS_SAVED, NotificationSettings, NotificationSettingsBody, NotificationSettingsResponse } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { commandContext } from '../http/command-context.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { changePreferencesDecider } from './notification-deciders.ts';
import { evolveNotifications, noNotifications, notificationStream } from './notification-state.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The settings' notifications tab (docs/notifications.md): which e-mails the caller receives. */
export const notificationRoutes = documentedAs('settings', async (app, platform) => {
  const signedIn = routesFor(app, { access: 'user' });

  signedIn.get('/api/settings/notifications', {
    summary: 'Which notification e-mails you receive (all on until you change them)',
    response: { 200: NotificationSettings, 409: ErrorBody },
    handler: async ({ caller }) => {
      const { state } = await loadStream(platform.events, notificationStream(caller.userId), noNotifications, evolveNotifications);
      return { ...state.preferences, expiry_notices: state.expiryNotices };
    },
  });

  signedIn.put('/api/settings/notifications', {
    summary: 'Switch the weekly summary, usage warnings, moderation notices and expired-link notices on or off',
    body: NotificationSettingsBody,
    response: { 200: NotificationSettingsResponse, 409: ErrorBody },
    handler: async ({ request, caller }) => {
      const { weekly_summary, usage_warnings, moderation_notices, expiry_notices } = request.body;
      const preferences = { weekly_summary, usage_warnings, moderation_notices };
      const command = { userId: caller.userId, preferences, ...(expiry_notices !== undefined && { expiryNotices: expiry_notices }) };
      const { state } = await handleCommand(platform, commandContext(platform, request), changePreferencesDecider, command);
      return { ...preferences, expiry_notices: expiry_notices ?? state.expiryNotices, message: NOTIFICATIONS_SAVED };
    },
  });
});
