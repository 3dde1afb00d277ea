import { lazy } from 'react';

// The developer feature's public face: the API key, the API docs and the developer tools screens.
export const ApiKeysPage = lazy(() => import('./ApiKeysPage.tsx'));
export const DocsPage = lazy(() => import('./DocsPage.tsx'));
export const DeveloperToolsPage = lazy(() => import('./DeveloperToolsPage.tsx'));
/** The cached key: screens that revoke it (a password change) drop it, so the key screen reads it again. */
export { API_KEY_QUERY } from './useApiKey.ts';
