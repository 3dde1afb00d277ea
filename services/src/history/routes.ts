import type { FastifyInstance } from 'fastify';
import { EntityParams, EntityStateAt, ErrorBody, EventPage, EventsQuery, StateAtQuery, Timeline } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { stateAt, timelineOf } from './entity-history.ts';
import { eventPage } from './event-page.ts';
import { routesFor } from '../http/declared-routes.ts';

export const ADMINS_READ_HISTORY = 'Only an admin or super admin can read the event history.';
const admin = { access: 'admin', refusal: ADMINS_READ_HISTORY } as const;
const errors = { 400: ErrorBody, 404: ErrorBody };

/** The log itself for admins: the event browser, entity timelines and time travel (docs/admin.md#event-history). */
export async function historyRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  admins.get('/api/admin/events', {
    summary: 'Events of the log, newest first, filtered by stream, category, type, actor, correlation id and time; paged by position both ways',
    querystring: EventsQuery,
    response: { 200: EventPage, ...errors },
    handler: ({ request }) => eventPage(platform.events, request.query),
  });

  admins.get('/api/admin/entities/:kind/:id/timeline', {
    summary: 'Every event of a user, link, subscription or custom domain with its actor and the fields it changed',
    params: EntityParams,
    response: { 200: Timeline, ...errors },
    handler: ({ request }) => timelineOf(platform.events, request.params.kind, request.params.id),
  });

  admins.get('/api/admin/entities/:kind/:id/state', {
    summary: 'A user, link, subscription or custom domain as it was at a time (ISO) or a position in the log; now without `at`',
    params: EntityParams,
    querystring: StateAtQuery,
    response: { 200: EntityStateAt, ...errors },
    handler: ({ request }) => stateAt(platform.events, request.params.kind, request.params.id, request.query.at),
  });
}
