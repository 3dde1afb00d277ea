import type { Workspace, WorkspaceRole } from '@linkledger/contracts';
import {
  USERS,
  WORKSPACES,
  WORKSPACE_INVITES,
  WORKSPACE_MEMBERS,
  memberRoleIn,
  type UserView,
  type WorkspaceInviteView,
  type WorkspaceMemberView,
  type WorkspaceView,
} from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import type { WorkspaceContext } from '../http/access.ts';
import type { WorkspaceAddress } from './workspace-state.ts';

type Read = Pick<Platform, 'read'>;

/** A workspace the caller is a member of, with their role in it. */
interface MemberWorkspace {
  view: WorkspaceView;
  role: WorkspaceRole;
}

/** The workspace as the API shows it to one of its members. */
export const workspaceAnswer = ({ view, role }: MemberWorkspace): Workspace => ({
  id: view.id,
  name: view.name,
  slug: view.slug,
  personal: view.personal,
  role,
  owner_ids: view.owner_ids,
  created_at: view.created_at,
});

/** Where a command on the workspace acts, as the read model knows it (a personal one has no events of its own to say so). */
export const addressOf = (view: Pick<WorkspaceView, 'id' | 'personal'> | null, workspaceId: number): WorkspaceAddress => ({
  workspaceId,
  personal: view?.personal === true,
});

/**
 * The workspace the caller acts on, with their role in it (found by the access hook, or just
 * given by a command) as the read model has it now; gone meanwhile, it is not found.
 */
export async function shownWorkspace(platform: Read, workspace: WorkspaceContext): Promise<MemberWorkspace> {
  const view = await platform.read.get<WorkspaceView>(WORKSPACES, workspace.id);
  if (!view || view.deleted) throw notFound(WORKSPACE_NOT_FOUND);
  return { view, role: workspace.role };
}

/** Where a member's command on the workspace acts (as the read model knows it), and who acts. */
export async function actingIn(platform: Read, workspace: WorkspaceContext, actorId: number): Promise<WorkspaceAddress & { actorId: number }> {
  const { view } = await shownWorkspace(platform, workspace);
  return { ...addressOf(view, view.id), actorId };
}

/** The user's role in the workspace, or null when they are not one of its members or it is gone (the access hook's check). */
export const roleIn = (platform: Read, userId: number, workspaceId: number): Promise<WorkspaceRole | null> => memberRoleIn(platform.read, userId, workspaceId);

/** Every workspace the user is a member of: their personal one first, then by name. */
export async function workspacesOf(platform: Read, userId: number): Promise<Workspace[]> {
  const memberships = await platform.read.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { user_id: userId } });
  const views = await platform.read.getMany<WorkspaceView>(
    WORKSPACES,
    memberships.map((member) => member.workspace_id),
  );
  return memberships
    .flatMap((member) => {
      const view = views.get(String(member.workspace_id));
      return view && !view.deleted ? [workspaceAnswer({ view, role: member.role })] : [];
    })
    .sort((a, b) => Number(b.personal && b.id === userId) - Number(a.personal && a.id === userId) || a.name.localeCompare(b.name) || a.id - b.id);
}

/** A workspace's members with their names as the users read model has them now, owners first, then by when they joined. */
export async function membersOf(platform: Read, workspaceId: number) {
  const members = await platform.read.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { workspace_id: workspaceId } });
  const users = await platform.read.getMany<UserView>(
    USERS,
    members.map((member) => member.user_id),
  );
  const rank: Record<WorkspaceRole, number> = { owner: 0, admin: 1, member: 2, billing: 3, viewer: 4 };
  return members
    .map((member) => {
      const user = users.get(String(member.user_id));
      return { user_id: member.user_id, username: user?.username ?? '', full_name: user?.full_name ?? null, role: member.role, joined_at: member.joined_at };
    })
    .sort((a, b) => rank[a.role] - rank[b.role] || a.joined_at.localeCompare(b.joined_at) || a.user_id - b.user_id);
}

/** The invites still pending (not expired) in a workspace, newest first. */
export async function pendingInvitesOf(platform: Read & Pick<Platform, 'clock'>, workspaceId: number) {
  const now = platform.clock().toISOString();
  const invites = await platform.read.find<WorkspaceInviteView>(WORKSPACE_INVITES, { where: { workspace_id: workspaceId } });
  return invites
    .filter((invite) => invite.expires_at > now)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(({ id, role, email_masked, invited_by, created_at, expires_at }) => ({ id, role, email_masked, invited_by, created_at, expires_at }));
}

/** The account's address if it proved it: only such an address may accept an invite sent to it. */
export async function verifiedEmailOf(platform: Read, userId: number): Promise<string | null> {
  const user = await platform.read.get<UserView>(USERS, userId);
  return user?.is_verified ? user.email : null;
}
