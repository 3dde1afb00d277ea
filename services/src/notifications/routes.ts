import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, NOTIFICATIONS_SAVED, NotificationSettings, NotificationSettingsResponse } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { callerOf } from '../http/access.ts';
import { commandContext } from '../http/command-context.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { changePreferencesDecider } from './notification-deciders.ts';
import { evolveNotifications, noNotifications, notificationStream } from './notification-state.ts';

/** The settings' notifications tab (docs/notifications.md): which e-mails the caller receives. */
export const notificationRoutes = documentedAs('settings', async (app, platform) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/settings/notifications',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Which notification e-mails you receive (all on until you change them)',
        response: { 200: NotificationSettings, 409: ErrorBody },
      },
    },
    async (request) => {
      const { state } = await loadStream(platform.events, notificationStream(callerOf(request).userId), noNotifications, evolveNotifications);
      return state.preferences;
    },
  );

  api.put(
    '/api/settings/notifications',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Switch the weekly summary, usage warnings and moderation notices on or off',
        body: NotificationSettings,
        response: { 200: NotificationSettingsResponse, 409: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { weekly_summary, usage_warnings, moderation_notices } = request.body;
      const preferences = { weekly_summary, usage_warnings, moderation_notices };
      await handleCommand(platform, commandContext(platform, request), changePreferencesDecider, { userId: caller.userId, preferences });
      return { ...preferences, message: NOTIFICATIONS_SAVED };
    },
  );
});
