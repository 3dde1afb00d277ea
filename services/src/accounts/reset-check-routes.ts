import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ResetLinkCheckBody, ResetLinkCheckResponse } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { checkResetToken, resetLinkCheckThrottle } from './check-reset-token.ts';

/** The reset screen's first call: does this link still work (docs/accounts.md#password-reset)? */
export async function resetCheckRoutes(app: FastifyInstance, platform: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/reset-password/check',
    {
      config: { access: 'anyone' },
      schema: {
        summary: 'Whether a reset link still works (valid, used, expired or invalid) and needs a second-factor code; spends nothing',
        body: ResetLinkCheckBody,
        response: { 200: ResetLinkCheckResponse, 429: ErrorBody },
      },
    },
    async (request) => {
      resetLinkCheckThrottle(platform).take(request.ip);
      return checkResetToken(platform, request.body.token.trim(), platform.clock());
    },
  );
}
