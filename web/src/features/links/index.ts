import { lazy } from 'react';

// The links feature's public face: the dashboard, the Create New URL dialog the shell
// opens from any screen (loaded on first open), and the share dialog and channel names analytics use.
export { useCreateLink } from './create-link-dialog.ts';
export { ShareModal } from './share/ShareModal.tsx';
export { SHARE_CHANNEL_LABELS } from './share/share-targets.ts';

export const DashboardPage = lazy(() => import('./DashboardPage.tsx'));
export const CreateLinkModal = lazy(() => import('./CreateLinkModal.tsx').then((module) => ({ default: module.CreateLinkModal })));
