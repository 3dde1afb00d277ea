import { lazy } from 'react';

// The imports feature's public face: the Import screen.
export const ImportPage = lazy(() => import('./ImportPage.tsx'));
