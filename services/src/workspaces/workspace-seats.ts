import type { Platform } from '../platform/platform.ts';
import { currentPlan } from '../billing/index.ts';
import type { SeatLimitSource } from './workspace-deciders.ts';

/**
 * How many seats a workspace has now: its own plan's (its subscription is the stream named by
 * its id, so a personal workspace's plan is its user's, and a team workspace without one is on
 * free; docs/workspaces.md#seats).
 */
export async function seatLimit(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<{ limit: number; source: SeatLimitSource }> {
  const { plan, limits } = await currentPlan(platform, workspaceId);
  return { limit: limits.seats, source: { kind: 'plan', planName: plan.display_name } };
}
