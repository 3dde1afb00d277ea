import type { FastifyInstance } from 'fastify';
import { CUTTLY_STATUS, ErrorBody, ShortenQuery, ShortenResponse } from '@linkledger/contracts';
import { publicBase } from '../link-response.ts';
import { ownHosts } from '../../http/origins.ts';
import type { Platform } from '../../platform/platform.ts';
import { requestContext } from '../../http/request-context.ts';
import { admitApiCall, keyActsIn, keyOwner } from '../../api-keys/index.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { failed, shortenLikeCuttly } from './shorten.ts';
import { publicRoutes } from '../../http/declared-routes.ts';

/**
 * The cutt.ly-compatible call, so scripts written for cutt.ly work by changing the host:
 * every outcome is HTTP 200 in cutt.ly's shape, except the rate limit (429, Retry-After).
 * The key travels in the query string; the server's logs redact it.
 */
export async function shortenRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);

  anyone.get('/api/shorten', {
    summary: 'Shorten a URL in cutt.ly’s style: ?key=<API key>&short=<URL-encoded address>[&name=<short code>][&userDomain=0|1]; status 7 is success',
    querystring: ShortenQuery,
    response: { 200: ShortenResponse, 429: ErrorBody },
    handler: async ({ request }) => {
      const { key, short, name, userDomain } = request.query;
      const owner = key ? await keyOwner(platform, key) : null;
      // cutt.ly has no status for a blocked account: its key is as good as invalid.
      if (!owner || owner.refusal) return failed(CUTTLY_STATUS.invalidKey);
      // A workspace key that may not create links (its scopes, its creator's role) is as good as invalid too.
      const workspaceId = await keyActsIn(platform, owner, 'links:write').catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      });
      if (workspaceId === null) return failed(CUTTLY_STATUS.invalidKey);
      await admitApiCall(platform, owner);
      const context = requestContext(platform, request, { kind: 'api_key', id: owner.keyId });
      const base = publicBase(platform, request);
      return shortenLikeCuttly(platform, context, { ownerId: workspaceId, short, name, userDomain, base, ownHosts: ownHosts(platform, request) });
    },
  });
}
