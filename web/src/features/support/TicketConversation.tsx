import { ReplyForm } from './ReplyForm.tsx';
import type { SupportTicket } from './support-api.ts';
import { TicketThread } from './TicketThread.tsx';

interface TicketConversationProps {
  ticket: SupportTicket;
  /** What the ticket's owner is called in the thread. */
  ownerName: string;
  /** Sends a reply; answers the server's message. Without it the thread is read-only. */
  onReply?: (message: string) => Promise<string>;
  replyLabel?: string;
  replyHint?: string;
  submitLabel?: string;
}

/** A ticket's messages and, when it takes one, a reply form. */
export default function TicketConversation({ ticket, ownerName, onReply, replyLabel, replyHint, submitLabel }: TicketConversationProps) {
  return (
    <>
      <TicketThread ticket={ticket} ownerName={ownerName} />
      {onReply ? (
        <ReplyForm
          onSend={onReply}
          {...(replyLabel ? { label: replyLabel } : {})}
          {...(replyHint ? { hint: replyHint } : {})}
          {...(submitLabel ? { submitLabel } : {})}
        />
      ) : null}
    </>
  );
}
