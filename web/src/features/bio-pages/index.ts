import { lazy } from 'react';

// The link-in-bio feature's public face: the /bio-pages screen (its own chunk).
export const BioPagesPage = lazy(() => import('./BioPagesPage.tsx'));
