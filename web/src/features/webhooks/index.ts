import { lazy } from 'react';

// The webhooks feature's public face: its screen, in its own chunk.
export const WebhooksPage = lazy(() => import('./WebhooksPage.tsx'));
