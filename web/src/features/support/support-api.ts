import type { z } from 'zod';
import type { OpenTicketBody, SupportPriority, SupportTicketAnswer, SupportTicketList, SupportTicket as TicketSchema } from '@linkledger/contracts';
import { api } from '../../api/client.ts';

// The support calls (docs/support.md), typed from the contracts (type-only: no schema code in the bundle).
export type SupportTicket = z.infer<typeof TicketSchema>;
export type TicketReply = SupportTicket['replies'][number];
export type Priority = SupportPriority;
type NewTicket = z.input<typeof OpenTicketBody>;
type Answer = z.infer<typeof SupportTicketAnswer>;

export const supportApi = {
  list: () => api<z.infer<typeof SupportTicketList>>('/support/tickets'),
  open: (ticket: NewTicket) => api<Answer>('/support/tickets', { method: 'POST', body: ticket }),
  reply: (id: number, message: string) => api<Answer>(`/support/tickets/${id}/replies`, { method: 'POST', body: { message } }),
};
