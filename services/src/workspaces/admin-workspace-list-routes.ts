import type { FastifyInstance } from 'fastify';
import { AdminWorkspaceList, AdminWorkspacesQuery, ErrorBody, type Where } from '@linkledger/contracts';
import { USERS, WORKSPACES, type UserView, type WorkspaceView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The team workspaces a search finds: part of the name or the slug; deleted ones never. */
function teamsWhere(search: string | undefined): Where {
  const teams: Where = { personal: false, deleted: false };
  return search ? { ...teams, or: [{ name: { contains: search } }, { slug: { contains: search } }] } : teams;
}

/** Every team workspace for admins, to find one to act on by its id (docs/admin.md#plans-and-limits-of-a-workspace). */
export async function adminWorkspaceListRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, { access: 'admin', refusal: 'Only an admin or super admin can list every workspace.' });

  admins.get('/api/admin/workspaces', {
    summary: 'Team workspaces, newest first, with their owners’ e-mail addresses, members and plan; search by part of the name or slug',
    querystring: AdminWorkspacesQuery,
    response: { 200: AdminWorkspaceList, 400: ErrorBody },
    handler: async ({ request }) => {
      const { search, skip, limit } = request.query;
      const where = teamsWhere(search);
      const [views, total] = await Promise.all([
        platform.read.find<WorkspaceView>(WORKSPACES, { where, sort: [{ field: 'id', direction: 'desc' }], skip, limit }),
        platform.read.count(WORKSPACES, where),
      ]);
      const owners = await platform.read.getMany<UserView>(USERS, [...new Set(views.flatMap((view) => view.owner_ids))]);
      const workspaces = await Promise.all(
        views.map(async (view) => ({
          id: view.id,
          name: view.name,
          slug: view.slug ?? '',
          owner_emails: view.owner_ids.flatMap((id) => owners.get(String(id))?.email ?? []),
          members_count: view.member_ids.length,
          plan_type: (await currentPlan(platform, view.id)).plan.name,
        })),
      );
      return { workspaces, total, skip, limit };
    },
  });
}
