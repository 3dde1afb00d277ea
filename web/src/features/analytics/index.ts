import { lazy } from 'react';

// The analytics feature's public face: one link's analytics screen and the Campaigns screen.
export const AnalyticsPage = lazy(() => import('./AnalyticsPage.tsx'));
/** Analytics by UTM campaign across the workspace's links. */
export const CampaignsPage = lazy(() => import('./CampaignsPage.tsx'));
