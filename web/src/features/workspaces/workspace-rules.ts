import { roleAllows } from '@linkledger/contracts/workspace-permissions';
import type { Workspace, WorkspaceRole } from './workspaces-api.ts';

/*
 * What the workspace screens offer the caller, from their role (docs/workspaces.md#roles). The
 * server decides; these only keep out of sight what it would refuse anyway.
 */

export const ROLE_LABELS: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
  billing: 'Billing',
};
const ROLES = Object.keys(ROLE_LABELS) as WorkspaceRole[];

/** Owners and admins manage its members and invites. */
export const managesMembers = (role: WorkspaceRole) => roleAllows(role, 'members:manage');

/** Owners and admins rename the workspace. */
export const renamesWorkspace = (role: WorkspaceRole) => roleAllows(role, 'workspace:settings');

/** The roles the caller may give, by invite or role change: an owner any, an admin any but owner. */
export const grantableRoles = (role: WorkspaceRole): WorkspaceRole[] =>
  !managesMembers(role) ? [] : role === 'owner' ? ROLES : ROLES.filter((each) => each !== 'owner');

/** Whether the caller's role reaches a member or invite with this role: only owners touch owners. */
export const managesMember = (callerRole: WorkspaceRole, memberRole: WorkspaceRole) =>
  managesMembers(callerRole) && (memberRole !== 'owner' || callerRole === 'owner');

/** A personal workspace cannot be handed over or deleted: transfer and delete are for owners of team workspaces. */
export const isOwnerOfTeam = (workspace: Workspace) => roleAllows(workspace.role, 'workspace:own') && !workspace.personal;

/** A personal workspace's own user (its id is theirs) stays its owner: they cannot leave it, and nobody changes their role or removes them. */
export const isPersonalUser = (workspace: Workspace, userId: number) => workspace.personal && workspace.id === userId;

/** Whether the caller may change the role of, or remove, this member: only owners touch owners, and never a personal workspace's user. */
export const managesMemberOf = (workspace: Workspace, member: { user_id: number; role: WorkspaceRole }) =>
  managesMember(workspace.role, member.role) && !isPersonalUser(workspace, member.user_id);

/** The workspace the app acts in: the chosen one while it is among the caller's, else their own personal one (its id is theirs). */
export function currentWorkspace(workspaces: readonly Workspace[], chosenId: number | null, userId: number): Workspace | undefined {
  return workspaces.find((workspace) => workspace.id === chosenId) ?? workspaces.find((workspace) => workspace.id === userId) ?? workspaces[0];
}

/** A slug to start from, made of the name: lower-case letters and digits joined by hyphens, at most 48 characters. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 48)
    .replace(/^-+|-+$/g, '');
}

/** Members and pending invites against the plan's seats (-1: no limit). */
export function seatsText({ used, limit }: { used: number; limit: number }): string {
  const seats = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;
  return limit < 0 ? `${seats(used)} used (no limit)` : `${used} of ${seats(limit)} used`;
}

/**
 * Whether inviting is closed to the workspace: its plan has no team collaboration
 * (`team_management`) and no admin gave it seats of its own (its seats then differ from the
 * plan's). Unknown (the plan not read yet, or unreadable) is not closed: the server decides.
 */
export function invitesNeedUpgrade(subscription: { features: Record<string, boolean>; limits: { seats: number }; plan: { seats: number } } | null): boolean {
  if (!subscription) return false;
  return !subscription.features.team_management && subscription.limits.seats === subscription.plan.seats;
}
