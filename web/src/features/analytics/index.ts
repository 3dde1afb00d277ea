import { lazy } from 'react';

// The analytics feature's public face: one link's analytics screen, and its clicks chart.
export const AnalyticsPage = lazy(() => import('./AnalyticsPage.tsx'));
/** The "Clicks Over Time" bar chart, for other screens' series of daily clicks (a tag's, docs/links.md#tags-and-folders). */
export const ClicksChart = lazy(() => import('./ClicksChart.tsx').then((module) => ({ default: module.ClicksChart })));
/** Analytics by UTM campaign across the workspace's links. */
export const CampaignsPage = lazy(() => import('./CampaignsPage.tsx'));
