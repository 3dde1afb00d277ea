import { lazy } from 'react';

// The workspaces feature's public face: the sidebar's switcher, the settings tab, the activity and invite screens (their own chunks).
export { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';
export { WorkspaceTab } from './WorkspaceTab.tsx';
export { useTeamBeingPaidFor, useWorkspaces } from './useWorkspaces.ts';

/** /activity: what happened in the current workspace. */
export const ActivityPage = lazy(() => import('./ActivityPage.tsx'));

/** /invite/:token: the link an invite mail carries. */
export const InvitePage = lazy(() => import('./InvitePage.tsx'));

// What the caller's role allows in the workspace the app acts in, and the notice that says why an action is not offered.
export { useWorkspaceAccess } from './useWorkspaceAccess.ts';
export { RoleNotice } from './RoleNotice.tsx';
export { ActionStatusLine } from './ActionStatusLine.tsx';
export type { ActionStatus } from './use-workspace-action.ts';
export { rolesAllowed } from './role-access.ts';
export type { WorkspaceAccess } from './role-access.ts';
