import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams, UserLimitsBody } from '@linkledger/contracts';
import { currentPlan } from './current-plan.ts';
import { customLimitsDecider } from './subscription-deciders.ts';
import { NO_CUSTOM_LIMITS } from './subscription-state.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { ADMIN_SUBJECTS } from './admin-subjects.ts';
import { routesFor } from '../http/declared-routes.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** An admin's own limits for one user, or for any workspace (docs/admin.md#per-user-limits). */
export async function adminLimitsRoutes(app: FastifyInstance, platform: Platform) {
  for (const subject of ADMIN_SUBJECTS) {
    const admins = routesFor(app, { access: 'admin', refusal: subject.refusals.limits });
    const limitsOf = async (id: number) => {
      const names = await subject.find(platform, id);
      const { subscription, plan, limits } = await currentPlan(platform, id);
      const custom = subscription.custom_limits ?? NO_CUSTOM_LIMITS;
      const figures = {
        plan_type: plan.name,
        custom_monthly_links_limit: custom.monthly_links,
        custom_api_calls_per_minute: custom.api_calls_per_minute,
        custom_custom_domains_limit: custom.custom_domains,
        custom_seats_limit: custom.seats ?? null,
        custom_analytics_retention_days: custom.analytics_retention_days ?? null,
        is_unlimited_user: custom.is_unlimited,
        current_limits: limits,
      };
      return { ...names, ...figures };
    };

    admins.get(subject.paths.limits, {
      summary: `A ${subject.noun}’s own limits (null: the plan’s) and the limits in force now (-1 unlimited)`,
      params: IdParams,
      response: { 200: subject.responses.limits, ...errors },
      handler: async ({ request }) => limitsOf(request.params.id),
    });

    admins.put(subject.paths.limits, {
      summary: `Set a ${subject.noun}’s own limits: -1 unlimited, empty/0/null the plan’s own; is_unlimited_user lifts them all`,
      params: IdParams,
      body: UserLimitsBody,
      response: { 200: subject.responses.limits, ...errors },
      handler: async ({ request, caller }) => {
        const id = request.params.id;
        await subject.find(platform, id);
        await subject.requireMayActOn(platform, caller, id);
        const body = request.body;
        const limits = {
          monthly_links: body.custom_monthly_links_limit,
          api_calls_per_minute: body.custom_api_calls_per_minute,
          custom_domains: body.custom_custom_domains_limit,
          seats: body.custom_seats_limit,
          analytics_retention_days: body.custom_analytics_retention_days,
          is_unlimited: body.is_unlimited_user,
        };
        await handleCommand(platform, commandContext(platform, request), customLimitsDecider, { actorRole: caller.role, userId: id, limits });
        return limitsOf(id);
      },
    });
  }
}
