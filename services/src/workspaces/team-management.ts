import { forbidden } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { currentPlan } from '../billing/index.ts';
import { seatsSetByAdmin } from './workspace-seats.ts';

/** The refusal of an invite into a workspace whose plan has no team collaboration (docs/workspaces.md#team-collaboration). */
export const TEAM_MANAGEMENT_NOT_IN_PLAN =
  'Inviting members needs team collaboration (team_management), which this workspace’s plan does not include. Upgrade the workspace to Pro or Enterprise to invite your team.';

/**
 * Refuses (403) bringing someone new into a workspace unless its plan includes
 * `team_management`, or an admin gave the workspace seats of its own (or no limits): that is
 * an admin's decision that it holds a team. Checked before seats.
 */
export async function requireTeamManagement(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<void> {
  const { plan, subscription } = await currentPlan(platform, workspaceId);
  if (!plan.features.includes('team_management') && !seatsSetByAdmin(subscription)) throw forbidden(TEAM_MANAGEMENT_NOT_IN_PLAN);
}
