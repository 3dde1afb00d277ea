import { lazy } from 'react';

// The support feature's public face: the /support screen, and what the admin inbox shows a
// ticket with (the conversation lazy, its own chunk with its styles).
export const SupportPage = lazy(() => import('./SupportPage.tsx'));
/** A ticket's messages and reply form (wrap it in Suspense). */
export const TicketConversation = lazy(() => import('./TicketConversation.tsx'));
export { TicketBadges } from './TicketBadges.tsx';
export { PRIORITIES, priorityLabel } from './support-rules.ts';
export type { Priority, SupportTicket } from './support-api.ts';
