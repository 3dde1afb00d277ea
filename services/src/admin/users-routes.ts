import type { FastifyInstance } from 'fastify';
import {
  AdminUserActionResponse,
  AdminUserList,
  AdminUsersQuery,
  ChangeRoleBody,
  ErrorBody,
  IdParams,
  PaidPeriodResponse,
  PlanName,
  UserResponse,
  type Where,
} from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { userResponse, USER_NOT_FOUND } from '../accounts/index.ts';
import { evolveSubscription, noSubscription } from '../billing/index.ts';
import { loadStream } from '../commands/command-context.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { paidPeriodOf } from './paid-period.ts';
import { ONLY_SUPER_ADMIN_GRANTS, userRoleDecider, userStatusDecider, type StatusAction } from './user-moderation-deciders.ts';
import { routesFor } from '../http/declared-routes.ts';

export const ADMINS_ONLY = 'Only an admin or super admin can manage users.';

const admin = { access: 'admin', refusal: ADMINS_ONLY } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const DONE: Record<StatusAction, string> = {
  suspend: 'User suspended successfully',
  ban: 'User banned successfully',
  activate: 'User activated successfully',
};

/** A search is a plan name (every user on it) or part of an e-mail address. */
function searchWhere(search: string | undefined): Where | undefined {
  if (!search) return undefined;
  const plan = PlanName.safeParse(search.toLowerCase());
  return plan.success ? { plan_type: plan.data } : { email: { contains: search } };
}

/** The admin's user management (docs/admin.md#users): list, detail, status and role. */
export async function adminUserRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);
  const superAdmin = routesFor(app, { access: 'super_admin', refusal: ONLY_SUPER_ADMIN_GRANTS });

  const loadUser = async (id: number) => {
    const user = await platform.read.get<UserView>(USERS, id);
    if (!user) throw notFound(USER_NOT_FOUND);
    return userResponse(platform, user);
  };

  admins.get('/api/admin/users', {
    summary: 'Users, newest first; search by part of the e-mail address or by plan name; pages of 5, 10, 20 or 50',
    querystring: AdminUsersQuery,
    response: { 200: AdminUserList, ...errors },
    handler: async ({ request }) => {
      const { search, skip, limit } = request.query;
      const where = searchWhere(search);
      const [views, total] = await Promise.all([
        platform.read.find<UserView>(USERS, { where, sort: [{ field: 'id', direction: 'desc' }], skip, limit }),
        platform.read.count(USERS, where),
      ]);
      const users = await Promise.all(views.map((view) => userResponse(platform, view)));
      return { users, total, skip, limit };
    },
  });

  admins.get('/api/admin/users/:id', {
    summary: 'One user as the admin sees them',
    params: IdParams,
    response: { 200: UserResponse, ...errors },
    handler: async ({ request }) => loadUser(request.params.id),
  });

  for (const action of ['suspend', 'ban', 'activate'] as const) {
    admins.post(`/api/admin/users/:id/${action}`, {
      summary:
        action === 'activate'
          ? 'Re-activate a suspended or banned user'
          : `${action === 'suspend' ? 'Suspend' : 'Ban'} a user: their sessions, sockets and API key stop at once${action === 'ban' ? ', and their links stop redirecting' : ''}`,
      params: IdParams,
      response: { 200: AdminUserActionResponse, ...errors },
      handler: async ({ request, caller }) => {
        const userId = request.params.id;
        const context = commandContext(platform, request);
        await handleCommand(platform, context, userStatusDecider, { actorId: caller.userId, actorRole: caller.role, userId, action });
        return { message: DONE[action], user: await loadUser(userId) };
      },
    });
  }

  superAdmin.put('/api/admin/users/:id/role', {
    summary: 'Grant or remove the admin role (super admin only)',
    params: IdParams,
    body: ChangeRoleBody,
    response: { 200: AdminUserActionResponse, ...errors },
    handler: async ({ request, caller }) => {
      const userId = request.params.id;
      const { role } = request.body;
      const context = commandContext(platform, request);
      await handleCommand(platform, context, userRoleDecider, { actorId: caller.userId, actorRole: caller.role, userId, role });
      return { message: role === 'admin' ? 'Admin role granted successfully' : 'Admin role removed successfully', user: await loadUser(userId) };
    },
  });

  admins.get('/api/admin/users/:id/paid-period', {
    summary: 'The paid period a plan change would end, and the value of its unused part (nothing of it is credited)',
    params: IdParams,
    response: { 200: PaidPeriodResponse, ...errors },
    handler: async ({ request }) => {
      await loadUser(request.params.id);
      const { state } = await loadStream(platform.events, `subscription-${request.params.id}`, noSubscription, evolveSubscription);
      return paidPeriodOf(state, platform.clock());
    },
  });
}
