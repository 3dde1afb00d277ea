import type { FastifyInstance } from 'fastify';
import {
  ChangePlanBody,
  ErrorBody,
  IdParams,
  SubscriptionHistoryResponse,
  SubscriptionResponse,
  UpdatePlanBody,
  UpdatePlanResponse,
  AdminPlanList,
  domainEventOf,
  type DomainEvent,
} from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext } from '../http/command-context.ts';
import { changePlanDecider } from './subscription-deciders.ts';
import { evolveSubscription, noSubscription } from './subscription-state.ts';
import { subscriptionOf } from './routes.ts';
import { ADMINS_EDIT_PLANS, editPlanDecider } from './plan-deciders.ts';
import { planCatalogue } from './plan-catalogue.ts';
import { ADMIN_SUBJECTS } from './admin-subjects.ts';
import { evolveRecorded } from '../commands/event-port.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The subscription events its history lists, and why each changed it. */
const HISTORY_REASONS: Record<string, string | ((event: DomainEvent | null) => string)> = {
  PlanChanged: (event) => (event?.type === 'PlanChanged' ? event.data.reason : 'admin'),
  SubscriptionActivated: 'payment',
  SubscriptionRenewed: 'renewal',
  SubscriptionCancelled: 'cancelled',
  SubscriptionExpired: (event) => (event?.type === 'SubscriptionExpired' && event.data.reason === 'refunded' ? 'refunded' : 'expired'),
};

/**
 * An admin reads a user's or a workspace's subscription and its history, and moves it to
 * another plan (docs/plans.md#changing-a-users-plan, docs/admin.md#plans-and-limits-of-a-workspace).
 */
export async function adminPlanRoutes(app: FastifyInstance, platform: Platform) {
  const planEditors = routesFor(app, { access: 'admin', refusal: ADMINS_EDIT_PLANS });

  planEditors.get('/api/admin/plans', {
    summary: 'Every plan of the catalogue, inactive ones included',
    response: { 200: AdminPlanList },
    handler: async () => ({ plans: await planCatalogue(platform) }),
  });

  planEditors.put('/api/subscription/plans/:id', {
    summary: 'Edit a plan of the catalogue (prices in rupees, limits with -1 unlimited, flags, features); every reader sees it with the next request',
    params: IdParams,
    body: UpdatePlanBody,
    response: { 200: UpdatePlanResponse, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller }) => {
      const planId = request.params.id;
      await handleCommand(platform, commandContext(platform, request), editPlanDecider, { actorRole: caller.role, planId, changes: request.body });
      const plan = (await planCatalogue(platform)).find((candidate) => candidate.id === planId)!;
      return { message: 'Plan updated successfully', plan };
    },
  });

  for (const subject of ADMIN_SUBJECTS) {
    const admins = routesFor(app, { access: 'admin', refusal: subject.refusals.plan });
    admins.get(subject.paths.subscription, {
      summary: `A ${subject.noun}’s subscription: plan, period, features, limits and this month’s usage`,
      params: IdParams,
      response: { 200: SubscriptionResponse, 404: ErrorBody },
      handler: async ({ request }) => {
        await subject.find(platform, request.params.id);
        return subscriptionOf(platform, request.params.id);
      },
    });

    admins.get(subject.paths.history, {
      summary: `Every plan change of a ${subject.noun}, newest first, from the event log`,
      params: IdParams,
      response: { 200: SubscriptionHistoryResponse, 404: ErrorBody },
      handler: async ({ request }) => {
        await subject.find(platform, request.params.id);
        return { history: await historyOf(platform, request.params.id) };
      },
    });

    admins.post(subject.paths.changePlan, {
      summary: `Put a ${subject.noun} on a plan (admin and super admin); effective at once, until changed again`,
      params: IdParams,
      body: ChangePlanBody,
      response: { 200: subject.responses.changePlan, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ request, caller }) => {
        // Non-admins were refused before this runs: they learn nothing about which ids exist.
        const id = request.params.id;
        await subject.find(platform, id);
        await subject.requireMayActOn(platform, caller, id);
        const { plan_type } = request.body;
        const context = commandContext(platform, request);
        await handleCommand(platform, context, changePlanDecider, { actorRole: caller.role, userId: id, planType: plan_type, now: context.now });
        return { message: subject.planChanged(plan_type), ...subject.idOf(id), plan_type };
      },
    });
  }
}

/** The subscription's changes, oldest first, each with the state it left. */
async function historyOf(platform: Pick<Platform, 'events'>, id: number): Promise<SubscriptionHistoryResponse['history']> {
  const history = [];
  let state = noSubscription;
  for (const recorded of await platform.events.readStream(`subscription-${id}`)) {
    state = evolveRecorded(evolveSubscription, state, recorded);
    const reason = HISTORY_REASONS[recorded.type];
    if (reason === undefined) continue;
    const because = typeof reason === 'string' ? reason : reason(domainEventOf(recorded));
    history.push({
      id: recorded.revision,
      plan_name: state.planType,
      status: state.status,
      billing_cycle: state.billingCycle,
      reason: because,
      created_at: recorded.metadata.at,
    });
  }
  return history.reverse();
}
