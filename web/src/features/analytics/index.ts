import { lazy } from 'react';

// The analytics feature's public face: one link's analytics screen.
export const AnalyticsPage = lazy(() => import('./AnalyticsPage.tsx'));
