import { roleAllows, type WorkspacePermission } from '@linkledger/contracts/workspace-permissions';
import type { Workspace, WorkspaceRole } from './workspaces-api.ts';
import { ROLE_LABELS } from './workspace-rules.ts';

/*
 * What the caller may do in the workspace the app acts in (docs/web-app.md#roles-on-screen),
 * read from the server's own role table (`roleAllows`): the screens offer an action only to a
 * role the server lets through, and say why to the others. The server still decides.
 */

export interface WorkspaceAccess {
  /** The caller's role there; null while the chosen workspace is not known yet. */
  role: WorkspaceRole | null;
  /** The workspace's name, once read. */
  name: string | null;
  /** The caller's own personal workspace, whose texts speak of "your" links. */
  ownPersonal: boolean;
  allows(permission: WorkspacePermission): boolean;
}

/**
 * The caller's access in the workspace the app acts in. No choice (null) is their own personal
 * workspace, where they are always its owner. A chosen workspace not read yet allows nothing,
 * so no action is offered that the role would then take back.
 */
export function accessIn(current: Workspace | undefined, chosenId: number | null, me: number | undefined): WorkspaceAccess {
  const ownPersonal = chosenId === null || (current !== undefined && current.id === me);
  const role: WorkspaceRole | null = chosenId === null ? 'owner' : (current?.role ?? null);
  return {
    role,
    name: current?.name ?? null,
    ownPersonal,
    allows: (permission) => role !== null && roleAllows(role, permission),
  };
}

const ROLES = Object.keys(ROLE_LABELS) as WorkspaceRole[];

/** The roles that hold a permission, as a person reads them: "Owner, Admin or Member". */
export function rolesAllowed(permission: WorkspacePermission): string {
  const labels = ROLES.filter((role) => roleAllows(role, permission)).map((role) => ROLE_LABELS[role]);
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** Why an action is not offered: the caller's role, and the roles that may do it. */
export function roleReason(role: WorkspaceRole, permission: WorkspacePermission, action: string): string {
  return `Your role in this workspace is ${ROLE_LABELS[role]}. ${action} needs the ${rolesAllowed(permission)} role.`;
}
