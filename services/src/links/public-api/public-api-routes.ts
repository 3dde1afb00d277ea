import type { FastifyInstance } from 'fastify';
import { CreatedLinkStillProcessing, ErrorBody, IdempotencyKeyHeaders, LinkResponse, PublicCreateLinkBody } from '@linkledger/contracts';
import type { Platform } from '../../platform/platform.ts';
import { createLinkHandler } from '../create-link-route.ts';
import { routesFor } from '../../http/declared-routes.ts';

/** The documented public API's link creation (docs/developer-api.md#creating-links-with-an-api-key): links made here are counted as "api" links. */
export async function publicApiRoutes(app: FastifyInstance, platform: Platform) {
  routesFor(app, { access: 'user_or_api_key', workspace: 'links:write' }).post('/api/urls/api', {
    summary: 'Shorten a URL through the API (X-API-Key): the link is listed under the "api" tab; calls count against your plan’s rate limit',
    headers: IdempotencyKeyHeaders,
    body: PublicCreateLinkBody,
    response: { 201: LinkResponse, 202: CreatedLinkStillProcessing, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    handler: createLinkHandler(platform, 'api'),
  });
}
