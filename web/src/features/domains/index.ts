import { lazy } from 'react';

// The domains feature's public face: the /custom-domains screen, the panels Developer Tools
// shows (each lazy, its own chunk), and what the Create New URL dialog needs to offer a
// verified domain or TRAI header (light: the calls and pure rules).
export const CustomDomainsPage = lazy(() => import('./CustomDomainsPage.tsx'));
/** Developer Tools' domains tab (wrap it in Suspense). */
export const DomainManager = lazy(() => import('./DomainManagers.tsx').then((module) => ({ default: module.DomainManager })));
/** Developer Tools' trai tab (wrap it in Suspense). */
export const TraiManager = lazy(() => import('./DomainManagers.tsx').then((module) => ({ default: module.TraiManager })));

export { useLinkPlacements } from './domain-queries.ts';
export { UpgradePrompt } from './UpgradePrompt.tsx';
/** Shows a screen when the chosen workspace's plan has the feature, else the upgrade prompt. */
export { FeatureGate } from './FeatureGate.tsx';
export { DEFAULT_PLACEMENT, initialChoice, linkPlacement, placementKind, placementPayload, placementPrefix, shortUrlPreview } from './placement.ts';
export type { Placement, PlacementChoice } from './placement.ts';
