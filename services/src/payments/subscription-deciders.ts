import type { Decider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';

const onStream = <C extends { userId: number }>(decide: Decider<C, SubscriptionState>['decide']): Decider<C, SubscriptionState> => ({
  streamOf: (command) => `subscription-${command.userId}`,
  initialState: noSubscription,
  evolve: evolveSubscription,
  decide,
});

const NOTHING_TO_CANCEL = 'You are on the Free plan: there is no paid subscription to cancel.';

interface CancelSubscription {
  /** The workspace whose subscription it is (its stream and the subscription's id are the workspace's). */
  userId: number;
  subscriptionId: number;
  now: Date;
}

/**
 * Given a paid period running, when its owner cancels, then the plan stays until the period
 * ends and nothing more is charged (docs/payments.md#cancelling); cancelling twice changes nothing.
 */
export const cancelDecider = onStream<CancelSubscription>((command, state) => {
  // One subscription per workspace, and its id is the workspace's: another id is not this workspace's.
  if (command.subscriptionId !== command.userId) throw notFound(`There is no subscription ${command.subscriptionId} on your account.`);
  if (!paidPeriodRuns(state, command.now)) throw conflict(NOTHING_TO_CANCEL);
  if (state.status === 'cancelled') return [];
  if (state.periodEnd === null) throw conflict('Your plan was given to you by an administrator and has no end date; ask them to change it.');
  return [{ type: 'SubscriptionCancelled', data: { user_id: command.userId, plan_type: state.planType, ends_at: state.periodEnd } }];
});

interface ExpireSubscription {
  userId: number;
  now: Date;
}

/** Given a paid period, when its end has passed, then the user is back on free, once (the scheduler runs this). */
export const expireDecider = onStream<ExpireSubscription>((command, state) => {
  if (state.planType === 'free' || state.status === 'expired' || state.periodEnd === null) return [];
  if (Date.parse(state.periodEnd) > command.now.getTime()) return [];
  return [{ type: 'SubscriptionExpired', data: { user_id: command.userId, plan_type: state.planType, period_end: state.periodEnd, reason: 'period_ended' } }];
});

/** How long before a period ends its renewal reminder goes out. */
export const REMINDER_LEAD_MS = 3 * 86_400_000;

/** Given an active paid period ending within the lead time, when the reminder has been sent, then that is recorded for the period. */
export const reminderDecider = onStream<ExpireSubscription>((command, state) => {
  if (!remindable(state, command.now)) return [];
  return [{ type: 'RenewalReminderSent', data: { user_id: command.userId, period_end: state.periodEnd! } }];
});

/** Whether a reminder is due: active (a cancelled plan is not renewed), ending soon, and not yet reminded for this end. */
export function remindable(state: SubscriptionState, now: Date): boolean {
  if (state.status !== 'active' || state.periodEnd === null || !paidPeriodRuns(state, now)) return false;
  return state.remindedFor !== state.periodEnd && Date.parse(state.periodEnd) - now.getTime() <= REMINDER_LEAD_MS;
}
