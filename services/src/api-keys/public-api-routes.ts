import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, LinkResponse, PublicCreateLinkBody } from '@linkledger/contracts';
import { createLink } from '../links/create-link.ts';
import { refuseLoopingDestination } from '../links/loop-guard.ts';
import { publicBase, toLinkResponse } from '../links/link-response.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext } from '../platform/request-context.ts';
import { keyOrBearer } from './authenticate-key.ts';
import { callerOf } from '../platform/access.ts';

/** The documented public API's link creation (docs/developer-api.md#creating-links-with-an-api-key): links made here are counted as "api" links. */
export async function publicApiRoutes(app: FastifyInstance, platform: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/urls/api',
    {
      config: { access: 'user_or_api_key' }, schema: {
        tags: ['links'],
        summary: 'Shorten a URL through the API (X-API-Key): the link is listed under the "api" tab; calls count against your plan’s rate limit',
        ...keyOrBearer,
        body: PublicCreateLinkBody,
        response: { 201: LinkResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const context = requestContext(platform, request, caller.actor);
      const { original_url, title, description, short_code } = request.body;
      await refuseLoopingDestination(platform, request, original_url);
      const link = await createLink(platform, context, { ownerId: caller.userId, createdVia: 'api', original_url, title, description, shortCode: short_code });
      return reply.code(201).send(toLinkResponse(link, publicBase(platform, request)));
    },
  );
}
