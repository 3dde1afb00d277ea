import type { FastifyInstance } from 'fastify';
import { ErrorBody, SignupStatusResponse, SystemSignupSetting } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { ignoreBodies } from '../http/optional-body.ts';
import { ADMINS_ONLY, signupToggleDecider } from './signup-deciders.ts';
import { evolveSystem, initialSystem } from './user-state.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

const signupMessage = (enabled: boolean) =>
  enabled ? 'Sign-up is enabled: new users can register.' : 'Sign-up is disabled: new users cannot register. Existing users can still sign in.';

/** Read from the `system` stream itself: a toggle is effective at once, with no read-model lag. */
const loadSystem = (platform: Platform) => loadStream(platform.events, 'system', initialSystem, evolveSystem);

export async function signupRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);
  const admins = routesFor(app, { access: 'admin', refusal: ADMINS_ONLY });

  const admin = { tags: ['admin'] };

  anyone.get('/api/public/signup-status', {
    summary: 'Whether new users can register (the register screen asks first)',
    response: { 200: SignupStatusResponse },
    handler: async () => ({ signup_enabled: (await loadSystem(platform)).state.signupEnabled }),
  });

  admins.get('/api/admin/system-settings/signup-status', {
    ...admin,
    summary: 'Whether new users can register (admin and super admin)',
    response: { 200: SystemSignupSetting },
    handler: async () => {
      const enabled = (await loadSystem(platform)).state.signupEnabled;
      return { signup_enabled: enabled, message: signupMessage(enabled) };
    },
  });

  await app.register(async (scope) => {
    const admins = routesFor(scope, { access: 'admin', refusal: ADMINS_ONLY });

    await ignoreBodies(scope);
    admins.post('/api/admin/system-settings/signup-toggle', {
      ...admin,
      summary: 'Open or close registration (admin and super admin); existing users can always sign in',
      response: { 200: SystemSignupSetting, 409: ErrorBody },
      handler: async ({ request, caller }) => {
        const context = commandContext(platform, request);
        const { state } = await handleCommand(platform, context, signupToggleDecider, { role: caller.role });
        const enabled = !state.signupEnabled;
        return { signup_enabled: enabled, message: signupMessage(enabled) };
      },
    });
  });
}
