import './ticket.css';
import { momentLabel } from '../../format/dates.ts';
import type { SupportTicket } from './support-api.ts';

interface ThreadProps {
  ticket: SupportTicket;
  /** What the ticket's owner is called in the thread: "You" for the owner, their address for the support team. */
  ownerName: string;
}

/** A ticket's messages in order: the first one, then every reply, each with who wrote it and when. Text only, never markup. */
export function TicketThread({ ticket, ownerName }: ThreadProps) {
  const messages = [{ author: 'user' as const, message: ticket.message, created_at: ticket.created_at }, ...ticket.replies];
  return (
    <ol className="ticket-thread" aria-label={`Messages on ticket #${ticket.id}`}>
      {messages.map((entry, index) => (
        <li key={index} className={`ticket-thread__message ticket-thread__message--${entry.author}`}>
          <p className="ticket-thread__meta">
            <span className="ticket-thread__author">{entry.author === 'admin' ? 'Linkledger support' : ownerName}</span>
            <time dateTime={entry.created_at}>{momentLabel(entry.created_at)}</time>
          </p>
          <p className="ticket-thread__text">{entry.message}</p>
        </li>
      ))}
    </ol>
  );
}
