import { z } from 'zod';
import { SupportAuthor, SupportPriority } from '../events/support.ts';

/** The longest subject and message a ticket takes, counted after trimming (docs/support.md). */
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const SupportStatus = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof SupportStatus>;

const priority = z.enum(SupportPriority.options, { message: 'priority must be one of: low, medium, high, urgent' });
const status = z.enum(SUPPORT_STATUSES, { message: 'status must be one of: open, closed' });

/** The contact form: subject and message required; priority low, medium (the default), high or urgent. */
export const OpenTicketBody = z.strictObject({
  subject: z.string({ message: 'Please enter a subject.' }).describe(`What the request is about: at most ${SUPPORT_SUBJECT_MAX} characters`),
  priority: priority.default('medium').describe('low, medium, high or urgent; medium when left out'),
  message: z.string({ message: 'Please enter a message.' }).describe(`What you need help with: at most ${SUPPORT_MESSAGE_MAX} characters`),
});

export const ReplyTicketBody = z.strictObject({
  message: z.string({ message: 'Please enter a message.' }).describe(`At most ${SUPPORT_MESSAGE_MAX} characters`),
});

export const TicketReply = z.object({
  author: SupportAuthor,
  message: z.string(),
  created_at: z.string(),
});

export const SupportTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  priority: SupportPriority,
  status: SupportStatus,
  /** The first message, as the user wrote it when opening the ticket. */
  message: z.string(),
  replies: z.array(TicketReply),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const SupportTicketList = z.object({ tickets: z.array(SupportTicket) });

/** A ticket as the admin inbox shows it: who asked (their address looked up when read). */
export const AdminSupportTicket = SupportTicket.extend({
  user_id: z.number().int(),
  /** The requester's current e-mail address; null when the account no longer exists. */
  user_email: z.string().nullable(),
});
export type AdminSupportTicket = z.infer<typeof AdminSupportTicket>;

export const AdminSupportTicketList = z.object({ tickets: z.array(AdminSupportTicket) });

export const AdminSupportQuery = z.strictObject({
  status: status.optional().describe('open or closed; both when left out'),
  priority: priority.optional().describe('low, medium, high or urgent; all when left out'),
});

/** An answer to a ticket action: what happened, and the ticket as it is now. */
export const SupportTicketAnswer = z.object({ message: z.string(), ticket: SupportTicket });
export const AdminSupportTicketAnswer = z.object({ message: z.string(), ticket: AdminSupportTicket });
