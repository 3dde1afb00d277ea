import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangePlanBody, ChangePlanResponse, ErrorBody, IdParams } from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext } from '../http/request-context.ts';
import { ADMINS_CHANGE_PLANS, changePlanDecider } from './change-plan.ts';
import { callerOf } from '../http/access.ts';

export const USER_NOT_FOUND = 'User not found';

/** An admin moves a user to another plan, POST /api/admin/users/{id}/change-plan (docs/plans.md#changing-a-users-plan). */
export async function adminPlanRoutes(app: FastifyInstance, platform: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/users/:id/change-plan',
    {
      config: { access: 'admin', refusal: ADMINS_CHANGE_PLANS },
      schema: {
        tags: ['admin'],
        summary: 'Put a user on a plan (admin and super admin); effective at once, until changed again',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ChangePlanBody,
        response: { 200: ChangePlanResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      // Non-admins were refused before this runs: they learn nothing about which ids exist.
      const caller = callerOf(request);
      const userId = request.params.id;
      if (!(await platform.read.get<UserView>(USERS, userId))) throw notFound(USER_NOT_FOUND);
      const { plan_type } = request.body;
      const context = requestContext(platform, request, { kind: 'user', id: String(caller.userId) });
      await handleCommand(platform, context, changePlanDecider, { actorRole: caller.role, userId, planType: plan_type, now: context.now });
      return { message: `The user is now on the ${plan_type} plan.`, user_id: userId, plan_type };
    },
  );
}
