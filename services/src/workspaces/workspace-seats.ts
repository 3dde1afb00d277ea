import type { SubscriptionView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { currentPlan } from '../billing/index.ts';
import type { SeatLimitSource } from './workspace-deciders.ts';

/**
 * How many seats a workspace has now: its own plan's (its subscription is the stream named by
 * its id, so a personal workspace's plan is its user's, and a team workspace without one is on
 * free), or the seats an admin set for it (docs/workspaces.md#seats).
 */
export async function seatLimit(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<{ limit: number; source: SeatLimitSource }> {
  const { subscription, plan, limits } = await currentPlan(platform, workspaceId);
  return { limit: limits.seats, source: seatsSetByAdmin(subscription) ? { kind: 'workspace' } : { kind: 'plan', planName: plan.display_name } };
}

/** Whether an admin gave the workspace seats of its own, or lifted its limits. */
export const seatsSetByAdmin = (subscription: Pick<SubscriptionView, 'custom_limits'>) =>
  subscription.custom_limits?.seats != null || subscription.custom_limits?.is_unlimited === true;
