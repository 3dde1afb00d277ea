import type { FastifyInstance } from 'fastify';
import { ErrorBody, ResetLinkCheckBody, ResetLinkCheckResponse } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { checkResetToken, resetLinkCheckThrottle } from './check-reset-token.ts';
import { publicRoutes } from '../http/declared-routes.ts';

/** The reset screen's first call: does this link still work (docs/accounts.md#password-reset)? */
export async function resetCheckRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);

  anyone.post('/api/reset-password/check', {
    summary: 'Whether a reset link still works (valid, used, expired or invalid) and needs a second-factor code; spends nothing',
    body: ResetLinkCheckBody,
    response: { 200: ResetLinkCheckResponse, 429: ErrorBody },
    handler: async ({ request }) => {
      resetLinkCheckThrottle(platform).take(request.ip);
      return checkResetToken(platform, request.body.token.trim(), platform.clock());
    },
  });
}
