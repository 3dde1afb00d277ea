import { requireCaller } from '../accounts/authenticate.ts';
import { requireCallerOrApiKey } from '../api-keys/authenticate-key.ts';
import { requireFeature } from '../billing/feature-gate.ts';
import type { AccessChecks } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { sessionUse } from '../settings/sessions.ts';

/** The access hook's credentials, each checked by the feature that owns it (docs/architecture.md#who-may-call-a-route). */
export const accessChecks = (platform: Platform): AccessChecks => ({
  session: (request) => requireCaller(platform, request),
  sessionOrApiKey: (request) => requireCallerOrApiKey(platform, request),
  sessionUsed: (session, userAgent, onError) => sessionUse(platform).touch(session, userAgent, onError),
  requireFeature: (userId, feature, refusal) => requireFeature(platform, userId, feature, refusal),
});
