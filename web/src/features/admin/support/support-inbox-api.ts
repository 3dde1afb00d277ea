import type { z } from 'zod';
import type { AdminSupportTicket, AdminSupportTicketAnswer, AdminSupportTicketList, SupportPriority, SupportStatus } from '@linkledger/contracts';
import { api } from '../../../api/client.ts';

// The admin support inbox's calls (docs/support.md#the-admin-inbox), typed from the contracts (types only).
export type InboxTicket = z.infer<typeof AdminSupportTicket>;
type Answer = z.infer<typeof AdminSupportTicketAnswer>;

export interface InboxFilter {
  status: SupportStatus | '';
  priority: SupportPriority | '';
}

export const supportInboxApi = {
  list: (filter: InboxFilter) =>
    api<z.infer<typeof AdminSupportTicketList>>('/admin/support/tickets', { query: { status: filter.status, priority: filter.priority } }),
  reply: (id: number, message: string) => api<Answer>(`/admin/support/tickets/${id}/replies`, { method: 'POST', body: { message } }),
  close: (id: number) => api<Answer>(`/admin/support/tickets/${id}/close`, { method: 'POST' }),
};
