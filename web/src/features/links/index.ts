import { lazy } from 'react';

// The links feature's public face: the dashboard, and the Create New URL dialog the shell
// opens from any screen (loaded on first open).
export { useCreateLink } from './create-link-dialog.ts';

export const DashboardPage = lazy(() => import('./DashboardPage.tsx'));
export const CreateLinkModal = lazy(() => import('./CreateLinkModal.tsx').then((module) => ({ default: module.CreateLinkModal })));
