import type { WorkspaceRole } from './events/workspaces.ts';

/**
 * What a route needs of the caller's role in the workspace it acts in
 * (docs/workspaces.md#roles). API key scopes use the same names where they overlap.
 */
export type WorkspacePermission =
  | 'workspace:read'
  | 'workspace:settings'
  | 'workspace:own'
  | 'links:read'
  | 'links:write'
  | 'analytics:read'
  | 'domains:read'
  | 'domains:write'
  | 'members:manage'
  | 'billing';

const READ: WorkspacePermission[] = ['workspace:read', 'links:read', 'analytics:read', 'domains:read'];

/**
 * Each role's permissions: an owner everything (`workspace:own`: delete the workspace, hand it
 * over); an admin all but billing and ownership; a member links; a viewer reading; billing its payments.
 */
const ROLE_PERMISSIONS: Readonly<Record<WorkspaceRole, readonly WorkspacePermission[]>> = {
  owner: [...READ, 'workspace:settings', 'workspace:own', 'links:write', 'domains:write', 'members:manage', 'billing'],
  admin: [...READ, 'workspace:settings', 'links:write', 'domains:write', 'members:manage'],
  member: [...READ, 'links:write'],
  viewer: READ,
  billing: ['workspace:read', 'billing'],
};

export const roleAllows = (role: WorkspaceRole, permission: WorkspacePermission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** A workspace the caller is not a member of (someone else's, a deleted one, none): its existence is not revealed. */
export const WORKSPACE_NOT_FOUND = 'There is no such workspace among yours.';
