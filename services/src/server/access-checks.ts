import type { FastifyRequest } from 'fastify';
import { bearerToken, requireCaller } from '../accounts/authenticate.ts';
import { NOT_AUTHENTICATED_OR_KEY, apiKeyHeader, requireApiKey } from '../api-keys/authenticate-key.ts';
import { unauthorized } from '../commands/domain-error.ts';
import { requireFeature } from '../billing/feature-gate.ts';
import type { AccessChecks, Caller } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { sessionUse } from '../settings/sessions.ts';
import { roleIn } from '../workspaces/workspace-views.ts';

/** The access hook's credentials, each checked by the feature that owns it (docs/architecture.md#who-may-call-a-route). */
export const accessChecks = (platform: Platform): AccessChecks => ({
  session: (request) => requireCaller(platform, request),
  sessionOrApiKey: (request) => requireCallerOrApiKey(platform, request),
  sessionUsed: (session, userAgent, onError) => sessionUse(platform).touch(session, userAgent, onError),
  requireFeature: (ownerId, feature, refusal) => requireFeature(platform, ownerId, feature, refusal),
  workspaceRole: (userId, workspaceId) => roleIn(platform, userId, workspaceId),
});

/**
 * The public API's routes take either credential. A sent X-API-Key decides, even beside a
 * bearer token: a wrong key is refused rather than silently ignored.
 */
async function requireCallerOrApiKey(platform: Platform, request: FastifyRequest): Promise<Caller> {
  const key = apiKeyHeader(request);
  if (key !== null) return requireApiKey(platform, key);
  if (!bearerToken(request)) throw unauthorized(NOT_AUTHENTICATED_OR_KEY);
  const session = await requireCaller(platform, request);
  // With its session, so a signed-in call here records the session's use as any other does.
  return { userId: session.userId, role: session.role, actor: { kind: 'user', id: String(session.userId) }, session };
}
