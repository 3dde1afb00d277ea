import { lazy } from 'react';

// The reports feature's public face: the Reports screen.
export const ReportsPage = lazy(() => import('./ReportsPage.tsx'));
