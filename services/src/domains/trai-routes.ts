import type { FastifyInstance } from 'fastify';
import { AddTraiBody, DomainActionResponse, ErrorBody, IdParams, IdempotencyKeyHeaders, StillProcessingBody, TraiItem, TraiList } from '@linkledger/contracts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, TRAI_DOMAINS, type ActiveDomainsView, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { invalid, notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { createOnce } from '../http/create-once.ts';
import type { Platform } from '../platform/platform.ts';
import {
  NO_VERIFIED_DOMAINS,
  SELECT_CUSTOM_DOMAIN,
  TRAI_NOT_FOUND,
  activateTraiDecider,
  addTraiDecider,
  deleteTraiDecider,
  parseTraiHeader,
  verifyTraiDecider,
} from './trai-deciders.ts';
import { TRAI_FEATURE, requireRoomFor } from './domain-access.ts';
import { traiUsable } from './link-placement.ts';
import { newDnsToken } from './domain-routes.ts';
import { routesFor } from '../http/declared-routes.ts';

function traiItem(view: TraiDomainView, active: ActiveDomainsView | null): TraiItem {
  const { id, header, domain_type, custom_domain_id, domain, dns_token, created_at } = view;
  return {
    id,
    header,
    domain_type,
    custom_domain_id,
    domain,
    dns_verified: traiUsable(view),
    is_active: active?.trai_id === id,
    dns_token,
    created_at,
    approval: view.approval ?? (domain_type === 'our_domain' ? 'pending' : null),
    dlt_registration_id: view.dlt_registration_id ?? null,
    rejection_reason: view.rejection_reason ?? null,
  };
}

/**
 * TRAI sender headers (docs/domains.md#trai-headers): on our own host or a verified custom domain.
 * Each acts in the caller's workspace (docs/workspaces.md#acting-in-a-workspace): its headers, as the role there allows.
 * A workspace key calls them too, with `domains:read` or `domains:write` (docs/developer-api.md#workspace-keys-and-scopes).
 */
export async function traiRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:read' });
  const writers = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:write' });
  const writersInPlan = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:write', feature: TRAI_FEATURE });

  /** The workspace's own header; another workspace's is "not found". */
  const ownView = async (ownerId: number, traiId: number) => {
    const view = await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId);
    if (!view || view.owner_id !== ownerId) throw notFound(TRAI_NOT_FOUND);
    return view;
  };
  const itemOf = async (ownerId: number, traiId: number) =>
    traiItem(await ownView(ownerId, traiId), await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, ownerId));
  const action = { params: IdParams, response: { 200: DomainActionResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } } as const;
  /** Which TRAI header a command is about, and which workspace owns it. */
  const headerOf = (view: TraiDomainView, ownerId: number) => ({ traiId: view.id, ownerId, customDomainId: view.custom_domain_id });

  readers.get('/api/custom-domains/trai', {
    summary: 'The workspace’s TRAI headers',
    response: { 200: TraiList },
    handler: async ({ workspace }) => {
      const [views, active] = await Promise.all([
        platform.read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: workspace.id }, sort: [{ field: 'created_at', direction: 'asc' }] }),
        platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, workspace.id),
      ]);
      return views.map((view) => traiItem(view, active));
    },
  });

  writers.post('/api/custom-domains/trai', {
    summary:
      'Register a TRAI header (6 letters or digits) on this service’s host, pending until an administrator approves its DLT registration, or on a verified custom domain',
    headers: IdempotencyKeyHeaders,
    body: AddTraiBody,
    response: { 201: TraiItem, 202: StillProcessingBody, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) =>
      createOnce(platform, request, reply, (_caller, context) => ({
        resource: 'trai',
        create: async (withClaim) => {
          const header = parseTraiHeader(request.body.header);
          let custom: CustomDomainView | null = null;
          if (request.body.domain_type === 'custom_domain') {
            const verified = await platform.read.count(CUSTOM_DOMAINS, { owner_id: workspace.id, dns_verified: true });
            if (verified === 0) throw invalid(NO_VERIFIED_DOMAINS);
            const chosen = request.body.custom_domain_id ? await platform.read.get<CustomDomainView>(CUSTOM_DOMAINS, request.body.custom_domain_id) : null;
            if (!chosen || chosen.owner_id !== workspace.id) throw invalid(SELECT_CUSTOM_DOMAIN);
            custom = chosen;
          }
          await requireRoomFor(platform, workspace.id, 'trai');
          const traiId = await allocateId(platform.events, 'trai', metadataFor(context));
          const { shown } = await handleMultiStreamCommand(platform, withClaim(traiId), addTraiDecider, {
            traiId,
            ownerId: workspace.id,
            header,
            domainType: request.body.domain_type,
            customDomainId: custom?.id ?? null,
            domain: custom?.domain ?? null,
            dnsToken: newDnsToken(),
            dltRegistrationId: request.body.domain_type === 'our_domain' ? (request.body.dlt_registration_id ?? null) : null,
          });
          return { id: traiId, shown };
        },
        answer: (traiId) => itemOf(workspace.id, traiId),
        shows: async (traiId) => (await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId)) !== null,
      })),
  });

  writersInPlan.post('/api/custom-domains/trai/:id/verify', {
    ...action,
    summary: 'Verify a TRAI header: on a custom domain, while that domain is verified; on this service’s host, says whether an administrator approved it',
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      await handleMultiStreamCommand(platform, commandContext(platform, request), verifyTraiDecider, headerOf(view, workspace.id));
      return { message: `The TRAI header ${view.header} is verified successfully.` };
    },
  });

  writersInPlan.post('/api/custom-domains/trai/:id/set-active', {
    ...action,
    summary: 'Make a verified (or approved) TRAI header the active one',
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      const active = await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, workspace.id);
      if (active?.trai_id !== view.id) {
        await handleMultiStreamCommand(platform, commandContext(platform, request), activateTraiDecider, headerOf(view, workspace.id));
      }
      return { message: `${view.header} is now your active TRAI header.` };
    },
  });

  writers.delete('/api/custom-domains/trai/:id', {
    ...action,
    summary: 'Delete a TRAI header: the pair (host, header) is free again',
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      await handleMultiStreamCommand(platform, commandContext(platform, request), deleteTraiDecider, {
        ...headerOf(view, workspace.id),
        header: view.header,
        domain: view.domain,
      });
      return { message: `The TRAI header ${view.header} was deleted successfully.` };
    },
  });
}
