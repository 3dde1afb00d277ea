import { lazy } from 'react';

// The settings feature's public face: its screens (each its own chunk).

/** /settings: profile, security (password, sessions), notifications and billing. */
export const SettingsPage = lazy(() => import('./SettingsPage.tsx'));
/** /confirm-email-change: the link mailed to a new address; works signed in or not. */
export const ConfirmEmailChangePage = lazy(() => import('./ConfirmEmailChangePage.tsx'));
