import { z } from 'zod';

const id = z.number().int().positive();

export const SupportPriority = z.enum(['low', 'medium', 'high', 'urgent']);
export type SupportPriority = z.infer<typeof SupportPriority>;

/** Who wrote a message on a ticket: its owner, or an administrator answering for the service. */
export const SupportAuthor = z.enum(['user', 'admin']);
export type SupportAuthor = z.infer<typeof SupportAuthor>;

/**
 * A user asked for help (stream `ticket-{ticket_id}`, docs/support.md). `subject` and
 * `message` are personal data, encrypted under the user's data key (personal-data.ts).
 */
const SupportTicketOpenedV1 = z.object({ ticket_id: id, user_id: id, subject: z.string(), priority: SupportPriority, message: z.string() });

/** A message on the ticket, by its owner or by an admin; `user_id` is always the ticket's owner (whose key encrypts the text). */
const SupportTicketRepliedV1 = z.object({ ticket_id: id, user_id: id, author: SupportAuthor, message: z.string() });

/** An admin closed the ticket. */
const SupportTicketClosedV1 = z.object({ ticket_id: id, user_id: id });

/** The owner wrote again on a closed ticket: it is open again. */
const SupportTicketReopenedV1 = z.object({ ticket_id: id, user_id: id });

export const supportEvents = {
  SupportTicketOpened: { 1: SupportTicketOpenedV1 },
  SupportTicketReplied: { 1: SupportTicketRepliedV1 },
  SupportTicketClosed: { 1: SupportTicketClosedV1 },
  SupportTicketReopened: { 1: SupportTicketReopenedV1 },
} as const;
