import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AnalyticsQuery,
  AnalyticsResponse,
  BulkDeleteBody,
  BulkDeleteResponse,
  CreateLinkBody,
  CreatedLinkStillProcessing,
  EditedLinkStillProcessing,
  ErrorBody,
  IdempotencyKeyHeaders,
  IdParams,
  LinkListQuery,
  LinkListWithCounts,
  LinkResponse,
  MessageBody,
  PromoteVariantBody,
  UpdateLinkBody,
} from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { linkAnalytics } from './analytics-queries.ts';
import { CLICK_ANALYTICS, analyticsForPlan, analyticsInRange } from './analytics-answer.ts';
import { bulkDeleteLinks } from './bulk-delete.ts';
import { LINK_NOT_FOUND, deleteLinkDecider, promoteVariantDecider } from './link-deciders.ts';
import { publicBase, toLinkResponse } from './link-response.ts';
import { createLinkHandler } from './create-link-route.ts';
import { editLinkFromRequest } from './edit-link-request.ts';
import { linkFilter, linkSort } from './list-query.ts';
import { labelFilter } from './labels/label-filter.ts';
import { workspaceLabels } from './labels/workspace-labels.ts';
import { STILL_PROCESSING, answeredFromTheWrite } from '../http/still-processing.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The caller's own link from the read model; anyone else's is "not found". */
export async function ownLink(platform: Pick<Platform, 'read'>, userId: number, linkId: number): Promise<LinkView> {
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (!link || link.owner_id !== userId) throw notFound(LINK_NOT_FOUND);
  return link;
}

export async function linkRoutes(app: FastifyInstance, platform: Platform) {
  // Each acts in the caller's workspace (docs/workspaces.md#acting-in-a-workspace): its links, as the role there allows.
  const readers = routesFor(app, { access: 'user', workspace: 'links:read' });
  const writers = routesFor(app, { access: 'user', workspace: 'links:write' });
  const readersOrKey = routesFor(app, { access: 'user_or_api_key', workspace: 'links:read' });
  const writersOrKey = routesFor(app, { access: 'user_or_api_key', workspace: 'links:write' });
  const analystsOrKey = routesFor(app, { access: 'user_or_api_key', workspace: 'analytics:read', feature: CLICK_ANALYTICS });

  writers.post('/api/urls', {
    summary: 'Shorten a URL, with a generated short code or one of your choice (short_code)',
    headers: IdempotencyKeyHeaders,
    body: CreateLinkBody,
    response: { 201: LinkResponse, 202: CreatedLinkStillProcessing, 403: ErrorBody, 409: ErrorBody },
    handler: createLinkHandler(platform, 'manual'),
  });

  readersOrKey.get('/api/urls', {
    summary: 'The caller’s links: filtered, sorted and paged; with include_counts=true also the counts per tab',
    querystring: LinkListQuery,
    response: { 200: z.union([z.array(LinkResponse), LinkListWithCounts]), 403: ErrorBody, 429: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { skip, limit, search, created_via, sort_by, date_from, date_to, domain, status, include_counts, tag, tag_mode, folder } = request.query;
      const labels = await workspaceLabels(platform, workspace.id);
      const filters = { search, domain, status, dateFrom: date_from, dateTo: date_to, labels: labelFilter(labels, { tag, tag_mode, folder }) };
      const where = linkFilter(workspace.id, { ...filters, createdVia: created_via });
      const base = publicBase(platform, request);
      const links = await platform.read.find<LinkView>(LINKS, { where, sort: linkSort(sort_by), skip, limit });
      const urls = links.map((link) => toLinkResponse(link, base, labels));
      if (include_counts !== 'true') return urls;
      const [total, manual, apiCount] = await Promise.all([
        platform.read.count(LINKS, where),
        platform.read.count(LINKS, linkFilter(workspace.id, { ...filters, createdVia: 'manual' })),
        platform.read.count(LINKS, linkFilter(workspace.id, { ...filters, createdVia: 'api' })),
      ]);
      return { urls, total, manual, api: apiCount };
    },
  });

  readers.get('/api/urls/:id', {
    summary: 'One of the caller’s links',
    params: IdParams,
    response: { 200: LinkResponse, 400: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const link = await ownLink(platform, workspace.id, request.params.id);
      return toLinkResponse(link, publicBase(platform, request), await workspaceLabels(platform, workspace.id));
    },
  });

  writersOrKey.patch('/api/urls/:id', {
    summary: 'Edit one of the caller’s links: title, description, destination, or switch it off and on (is_active)',
    params: IdParams,
    body: UpdateLinkBody,
    response: {
      200: LinkResponse,
      202: EditedLinkStillProcessing,
      403: ErrorBody,
      404: ErrorBody,
      409: ErrorBody,
      429: ErrorBody,
    },
    handler: async ({ request, reply, workspace }) => {
      // Answered here: with the edit applied and a 202 while the read model does not show it yet.
      const context = answeredFromTheWrite(commandContext(platform, request));
      const { link, shown } = await editLinkFromRequest(platform, context, request, workspace.id, request.params.id, request.body);
      const answer = toLinkResponse(link, publicBase(platform, request), await workspaceLabels(platform, workspace.id));
      return shown ? answer : reply.code(202).send({ ...answer, detail: STILL_PROCESSING, still_processing: true as const });
    },
  });

  writersOrKey.post('/api/urls/:id/promote-variant', {
    summary: 'End one of the caller’s A/B splits: the chosen variant (1-based) becomes the link’s destination',
    params: IdParams,
    body: PromoteVariantBody,
    response: { 200: LinkResponse, 202: EditedLinkStillProcessing, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      const context = answeredFromTheWrite(commandContext(platform, request));
      const command = { ownerId: workspace.id, linkId: request.params.id, variant: request.body.variant };
      const { events, shown } = await handleCommand(platform, context, promoteVariantDecider, command);
      const link = await ownLink(platform, workspace.id, command.linkId);
      const promoted = events.flatMap((event) => (event.type === 'LinkVariantPromoted' ? [event.data.original_url] : []));
      const promotedLink = shown ? link : { ...link, original_url: promoted[0] ?? link.original_url, variants: [] };
      const answer = toLinkResponse(promotedLink, publicBase(platform, request), await workspaceLabels(platform, workspace.id));
      return shown ? answer : reply.code(202).send({ ...answer, detail: STILL_PROCESSING, still_processing: true as const });
    },
  });

  writers.delete('/api/urls/:id', {
    summary: 'Delete one of the caller’s links',
    params: IdParams,
    response: { 200: MessageBody, 400: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const context = commandContext(platform, request);
      await handleCommand(platform, context, deleteLinkDecider, { ownerId: workspace.id, linkId: request.params.id });
      return { message: 'URL deleted successfully' };
    },
  });

  writers.post('/api/urls/bulk-delete', {
    summary: 'Delete up to 100 of the caller’s links at once: all of them, or none when one id is not the caller’s',
    body: BulkDeleteBody,
    response: { 200: BulkDeleteResponse, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const context = commandContext(platform, request);
      const deleted = await bulkDeleteLinks(platform, context, { ownerId: workspace.id, ids: request.body.ids });
      return { message: `${deleted.length} ${deleted.length === 1 ? 'URL' : 'URLs'} deleted successfully`, deleted };
    },
  });

  analystsOrKey.get('/api/urls/:id/analytics', {
    summary: 'Click analytics of one of the caller’s links (human clicks only), optionally for a range of days',
    params: IdParams,
    querystring: AnalyticsQuery,
    response: { 200: AnalyticsResponse, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    handler: async ({ request, workspace }) => {
      const link = await ownLink(platform, workspace.id, request.params.id);
      const range = { from: request.query.date_from, to: request.query.date_to };
      const answer = await analyticsInRange(request, platform, workspace.id, range, ({ now, firstDay }) =>
        linkAnalytics(platform.analytics, link.id, now, range, firstDay),
      );
      return analyticsForPlan(platform, workspace.id, answer);
    },
  });
}
