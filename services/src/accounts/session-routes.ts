import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, MessageBody } from '@linkledger/contracts';
import { handleCommand, type Decider } from '../commands/command-handler.ts';
import { callerOf } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { ignoreBodies } from './optional-body.ts';

export const SIGNED_OUT = 'You have been signed out.';

/** Signing out ends exactly one session: its token id is refused until the token would have expired anyway. */
export const logoutDecider: Decider<{ userId: number; jti: string; expiresAt: Date }, null> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'SessionRevoked', data: { user_id: command.userId, jti: command.jti, expires_at: command.expiresAt.toISOString() } }],
};

export async function sessionRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await ignoreBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/logout',
      {
        config: { access: 'user' },
        schema: {
          tags: ['accounts'],
          summary: 'Sign out: the bearer token stops working everywhere at once',
          response: { 200: MessageBody, 401: ErrorBody },
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
