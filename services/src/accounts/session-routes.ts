import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, MessageBody } from '@linkledger/contracts';
import { metadataFor, toNewEvent } from '../platform/commands.ts';
import { unauthorized } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext, waitForReadModel } from '../platform/request-context.ts';
import { BAD_TOKEN, NOT_AUTHENTICATED, authenticateToken, bearerToken } from './authenticate.ts';
import { ignoreBodies } from './optional-body.ts';

export const SIGNED_OUT = 'You have been signed out.';

export async function sessionRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await ignoreBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign out: the bearer token stops working everywhere at once',
          security: [{ bearer: [] }],
          response: { 200: MessageBody, 401: ErrorBody },
        },
      },
      async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized(NOT_AUTHENTICATED);
        const session = await authenticateToken(platform, token);
        if (!session) throw unauthorized(BAD_TOKEN);
        const context = requestContext(platform, request, { kind: 'user', id: String(session.userId) });
        const revoked = toNewEvent(
          { type: 'SessionRevoked', data: { user_id: session.userId, jti: session.jti, expires_at: session.expiresAt.toISOString() } },
          metadataFor(context),
        );
        // A revocation commutes with anything else on the stream, so it needs no expected revision.
        const { position } = await platform.events.append([{ stream: `user-${session.userId}`, expected: 'any', events: [revoked] }]);
        await waitForReadModel(platform, position);
        return { message: SIGNED_OUT };
      },
    );
  });
}
