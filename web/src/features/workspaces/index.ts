import { lazy } from 'react';

// The workspaces feature's public face: the sidebar's switcher, the settings tab, and the invite screen (its own chunk).
export { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';
export { WorkspaceTab } from './WorkspaceTab.tsx';

/** /invite/:token: the link an invite mail carries. */
export const InvitePage = lazy(() => import('./InvitePage.tsx'));
