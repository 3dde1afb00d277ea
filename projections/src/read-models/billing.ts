import { planFromRecord, type BillingCycle, type CustomLimits, type Plan, type PlanName, type SubscriptionStatus } from '@linkledger/contracts';
import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

export const SUBSCRIPTIONS = 'subscriptions';
/** The plans an admin edited, as the catalogue shows them; a plan never edited is as shipped. */
export const PLANS = 'plans';
export type PlanView = Plan & { [key: string]: unknown };
/** One document per user and calendar month (UTC): what the monthly limits count. */
export const MONTHLY_USAGE = 'monthly_usage';

export interface SubscriptionView {
  [key: string]: unknown;
  /** The user's id: one subscription per user. */
  id: number;
  plan_type: PlanName;
  billing_cycle: BillingCycle;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string | null;
  /** An admin's limits for this user, overriding the plan's (absent: none set). */
  custom_limits?: CustomLimits;
  /** The period end a renewal reminder went out for. */
  reminded_for?: string;
}

export interface MonthlyUsageView {
  [key: string]: unknown;
  id: string;
  user_id: number;
  /** YYYY-MM */
  month: string;
  /** Links created this month, deleted ones included: deleting does not give quota back. */
  links_created: number;
  api_calls: number;
}

export const usageMonth = (at: Date | string) => new Date(at).toISOString().slice(0, 7);
export const monthlyUsageId = (userId: number, at: Date | string) => `${userId}:${usageMonth(at)}`;

export const billingIndexes = { [SUBSCRIPTIONS]: [['current_period_end']], [MONTHLY_USAGE]: [['user_id', 'month']], [PLANS]: [] } as const;

/** Free from `at`: every account's plan at registration, and a team workspace's until it has another. */
const freeSubscription = (id: number, at: string): SubscriptionView => ({
  id,
  plan_type: 'free',
  billing_cycle: 'monthly',
  status: 'active',
  current_period_start: at,
  current_period_end: null,
});

/**
 * Puts an admin's change to the limits on a subscription: a team workspace on no plan yet has no
 * document, and its Free one starts with the admin's limits (docs/workspaces.md#seats).
 */
async function changeCustomLimits(tx: UnitOfWork, id: number, at: string, change: (custom: CustomLimits | undefined) => CustomLimits): Promise<void> {
  await changeSubscription(tx, id, at, (subscription) => ({ ...subscription, custom_limits: change(subscription.custom_limits) }));
}

export const billingHandlers: ReadModelHandlers = {
  UserRegistered({ user_id }, recorded, tx) {
    tx.put(SUBSCRIPTIONS, freeSubscription(user_id, recorded.metadata.at));
  },
  async PlanChanged({ user_id, plan_type, billing_cycle, status, period_start, period_end }, _recorded, tx) {
    const before = await tx.get<SubscriptionView>(SUBSCRIPTIONS, user_id);
    const subscription: SubscriptionView = {
      id: user_id,
      plan_type,
      billing_cycle,
      status,
      current_period_start: period_start,
      current_period_end: period_end,
      // An admin's limits outlast plan changes.
      ...(before?.custom_limits ? { custom_limits: before.custom_limits } : {}),
    };
    tx.put(SUBSCRIPTIONS, subscription);
  },
  async SubscriptionActivated({ user_id, plan_type, billing_cycle, period_start, period_end }, recorded, tx) {
    // A team workspace has no document until its first plan: paying for it makes one.
    await changeSubscription(tx, user_id, recorded.metadata.at, (subscription) => ({
      ...subscription,
      plan_type,
      billing_cycle,
      status: 'active',
      current_period_start: period_start,
      current_period_end: period_end,
    }));
  },
  async SubscriptionRenewed({ user_id, period_end }, _recorded, tx) {
    // The current period's start stands: the renewal follows it.
    await tx.update<SubscriptionView>(SUBSCRIPTIONS, user_id, (subscription) => ({ ...subscription, status: 'active', current_period_end: period_end }));
  },
  async SubscriptionCancelled({ user_id }, _recorded, tx) {
    await tx.update<SubscriptionView>(SUBSCRIPTIONS, user_id, (subscription) => ({ ...subscription, status: 'cancelled' }));
  },
  async SubscriptionExpired({ user_id }, _recorded, tx) {
    await tx.update<SubscriptionView>(SUBSCRIPTIONS, user_id, (subscription) => ({ ...subscription, plan_type: 'free', status: 'expired' }));
  },
  async RenewalReminderSent({ user_id, period_end }, _recorded, tx) {
    await tx.update<SubscriptionView>(SUBSCRIPTIONS, user_id, (subscription) => ({ ...subscription, reminded_for: period_end }));
  },
  PlanUpdated(record, _recorded, tx) {
    tx.put(PLANS, planFromRecord(record) as PlanView);
  },
  async CustomLimitsSet({ user_id, ...limits }, recorded, tx) {
    await changeCustomLimits(tx, user_id, recorded.metadata.at, (custom) => ({ ...custom, ...limits }));
  },
  async CustomSeatsSet({ workspace_id, seats }, recorded, tx) {
    await changeCustomLimits(tx, workspace_id, recorded.metadata.at, (custom) => ({
      monthly_links: null,
      api_calls_per_minute: null,
      custom_domains: null,
      is_unlimited: false,
      ...custom,
      seats,
    }));
  },
  async LinkCreated({ owner_id }, recorded, tx) {
    await addUsage(tx, owner_id, recorded.metadata.at, { links_created: 1 });
  },
  async ApiCallsMetered({ user_id, calls }, recorded, tx) {
    await addUsage(tx, user_id, recorded.metadata.at, { api_calls: calls });
  },
};

/** Changes a workspace's subscription document, starting from the free plan where there is none yet (a team workspace's). */
async function changeSubscription(tx: UnitOfWork, id: number, at: string, change: (subscription: SubscriptionView) => SubscriptionView) {
  tx.put(SUBSCRIPTIONS, change((await tx.get<SubscriptionView>(SUBSCRIPTIONS, id)) ?? freeSubscription(id, at)));
}

async function addUsage(tx: UnitOfWork, userId: number, at: string, add: Partial<Pick<MonthlyUsageView, 'links_created' | 'api_calls'>>) {
  const id = monthlyUsageId(userId, at);
  const usage = (await tx.get<MonthlyUsageView>(MONTHLY_USAGE, id)) ?? { id, user_id: userId, month: usageMonth(at), links_created: 0, api_calls: 0 };
  tx.put(MONTHLY_USAGE, { ...usage, links_created: usage.links_created + (add.links_created ?? 0), api_calls: usage.api_calls + (add.api_calls ?? 0) });
}

/** The monthly usage documents the batch's link creations and metered calls add to. */
export const prefetchBilling: ReadModelPrefetch = async (batch, tx) => {
  const usage = new Set<string>();
  const subscriptions = new Set<number>();
  for (const { event, recorded } of batch) {
    if (event.type === 'LinkCreated') usage.add(monthlyUsageId(event.data.owner_id, recorded.metadata.at));
    else if (event.type === 'ApiCallsMetered') usage.add(monthlyUsageId(event.data.user_id, recorded.metadata.at));
    else if (
      event.type === 'PlanChanged' ||
      event.type === 'CustomLimitsSet' ||
      event.type === 'SubscriptionActivated' ||
      event.type === 'SubscriptionRenewed' ||
      event.type === 'SubscriptionCancelled' ||
      event.type === 'SubscriptionExpired' ||
      event.type === 'RenewalReminderSent'
    )
      subscriptions.add(event.data.user_id);
    else if (event.type === 'CustomSeatsSet') subscriptions.add(event.data.workspace_id);
  }
  await Promise.all([tx.prefetch(MONTHLY_USAGE, usage), tx.prefetch(SUBSCRIPTIONS, subscriptions)]);
};
