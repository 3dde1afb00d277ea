import type { FastifyRequest } from 'fastify';
import { ApiKeyResponse, ErrorBody } from '@linkledger/contracts';
import { API_KEYS, type ApiKeyView } from '@linkledger/projections';
import { ignoreBodies } from '../http/optional-body.ts';
import { domainInfo, activePlace } from '../domains/index.ts';
import { publicBase, shortUrl } from '../links/index.ts';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { commandContext } from '../http/command-context.ts';
import { revealApiKey } from './api-key.ts';
import { evolveApiKey, noApiKeyState } from './api-key-state.ts';
import { loadStream } from '../commands/command-context.ts';
import { issueApiKey } from './issue-api-key.ts';
import { apiUsageMeter } from './usage-meter.ts';
import { routesFor } from '../http/declared-routes.ts';
import { requireRoomForAccountKey, workspaceKeyRoutes } from './workspace-key-routes.ts';

export const NO_API_KEY = 'You have no API key yet. Create one with POST /api/users/me/generate-api-key.';
/** The web app's key screen tells this case by its first words, and offers a new key rather than making one. */
export const API_KEY_REVOKED =
  'Your API key was revoked to protect your account (a password reset or change, or a proof of your address). Create a new one with POST /api/users/me/generate-api-key when your integrations need it.';

/** The key, its owner's active domain and header, and where links made with it go now (docs/developer-api.md#where-api-links-go). */
async function keyResponse(
  platform: Pick<Platform, 'read' | 'clock' | 'config'>,
  request: FastifyRequest,
  userId: number,
  apiKey: string,
): Promise<ApiKeyResponse> {
  const [{ active_custom_domain, active_trai_header }, place] = await Promise.all([domainInfo(platform.read, userId), activePlace(platform, userId)]);
  const api_links_at = shortUrl(publicBase(platform, request), { ...place, short_code: '' });
  return { api_key: apiKey, domains: { active_custom_domain, active_trai_header, api_links_at } };
}

/** The caller's API key: reveal, generate, regenerate (bearer token only: a key cannot mint keys); and the workspaces' keys. */
export const apiKeyRoutes = documentedAs(
  'api keys',
  async (app, platform) => {
    const signedIn = routesFor(app, { access: 'user' });

    // Calls counted but not yet recorded are written before the stores close.
    app.addHook('onClose', async () => {
      await apiUsageMeter(platform).close();
    });

    signedIn.get('/api/users/me/api-key', {
      summary: 'Your API key and the domains its links are served on; 404 when you have none yet, or it was revoked',
      response: { 200: ApiKeyResponse, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ request, caller }) => {
        const [key] = await platform.read.find<ApiKeyView>(API_KEYS, { where: { user_id: caller.userId }, limit: 1 });
        if (!key) {
          const { state } = await loadStream(platform.events, `user-${caller.userId}`, noApiKeyState, evolveApiKey);
          throw notFound(state.revokedFor && state.revokedFor !== 'regenerated' ? API_KEY_REVOKED : NO_API_KEY);
        }
        return keyResponse(platform, request, caller.userId, revealApiKey(platform.secret, key.key_encrypted));
      },
    });

    // Both commands take no input; an empty JSON body, as clients send one, is ignored.
    await app.register(async (scope) => {
      const signedIn = routesFor(scope, { access: 'user' });

      await ignoreBodies(scope);

      signedIn.post('/api/users/me/generate-api-key', {
        summary: 'Create your API key: 201 with the new key, or 200 with the key you already have (nothing changes)',
        response: { 200: ApiKeyResponse, 201: ApiKeyResponse, 409: ErrorBody },
        handler: async ({ request, reply, caller }) => {
          await requireRoomForAccountKey(platform, caller.userId);
          const context = commandContext(platform, request);
          const { apiKey, created } = await issueApiKey(platform, context, { userId: caller.userId, replace: false });
          return reply.code(created ? 201 : 200).send(await keyResponse(platform, request, caller.userId, apiKey));
        },
      });

      signedIn.post('/api/users/me/regenerate-api-key', {
        summary: 'Replace your API key with a new one: the old key stops working at once',
        response: { 200: ApiKeyResponse, 409: ErrorBody },
        handler: async ({ request, caller }) => {
          await requireRoomForAccountKey(platform, caller.userId);
          const context = commandContext(platform, request);
          const { apiKey } = await issueApiKey(platform, context, { userId: caller.userId, replace: true });
          return keyResponse(platform, request, caller.userId, apiKey);
        },
      });
    });
  },
  workspaceKeyRoutes,
);
