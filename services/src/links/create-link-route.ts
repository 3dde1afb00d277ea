import type { FastifyReply, FastifyRequest } from 'fastify';
import { domainEventOf, type CreatedLinkStillProcessing, type CreatedVia, type LinkCreated, type LinkResponse } from '@linkledger/contracts';
import { LINKS, controlsDocument, type LinkView } from '@linkledger/projections';
import type { Caller, WorkspaceContext } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { claimedId, idempotencyOf, type Idempotency, type IdempotencyKeyClaimed } from '../http/idempotency.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { STILL_PROCESSING } from '../http/still-processing.ts';
import { notFound } from '../commands/domain-error.ts';
import { recordLink, type CreatedLink, type NewLink } from './create-link.ts';
import { LINK_NOT_FOUND } from './link-deciders.ts';
import { controlsView, organizationView, publicBase, shortUrl, toLinkResponse, type LabelNames } from './link-response.ts';
import { workspaceLabels } from './labels/workspace-labels.ts';
import { hostsServingShortLinks, refuseLoopingDestination } from './loop-guard.ts';
import { requireControlFeatures } from './control-features.ts';
import { controlAddresses, type LinkControlsRequest } from './link-controls-input.ts';
import { placeApiLink, placeLink } from '../domains/index.ts';
import { splitOrganization, storedOrganization, type LinkOrganizationRequest } from './link-organization-input.ts';

interface CreateLinkRequest {
  Body: {
    original_url: string;
    title: string;
    description: string;
    short_code?: string | undefined;
    custom_domain?: string | null | undefined;
    trai_header?: string | null | undefined;
  } & LinkControlsRequest &
    LinkOrganizationRequest;
}

type CreateLinkFields = CreateLinkRequest['Body'];

/** What a creation answers: 201 with the link as the read model holds it, or 202 with what it recorded while the read model is behind. */
type CreationAnswer = { status: 201; body: LinkResponse } | { status: 202; body: CreatedLinkStillProcessing };

/**
 * Creating a link, as the dashboard (`manual`) and the public API (`api`) both do: the plan's
 * smart controls, the loop check, the monthly limit, the code, and a 201 with the link as the read model holds it —
 * or a 202 with what the creation recorded when the read model is behind. With an
 * Idempotency-Key, a retry answers the link the key created instead of creating another.
 */
export function createLinkHandler(platform: Platform, createdVia: CreatedVia) {
  return async ({
    request,
    reply,
    caller,
    workspace,
  }: {
    request: FastifyRequest<CreateLinkRequest>;
    reply: FastifyReply;
    caller: Caller;
    workspace: WorkspaceContext;
  }) => {
    const context = commandContext(platform, request);
    const idempotency = await idempotencyOf(platform, request, caller.userId, context.now);
    const answer = await createLinkAnswer(platform, request, { context, workspace, createdVia, idempotency }, request.body);
    return reply.code(answer.status).send(answer.body);
  };
}

/** Who creates a link, where, and with what Idempotency-Key claim. */
interface LinkCreation {
  context: CommandContext;
  workspace: WorkspaceContext;
  createdVia: CreatedVia;
  idempotency: Idempotency;
}

/** One link created from a request's fields, exactly as `POST /api/urls` does it (bulk create makes each of its items so). */
export async function createLinkAnswer(platform: Platform, request: FastifyRequest, creation: LinkCreation, body: CreateLinkFields): Promise<CreationAnswer> {
  const { context, workspace, createdVia, idempotency } = creation;
  const base = publicBase(platform, request);
  if (idempotency.kind === 'replay') return claimedAnswer(platform, base, idempotency.claimed, workspace.id);
  const { link, created } = await createLinkFromRequest(platform, context, request, workspace.id, createdVia, body, {
    claim: idempotency.kind === 'claim' ? (linkId) => idempotency.claimFor('link', linkId) : undefined,
  });
  const labels = await workspaceLabels(platform, workspace.id);
  if (link) return { status: 201, body: toLinkResponse(link, base, labels) };
  return { status: 202, body: stillProcessing(created, base, labels) };
}

/**
 * A link created from a request body in our API's shape, through every rule a link's creation
 * holds to: the plan's smart controls, its organization (tag and folder names), the loop check,
 * where it is served, the monthly limit and the code. Shared by our API and the
 * Shlink-compatible one (docs/developer-api.md#shlink-compatible-api).
 */
export async function createLinkFromRequest(
  platform: Platform,
  context: CommandContext,
  request: FastifyRequest,
  workspaceId: number,
  createdVia: CreatedVia,
  body: CreateLinkFields,
  options: { claim?: NewLink['claim'] } = {},
): Promise<CreatedLink> {
  const { organization: requestedOrganization, rest } = splitOrganization(body);
  const { original_url, title, description, short_code, custom_domain, trai_header, ...controls } = rest;
  await requireControlFeatures(platform, workspaceId, controls);
  await refuseLoopingDestination(platform, request, original_url);
  // An API call that names no place goes where the account's active domain and header say (docs/developer-api.md#where-api-links-go).
  const place = createdVia === 'api' ? placeApiLink : placeLink;
  const placement = await place(platform, workspaceId, { custom_domain, trai_header });
  // Last of the checks: it creates the tags and folder the link names that the workspace lacks.
  const organization = await storedOrganization(platform, workspaceId, requestedOrganization, context);
  return recordLink(platform, context, {
    ownerId: workspaceId,
    createdVia,
    original_url,
    title,
    description,
    shortCode: short_code,
    placement,
    controls: { requested: controls, ownHosts: await hostsServingShortLinks(platform, request, controlAddresses(controls)) },
    organization,
    claim: options.claim,
  });
}

/** The answer of the request that claimed the key: the link now, or what its creation recorded while the read model is behind. */
async function claimedAnswer(platform: Platform, base: string, claimed: IdempotencyKeyClaimed, workspaceId: number): Promise<CreationAnswer> {
  const labels = await workspaceLabels(platform, workspaceId);
  const linkId = claimedId(claimed);
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (link) return { status: 201, body: toLinkResponse(link, base, labels) };
  const recorded = (await platform.events.readStream(`link-${linkId}`)).map((event) => domainEventOf(event));
  if (recorded.some((event) => event?.type === 'LinkDeleted')) throw notFound(LINK_NOT_FOUND);
  const created = recorded.flatMap((event) => (event?.type === 'LinkCreated' ? [event.data] : []))[0];
  if (!created) throw new Error(`Idempotency claim names link ${linkId}, whose stream holds no creation`);
  return { status: 202, body: stillProcessing(created, base, labels) };
}

function stillProcessing(created: LinkCreated, base: string, labels: LabelNames): CreatedLinkStillProcessing {
  return {
    detail: STILL_PROCESSING,
    still_processing: true,
    id: created.link_id,
    original_url: created.original_url,
    title: created.title,
    description: created.description,
    short_code: created.short_code,
    short_url: shortUrl(base, created),
    created_via: created.created_via,
    trai_header: created.trai_header,
    custom_domain: created.custom_domain,
    ...controlsView(controlsDocument(created)),
    ...organizationView(created, labels),
  };
}
