import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EntityParams, EntityStateAt, ErrorBody, EventPage, EventsQuery, StateAtQuery, Timeline } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { stateAt, timelineOf } from './entity-history.ts';
import { eventPage } from './event-page.ts';

export const ADMINS_READ_HISTORY = 'Only an admin or super admin can read the event history.';
const admin = { access: 'admin', refusal: ADMINS_READ_HISTORY } as const;
const errors = { 400: ErrorBody, 404: ErrorBody };

/** The log itself for admins: the event browser, entity timelines and time travel (docs/admin.md#event-history). */
export async function historyRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/events',
    {
      config: admin,
      schema: {
        summary: 'Events of the log, newest first, filtered by stream, category, type, actor, correlation id and time; paged by position both ways',
        querystring: EventsQuery,
        response: { 200: EventPage, ...errors },
      },
    },
    (request) => eventPage(platform.events, request.query),
  );

  api.get(
    '/api/admin/entities/:kind/:id/timeline',
    {
      config: admin,
      schema: {
        summary: 'Every event of a user, link, subscription or custom domain with its actor and the fields it changed',
        params: EntityParams,
        response: { 200: Timeline, ...errors },
      },
    },
    (request) => timelineOf(platform.events, request.params.kind, request.params.id),
  );

  api.get(
    '/api/admin/entities/:kind/:id/state',
    {
      config: admin,
      schema: {
        summary: 'A user, link, subscription or custom domain as it was at a time (ISO) or a position in the log; now without `at`',
        params: EntityParams,
        querystring: StateAtQuery,
        response: { 200: EntityStateAt, ...errors },
      },
    },
    (request) => stateAt(platform.events, request.params.kind, request.params.id, request.query.at),
  );
}
