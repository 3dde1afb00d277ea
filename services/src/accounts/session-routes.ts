import type { FastifyInstance } from 'fastify';
import { MessageBody } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { ignoreBodies } from '../http/optional-body.ts';
import { logoutDecider } from './session-deciders.ts';
import { routesFor } from '../http/declared-routes.ts';

export const SIGNED_OUT = 'You have been signed out.';

export async function sessionRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    const signedIn = routesFor(scope, { access: 'user' });

    await ignoreBodies(scope);
    signedIn.post('/api/auth/logout', {
      summary: 'Sign out: the bearer token stops working everywhere at once',
      response: { 200: MessageBody },
      handler: async ({ request, caller }) => {
        const session = caller.session!;
        const context = commandContext(platform, request);
        await handleCommand(platform, context, logoutDecider, { userId: session.userId, jti: session.jti, expiresAt: session.expiresAt });
        return { message: SIGNED_OUT };
      },
    });
  });
}
