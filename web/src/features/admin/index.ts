import { lazy } from 'react';

// The admin feature's public face: the admin panel and the standalone sign-in provider screen (each checks the role itself).
export const AdminPage = lazy(() => import('./AdminPage.tsx'));
export const OAuthConfigPage = lazy(() => import('./OAuthConfigPage.tsx'));
