import { lazy } from 'react';

// The admin feature's public face: the admin panel (its tabs check the role themselves).
export const AdminPage = lazy(() => import('./AdminPage.tsx'));
