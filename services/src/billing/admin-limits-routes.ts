import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams, UserLimitsBody, UserLimitsResponse } from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { currentPlan } from './current-plan.ts';
import { ADMINS_SET_LIMITS, customLimitsDecider } from './subscription-deciders.ts';
import { NO_CUSTOM_LIMITS } from './subscription-state.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { USER_NOT_FOUND } from '../accounts/index.ts';
import { requireMayActOnUser } from '../admin/index.ts';
import { routesFor } from '../http/declared-routes.ts';

const admin = { access: 'admin', refusal: ADMINS_SET_LIMITS } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** An admin's own limits for one user (docs/admin.md#per-user-limits). */
export async function adminLimitsRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  const limitsOfUser = async (userId: number): Promise<UserLimitsResponse> => {
    const user = await platform.read.get<UserView>(USERS, userId);
    if (!user) throw notFound(USER_NOT_FOUND);
    const { subscription, plan, limits } = await currentPlan(platform, userId);
    const custom = subscription.custom_limits ?? NO_CUSTOM_LIMITS;
    return {
      user_id: userId,
      email: user.email,
      plan_type: plan.name,
      custom_monthly_links_limit: custom.monthly_links,
      custom_api_calls_per_minute: custom.api_calls_per_minute,
      custom_custom_domains_limit: custom.custom_domains,
      custom_seats_limit: custom.seats ?? null,
      is_unlimited_user: custom.is_unlimited,
      current_limits: limits,
    };
  };

  admins.get('/api/admin/api/users/:id/limits', {
    summary: 'A user’s own limits (null: the plan’s) and the limits in force now (-1 unlimited)',
    params: IdParams,
    response: { 200: UserLimitsResponse, ...errors },
    handler: async ({ request }) => limitsOfUser(request.params.id),
  });

  admins.put('/api/admin/api/users/:id/limits', {
    summary: 'Set a user’s own limits: -1 unlimited, empty/0/null the plan’s own; is_unlimited_user lifts them all',
    params: IdParams,
    body: UserLimitsBody,
    response: { 200: UserLimitsResponse, ...errors },
    handler: async ({ request, caller }) => {
      const userId = request.params.id;
      if (!(await platform.read.get<UserView>(USERS, userId))) throw notFound(USER_NOT_FOUND);
      await requireMayActOnUser(platform, caller, userId);
      const body = request.body;
      const limits = {
        monthly_links: body.custom_monthly_links_limit,
        api_calls_per_minute: body.custom_api_calls_per_minute,
        custom_domains: body.custom_custom_domains_limit,
        seats: body.custom_seats_limit,
        is_unlimited: body.is_unlimited_user,
      };
      await handleCommand(platform, commandContext(platform, request), customLimitsDecider, { actorRole: caller.role, userId, limits });
      return limitsOfUser(userId);
    },
  });
}
