import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { callerOf } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { ignoreBodies } from '../http/optional-body.ts';
import { logoutDecider } from './session-deciders.ts';

export const SIGNED_OUT = 'You have been signed out.';

export async function sessionRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await ignoreBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/logout',
      {
        config: { access: 'user' },
        schema: {
          summary: 'Sign out: the bearer token stops working everywhere at once',
          response: { 200: MessageBody },
        },
      },
      async (request) => {
        const session = callerOf(request).session!;
        const context = commandContext(platform, request);
        await handleCommand(platform, context, logoutDecider, { userId: session.userId, jti: session.jti, expiresAt: session.expiresAt });
        return { message: SIGNED_OUT };
      },
    );
  });
}
