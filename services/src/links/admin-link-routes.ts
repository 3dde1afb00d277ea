import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminLinkActionResponse,
  AdminLinkList,
  AdminLinksQuery,
  DisableLinkBody,
  ErrorBody,
  IdParams,
  UpdateLinkBody,
  type Where,
} from '@linkledger/contracts';
import { LINKS, USERS, type LinkView, type UserView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import type { Caller } from '../http/access.ts';
import { commandContext } from '../http/command-context.ts';
import { LINK_NOT_FOUND } from './link-deciders.ts';
import { publicBase, toLinkResponse } from './link-response.ts';
import { workspaceLabels } from './labels/workspace-labels.ts';
import { hostsServingShortLinks, refuseLoopingDestination } from './loop-guard.ts';
import { controlAddresses } from './link-controls-input.ts';
import { ADMINS_MODERATE, moderateLinkDecider } from './link-moderation-deciders.ts';
import { updateLink } from './update-link.ts';
import { splitOrganization, storedOrganization } from './link-organization-input.ts';
import type { Platform } from '../platform/platform.ts';
import { requireMayActOnLink } from '../admin/index.ts';
import { routesFor } from '../http/declared-routes.ts';

const admin = { access: 'admin', refusal: ADMINS_MODERATE } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Owners matched by e-mail in a search: enough for any real question, bounded for the query. */
const MAX_OWNERS_SEARCHED = 200;

/** Every user's links for admins: search and moderation (docs/admin.md#moderation). */
export async function adminLinkRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  const withOwners = async (links: LinkView[], request: FastifyRequest) => {
    const owners = await platform.read.getMany<UserView>(USERS, [...new Set(links.map((link) => link.owner_id))]);
    const base = publicBase(platform, request);
    const workspaces = [...new Set(links.map((link) => link.owner_id))];
    const labels = new Map(await Promise.all(workspaces.map(async (id) => [id, await workspaceLabels(platform, id)] as const)));
    return links.map((link) => ({
      ...toLinkResponse(link, base, labels.get(link.owner_id)),
      owner_id: link.owner_id,
      owner_email: owners.get(String(link.owner_id))?.email ?? null,
    }));
  };

  const searchWhere = async (search: string | undefined): Promise<Where | undefined> => {
    if (!search) return undefined;
    const owners = await platform.read.find<UserView>(USERS, { where: { email: { contains: search } }, limit: MAX_OWNERS_SEARCHED });
    const or: Where[] = [{ short_code: { contains: search } }, { original_url: { contains: search } }];
    if (owners.length > 0) or.push({ owner_id: { in: owners.map((owner) => owner.id) } });
    return { or };
  };

  admins.get('/api/admin/links', {
    summary: 'Every user’s links, newest first; search by part of the short code, the destination or the owner’s e-mail',
    querystring: AdminLinksQuery,
    response: { 200: AdminLinkList, ...errors },
    handler: async ({ request }) => {
      const { search, skip, limit } = request.query;
      const where = await searchWhere(search);
      const [links, total] = await Promise.all([
        platform.read.find<LinkView>(LINKS, { where, sort: [{ field: 'id', direction: 'desc' }], skip, limit }),
        platform.read.count(LINKS, where),
      ]);
      return { links: await withOwners(links, request), total, skip, limit };
    },
  });

  const moderate = async (request: FastifyRequest<{ Params: { id: number } }>, caller: Caller, disable: boolean, reason = '') => {
    const linkId = request.params.id;
    await requireMayActOnLink(platform, caller, linkId);
    await handleCommand(platform, commandContext(platform, request), moderateLinkDecider, {
      actorRole: caller.role,
      linkId,
      disable,
      reason,
    });
    const link = await platform.read.get<LinkView>(LINKS, linkId);
    if (!link) throw notFound(LINK_NOT_FOUND);
    const [shown] = await withOwners([link], request);
    return { message: disable ? 'Link disabled successfully' : 'Link enabled successfully', link: shown! };
  };

  admins.post('/api/admin/links/:id/disable', {
    summary: 'Disable a link with a reason its owner sees: it answers the "link disabled" page, never its destination',
    params: IdParams,
    body: DisableLinkBody,
    response: { 200: AdminLinkActionResponse, ...errors },
    handler: async ({ request, caller }) => moderate(request, caller, true, request.body.reason),
  });

  admins.post('/api/admin/links/:id/enable', {
    summary: 'Enable a link an admin disabled',
    params: IdParams,
    response: { 200: AdminLinkActionResponse, ...errors },
    handler: async ({ request, caller }) => moderate(request, caller, false),
  });

  admins.patch('/api/admin/links/:id', {
    summary: 'Correct any user’s link (destination, title, description, on/off); the change is recorded with the admin as its actor',
    params: IdParams,
    body: UpdateLinkBody,
    response: { 200: AdminLinkActionResponse, ...errors },
    handler: async ({ request, caller }) => {
      await requireMayActOnLink(platform, caller, request.params.id);
      await refuseLoopingDestination(platform, request, request.body.original_url);
      const { organization, rest } = splitOrganization(request.body);
      // Names are the link's own workspace's.
      const owner = (await platform.read.get<LinkView>(LINKS, request.params.id))?.owner_id;
      if (owner === undefined) throw notFound(LINK_NOT_FOUND);
      const link = await updateLink(platform, commandContext(platform, request), {
        ownerId: caller.userId,
        linkId: request.params.id,
        changes: { ...rest, ...(await storedOrganization(platform, owner, organization, commandContext(platform, request))) },
        asAdmin: true,
        ownHosts: await hostsServingShortLinks(platform, request, controlAddresses(request.body)),
      });
      const [shown] = await withOwners([link], request);
      return { message: 'Link updated successfully', link: shown! };
    },
  });
}
