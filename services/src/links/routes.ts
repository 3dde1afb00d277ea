import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsResponse, CreateLinkBody, ErrorBody, IdParams, LinkListQuery, LinkResponse, MessageBody } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { requireCaller } from '../accounts/authenticate.ts';
import { loadStream, metadataFor, toNewEvent, withRetries } from '../platform/commands.ts';
import { notFound } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext, waitForReadModel } from '../platform/request-context.ts';
import { linkAnalytics } from './analytics-queries.ts';
import { createLink } from './create-link.ts';
import { LINK_NOT_FOUND, decideDeleteLink } from './decide.ts';
import { evolveLink } from './link-state.ts';
import { publicBase, toLinkResponse } from './link-response.ts';

const auth = { security: [{ bearer: [] }] };

/** The caller's own link from the read model; anyone else's is "not found". */
export async function ownLink(platform: Platform, userId: number, linkId: number): Promise<LinkView> {
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (!link || link.owner_id !== userId) throw notFound(LINK_NOT_FOUND);
  return link;
}

export async function linkRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/urls',
    {
      schema: {
        tags: ['links'],
        summary: 'Shorten a URL',
        ...auth,
        body: CreateLinkBody,
        response: { 201: LinkResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(platform, request);
      const context = requestContext(platform, request, { kind: 'user', id: String(caller.userId) });
      const link = await createLink(platform, context, { ownerId: caller.userId, createdVia: 'manual', ...request.body });
      return reply.code(201).send(toLinkResponse(link, publicBase(platform, request)));
    },
  );

  api.get(
    '/api/urls',
    {
      schema: {
        tags: ['links'],
        summary: 'The caller’s links, newest first',
        ...auth,
        querystring: LinkListQuery,
        response: { 200: z.array(LinkResponse), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const caller = await requireCaller(platform, request);
      const links = await platform.read.find<LinkView>(LINKS, {
        where: { owner_id: caller.userId },
        sort: [{ field: 'created_at', direction: 'desc' }, { field: 'id', direction: 'desc' }],
        skip: request.query.skip,
        limit: request.query.limit,
      });
      const base = publicBase(platform, request);
      return links.map((link) => toLinkResponse(link, base));
    },
  );

  api.get(
    '/api/urls/:id',
    {
      schema: { tags: ['links'], summary: 'One of the caller’s links', ...auth, params: IdParams, response: { 200: LinkResponse, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      const caller = await requireCaller(platform, request);
      return toLinkResponse(await ownLink(platform, caller.userId, request.params.id), publicBase(platform, request));
    },
  );

  api.delete(
    '/api/urls/:id',
    {
      schema: { tags: ['links'], summary: 'Delete one of the caller’s links', ...auth, params: IdParams, response: { 200: MessageBody, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      const caller = await requireCaller(platform, request);
      const metadata = metadataFor(requestContext(platform, request, { kind: 'user', id: String(caller.userId) }));
      const stream = `link-${request.params.id}`;
      const { position } = await withRetries(async () => {
        const { state, revision } = await loadStream(platform.events, stream, null, evolveLink);
        const events = decideDeleteLink({ actorId: caller.userId }, state);
        return platform.events.append([{ stream, expected: revision ?? 'no_stream', events: events.map((e) => toNewEvent(e, metadata)) }]);
      });
      await waitForReadModel(platform, position);
      return { message: 'URL deleted successfully' };
    },
  );

  api.get(
    '/api/urls/:id/analytics',
    {
      schema: {
        tags: ['links'],
        summary: 'Click analytics of one of the caller’s links (human clicks only)',
        ...auth,
        params: IdParams,
        response: { 200: AnalyticsResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = await requireCaller(platform, request);
      const link = await ownLink(platform, caller.userId, request.params.id);
      return linkAnalytics(platform.analytics, link.id, platform.clock());
    },
  );
}
