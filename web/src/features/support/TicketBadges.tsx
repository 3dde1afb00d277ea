import type { SupportTicket } from './support-api.ts';
import { priorityLabel, priorityTone } from './support-rules.ts';

/** The ticket's status and priority as badges (base styles only: the admin inbox shows them without the support screen's CSS). */
export function TicketBadges({ ticket }: { ticket: Pick<SupportTicket, 'status' | 'priority'> }) {
  const tone = priorityTone(ticket.priority);
  return (
    <span className="ticket-badges">
      <span className={`badge${ticket.status === 'open' ? ' badge--success' : ''}`}>{ticket.status === 'open' ? 'Open' : 'Closed'}</span>{' '}
      <span className={`badge${tone === 'neutral' ? '' : ` badge--${tone}`}`}>{priorityLabel(ticket.priority)} priority</span>
    </span>
  );
}
