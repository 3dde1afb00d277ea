import { WORKSPACE_MEMBERS, WORKSPACES, type WorkspaceMemberView, type WorkspaceView } from '@linkledger/projections';
import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { conflict } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { leaveWorkspaceDecider } from './workspace-deciders.ts';
import { addressOf } from './workspace-views.ts';

/** The account deletion's refusal while a team would be left without an owner (docs/workspaces.md#deleting-an-account). */
export const onlyOwnerOf = (names: string[]) => {
  const listed = names.map((name) => `“${name}”`).join(', ');
  const them = names.length === 1 ? 'it' : 'them';
  return `You are the only owner of ${listed}: make another member an owner, or delete ${them}, before deleting your account.`;
};

/**
 * Before an account goes, it leaves every workspace of others it belongs to, as its user would,
 * so seat counts and owners stay true (docs/workspaces.md#deleting-an-account). A team workspace
 * it is the only owner of would be left with none: the deletion is refused first, naming them,
 * and nothing is left. Its own personal workspace goes with the account.
 */
export async function leaveEveryWorkspace(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, userId: number): Promise<void> {
  const memberships = await platform.read.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { user_id: userId } });
  const views = await platform.read.getMany<WorkspaceView>(
    WORKSPACES,
    memberships.map((member) => member.workspace_id),
  );
  const others = [...views.values()].filter((view) => !view.deleted && view.id !== userId);
  const stranded = others.filter((view) => !view.personal && view.owner_ids.length === 1 && view.owner_ids[0] === userId);
  if (stranded.length > 0) throw conflict(onlyOwnerOf(stranded.map((view) => view.name)));
  for (const view of others) await handleCommand(platform, context, leaveWorkspaceDecider, { ...addressOf(view, view.id), actorId: userId });
}
