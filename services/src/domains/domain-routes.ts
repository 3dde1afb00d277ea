import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AddDomainBody,
  CustomDomainItem,
  CustomDomainList,
  DomainActionResponse,
  ErrorBody,
  IdParams,
  IdempotencyKeyHeaders,
  StillProcessingBody,
  TlsAllowedQuery,
  VerifyDomainResponse,
} from '@linkledger/contracts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, type ActiveDomainsView, type CustomDomainView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { createOnce } from '../http/create-once.ts';
import type { Platform } from '../platform/platform.ts';
import { ownHosts } from '../http/origins.ts';
import { DOMAIN_NOT_FOUND, activateDomainDecider, addDomainDecider, claimDropped, claimExpiredMessage } from './domain-deciders.ts';
import { hostOf, parseDomainName } from './domain-name.ts';
import { DOMAINS_FEATURE, requireRoomFor } from './domain-access.ts';
import { claimStatus, deleteDomain, expiresAt, nameHolder, recordDomainCheck } from './domain-claims.ts';
import { checkDomainDns, domainTarget } from './domain-dns.ts';
import { dnsInstructions } from './dns/verify-domain.ts';
import { TLS_ASK_PATH, refuseAskFromOutside } from './tls/ask-callers.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

/** A fresh TXT token: 32 hex characters, unguessable, nothing secret once published. */
export const newDnsToken = () => `linkledger-verify=${randomBytes(16).toString('hex')}`;

function domainItem(view: CustomDomainView, active: ActiveDomainsView | null, config: Platform['config'], now: Date): CustomDomainItem {
  return {
    id: view.id,
    domain: view.domain,
    dns_verified: view.dns_verified,
    is_active: active?.custom_domain_id === view.id,
    dns_token: view.dns_token,
    created_at: view.created_at,
    status: claimStatus(view, now),
    expires_at: expiresAt(view),
    dns_instructions: dnsInstructions(view.domain, view.dns_token, domainTarget(config)),
  };
}

/**
 * Custom domains (docs/domains.md): add, list, verify by DNS, set active, delete; and the TLS ask for the reverse proxy.
 * Each acts in the caller's workspace (docs/workspaces.md#acting-in-a-workspace): its domains, as the role there allows.
 * A workspace key calls them too, with `domains:read` or `domains:write` (docs/developer-api.md#workspace-keys-and-scopes).
 */
export async function domainRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:read' });
  const writers = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:write' });
  const writersInPlan = routesFor(app, { access: 'user_or_api_key', workspace: 'domains:write', feature: DOMAINS_FEATURE });
  const anyone = publicRoutes(app);

  /** The workspace's own claim; another workspace's is "not found". */
  const ownView = async (ownerId: number, domainId: number) => {
    const view = await platform.read.get<CustomDomainView>(CUSTOM_DOMAINS, domainId);
    if (!view || view.owner_id !== ownerId) throw notFound(DOMAIN_NOT_FOUND);
    return view;
  };
  const itemOf = async (ownerId: number, domainId: number) =>
    domainItem(await ownView(ownerId, domainId), await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, ownerId), platform.config, platform.clock());

  readers.get('/api/custom-domains', {
    summary: 'The workspace’s custom domains, with DNS state, active flag and TXT token',
    response: { 200: CustomDomainList },
    handler: async ({ workspace }) => {
      const [views, active] = await Promise.all([
        platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: workspace.id }, sort: [{ field: 'created_at', direction: 'asc' }] }),
        platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, workspace.id),
      ]);
      const now = platform.clock();
      return views.map((view) => domainItem(view, active, platform.config, now));
    },
  });

  writers.post('/api/custom-domains', {
    summary: 'Add a custom domain (Pro and Enterprise): it starts unverified, with the TXT token to publish',
    headers: IdempotencyKeyHeaders,
    body: AddDomainBody,
    response: { 201: CustomDomainItem, 202: StillProcessingBody, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) =>
      createOnce(platform, request, reply, (_caller, context) => ({
        resource: 'domain',
        create: async (withClaim) => {
          const domain = parseDomainName(request.body.domain, [
            ...ownHosts(platform, request),
            ...(platform.config.DOMAIN_CNAME_TARGET ? [hostOf(platform.config.DOMAIN_CNAME_TARGET)] : []),
          ]);
          await requireRoomFor(platform, workspace.id, 'custom');
          const mine = await platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: workspace.id, domain } });
          if (mine.some((view) => !view.dropped)) throw conflict(`${domain} is already on your account.`);
          const holderId = await nameHolder(platform.events, domain);
          const domainId = await allocateId(platform.events, 'domain', metadataFor(context));
          const { shown } = await handleMultiStreamCommand(platform, withClaim(domainId), addDomainDecider, {
            domainId,
            ownerId: workspace.id,
            domain,
            dnsToken: newDnsToken(),
            holderId,
          });
          return { id: domainId, shown };
        },
        answer: (domainId) => itemOf(workspace.id, domainId),
        shows: async (domainId) => (await platform.read.get<CustomDomainView>(CUSTOM_DOMAINS, domainId)) !== null,
      })),
  });

  writersInPlan.post('/api/custom-domains/:id/verify', {
    summary:
      'Check the domain’s DNS now: the TXT token and an A/AAAA or CNAME record pointing here; answers what failed and how to fix it. The first account to verify a name owns it.',
    params: IdParams,
    response: { 200: VerifyDomainResponse, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      const status = claimStatus(view, platform.clock());
      // Refused before asking DNS: nothing it answers could change these.
      if (status === 'dropped') throw conflict(claimDropped(view.domain));
      if (status === 'expired') throw conflict(claimExpiredMessage(view.domain));
      const result = await checkDomainDns(platform.config, view.domain, view.dns_token);
      // DNS that could not be asked says nothing about the records: the domain stays as it was.
      const unavailable = result.failed_checks.includes('dns_unavailable');
      if (!unavailable) await recordDomainCheck(platform, commandContext(platform, request), view, result);
      const message = result.fully_verified
        ? `${view.domain} is verified successfully.`
        : unavailable
          ? result.messages.join(' ')
          : `Verification failed. Please check: ${result.failed_checks.join(', ')}`;
      return { message, domain: await itemOf(workspace.id, view.id), verification_result: result };
    },
  });

  writersInPlan.post('/api/custom-domains/:id/set-active', {
    summary: 'Make a verified domain the active one (the others stop being active)',
    params: IdParams,
    response: { 200: DomainActionResponse, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      const active = await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, workspace.id);
      if (active?.custom_domain_id !== view.id) {
        await handleCommand(platform, commandContext(platform, request), activateDomainDecider, { domainId: view.id, ownerId: workspace.id });
      }
      return { message: `${view.domain} is now your active domain.` };
    },
  });

  writers.delete('/api/custom-domains/:id', {
    summary: 'Delete a custom domain (also after a downgrade): its TRAI headers go with it, its links stop working, and its name is free again',
    params: IdParams,
    response: { 200: DomainActionResponse, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const view = await ownView(workspace.id, request.params.id);
      await deleteDomain(platform, commandContext(platform, request), view);
      return { message: `${view.domain} was deleted successfully.` };
    },
  });

  anyone.get(TLS_ASK_PATH, {
    summary: 'For the reverse proxy’s on-demand TLS: 200 only for a verified custom domain, so no certificate is requested for anything else',
    querystring: TlsAllowedQuery,
    response: { 200: DomainActionResponse, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request }) => {
      refuseAskFromOutside(platform.config, request);
      const domain = hostOf(request.query.domain.trim());
      const verified = await platform.read.count(CUSTOM_DOMAINS, { domain, dns_verified: true });
      if (verified === 0) throw notFound(`${domain.slice(0, 253)} is not a verified custom domain here.`);
      return { message: `${domain} is a verified custom domain.` };
    },
  });
}
