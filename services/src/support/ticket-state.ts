import type { DomainEvent, SupportPriority } from '@linkledger/contracts';

/** One support ticket as its stream (`ticket-{id}`) tells it (docs/support.md). */
export interface TicketState {
  id: number | null;
  /** The user who opened it: replies, mail and the read model belong to them. */
  userId: number | null;
  subject: string;
  priority: SupportPriority;
  status: 'open' | 'closed';
}

export const noTicket: TicketState = { id: null, userId: null, subject: '', priority: 'medium', status: 'open' };

export const ticketStream = (id: number) => `ticket-${id}`;

export function evolveTicket(state: TicketState, event: DomainEvent): TicketState {
  switch (event.type) {
    case 'SupportTicketOpened':
      return { id: event.data.ticket_id, userId: event.data.user_id, subject: event.data.subject, priority: event.data.priority, status: 'open' };
    case 'SupportTicketClosed':
      return { ...state, status: 'closed' };
    case 'SupportTicketReopened':
      return { ...state, status: 'open' };
    default:
      return state;
  }
}
