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

const user = { access: 'user' } as const;

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

/** TRAI sender headers (docs/domains.md#trai-headers): on our own host or a verified custom domain. */
export async function traiRoutes(app: FastifyInstance, platform: Platform) {
  const signedIn = routesFor(app, user);

  const ownView = async (userId: number, traiId: number) => {
    const view = await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId);
    if (!view || view.owner_id !== userId) throw notFound(TRAI_NOT_FOUND);
    return view;
  };
  const itemOf = async (userId: number, traiId: number) =>
    traiItem(await ownView(userId, traiId), await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, userId));
  const action = { params: IdParams, response: { 200: DomainActionResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } } as const;
  /** Which TRAI header a command is about, and whose. */
  const headerOf = (view: TraiDomainView, userId: number) => ({ traiId: view.id, userId, customDomainId: view.custom_domain_id });
  const inPlan = routesFor(app, { access: 'user', feature: TRAI_FEATURE });

  signedIn.get('/api/custom-domains/trai', {
    summary: 'The caller’s TRAI headers',
    response: { 200: TraiList },
    handler: async ({ caller }) => {
      const { userId } = caller;
      const [views, active] = await Promise.all([
        platform.read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: userId }, sort: [{ field: 'created_at', direction: 'asc' }] }),
        platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, userId),
      ]);
      return views.map((view) => traiItem(view, active));
    },
  });

  signedIn.post('/api/custom-domains/trai', {
    summary:
      'Register a TRAI header (6 letters or digits) on this service’s host, pending until an administrator approves its DLT registration, or on a verified custom domain',
    headers: IdempotencyKeyHeaders,
    body: AddTraiBody,
    response: { 201: TraiItem, 202: StillProcessingBody, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply }) =>
      createOnce(platform, request, reply, (caller, context) => ({
        resource: 'trai',
        create: async (withClaim) => {
          const header = parseTraiHeader(request.body.header);
          let custom: CustomDomainView | null = null;
          if (request.body.domain_type === 'custom_domain') {
            const verified = await platform.read.count(CUSTOM_DOMAINS, { owner_id: caller.userId, dns_verified: true });
            if (verified === 0) throw invalid(NO_VERIFIED_DOMAINS);
            const chosen = request.body.custom_domain_id ? await platform.read.get<CustomDomainView>(CUSTOM_DOMAINS, request.body.custom_domain_id) : null;
            if (!chosen || chosen.owner_id !== caller.userId) throw invalid(SELECT_CUSTOM_DOMAIN);
            custom = chosen;
          }
          await requireRoomFor(platform, caller.userId, 'trai');
          const traiId = await allocateId(platform.events, 'trai', metadataFor(context));
          const { shown } = await handleMultiStreamCommand(platform, withClaim(traiId), addTraiDecider, {
            traiId,
            userId: caller.userId,
            header,
            domainType: request.body.domain_type,
            customDomainId: custom?.id ?? null,
            domain: custom?.domain ?? null,
            dnsToken: newDnsToken(),
            dltRegistrationId: request.body.domain_type === 'our_domain' ? (request.body.dlt_registration_id ?? null) : null,
          });
          return { id: traiId, shown };
        },
        answer: (traiId) => itemOf(caller.userId, traiId),
        shows: async (traiId) => (await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId)) !== null,
      })),
  });

  inPlan.post('/api/custom-domains/trai/:id/verify', {
    ...action,
    summary: 'Verify a TRAI header: on a custom domain, while that domain is verified; on this service’s host, says whether an administrator approved it',
    handler: async ({ request, caller }) => {
      const view = await ownView(caller.userId, request.params.id);
      await handleMultiStreamCommand(platform, commandContext(platform, request), verifyTraiDecider, headerOf(view, caller.userId));
      return { message: `The TRAI header ${view.header} is verified successfully.` };
    },
  });

  inPlan.post('/api/custom-domains/trai/:id/set-active', {
    ...action,
    summary: 'Make a verified (or approved) TRAI header the active one',
    handler: async ({ request, caller }) => {
      const view = await ownView(caller.userId, request.params.id);
      const active = await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, caller.userId);
      if (active?.trai_id !== view.id) {
        await handleMultiStreamCommand(platform, commandContext(platform, request), activateTraiDecider, headerOf(view, caller.userId));
      }
      return { message: `${view.header} is now your active TRAI header.` };
    },
  });

  signedIn.delete('/api/custom-domains/trai/:id', {
    ...action,
    summary: 'Delete a TRAI header: the pair (host, header) is free again',
    handler: async ({ request, caller }) => {
      const view = await ownView(caller.userId, request.params.id);
      await handleMultiStreamCommand(platform, commandContext(platform, request), deleteTraiDecider, {
        ...headerOf(view, caller.userId),
        header: view.header,
        domain: view.domain,
      });
      return { message: `The TRAI header ${view.header} was deleted successfully.` };
    },
  });
}
