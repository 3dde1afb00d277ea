import type { SupportAuthor, SupportPriority } from '@linkledger/contracts';
import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** One document per support ticket (docs/support.md): its messages in order, no e-mail address (looked up when read). */
export const SUPPORT_TICKETS = 'support_tickets';
/** One document per user who opened a ticket: their tickets' ids, so a deleted account's tickets can be removed. */
const SUPPORT_TICKET_OWNERS = 'support_ticket_owners';

/** The inbox's order: the most pressing first. */
export const PRIORITY_RANK: Record<SupportPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

interface SupportReplyView {
  author: SupportAuthor;
  message: string;
  created_at: string;
}

export interface SupportTicketView {
  [key: string]: unknown;
  id: number;
  user_id: number;
  subject: string;
  priority: SupportPriority;
  /** PRIORITY_RANK of the priority, for sorting the inbox in the store. */
  priority_rank: number;
  status: 'open' | 'closed';
  message: string;
  replies: SupportReplyView[];
  created_at: string;
  updated_at: string;
}

interface TicketOwnerView {
  [key: string]: unknown;
  /** The user's id. */
  id: number;
  ticket_ids: number[];
}

export const supportIndexes = {
  [SUPPORT_TICKETS]: [['user_id'], ['status', 'priority_rank', 'created_at'], ['priority_rank', 'created_at']],
  [SUPPORT_TICKET_OWNERS]: [],
} as const;

const touch = (tx: UnitOfWork, ticketId: number, at: string, change: (view: SupportTicketView) => Partial<SupportTicketView>) =>
  tx.update<SupportTicketView>(SUPPORT_TICKETS, ticketId, (view) => ({ ...view, ...change(view), updated_at: at }));

export const supportHandlers: ReadModelHandlers = {
  async SupportTicketOpened({ ticket_id, user_id, subject, priority, message }, recorded, tx) {
    const at = recorded.metadata.at;
    const view: SupportTicketView = {
      id: ticket_id,
      user_id,
      subject,
      priority,
      priority_rank: PRIORITY_RANK[priority],
      status: 'open',
      message,
      replies: [],
      created_at: at,
      updated_at: at,
    };
    tx.put(SUPPORT_TICKETS, view);
    const owner = (await tx.get<TicketOwnerView>(SUPPORT_TICKET_OWNERS, user_id)) ?? { id: user_id, ticket_ids: [] };
    if (!owner.ticket_ids.includes(ticket_id)) tx.put(SUPPORT_TICKET_OWNERS, { ...owner, ticket_ids: [...owner.ticket_ids, ticket_id] });
  },
  async SupportTicketReplied({ ticket_id, author, message }, recorded, tx) {
    const at = recorded.metadata.at;
    await touch(tx, ticket_id, at, (view) => ({ replies: [...view.replies, { author, message, created_at: at }] }));
  },
  async SupportTicketClosed({ ticket_id }, recorded, tx) {
    await touch(tx, ticket_id, recorded.metadata.at, () => ({ status: 'closed' }));
  },
  async SupportTicketReopened({ ticket_id }, recorded, tx) {
    await touch(tx, ticket_id, recorded.metadata.at, () => ({ status: 'open' }));
  },
  /** A deleted account's tickets go: their text is the user's, and nobody is left to answer. */
  async AccountDeleted({ user_id }, _recorded, tx) {
    const owner = await tx.get<TicketOwnerView>(SUPPORT_TICKET_OWNERS, user_id);
    if (!owner) return;
    for (const id of owner.ticket_ids) tx.delete(SUPPORT_TICKETS, id);
    tx.delete(SUPPORT_TICKET_OWNERS, user_id);
  },
};

/** The tickets and owners the batch's support events change. */
export const prefetchSupport: ReadModelPrefetch = async (batch, tx) => {
  const tickets = new Set<number>();
  const owners = new Set<number>();
  for (const { event } of batch) {
    switch (event.type) {
      case 'SupportTicketOpened':
      case 'AccountDeleted':
        owners.add(event.data.user_id);
        break;
      case 'SupportTicketReplied':
      case 'SupportTicketClosed':
      case 'SupportTicketReopened':
        tickets.add(event.data.ticket_id);
        break;
      default:
    }
  }
  await Promise.all([tx.prefetch(SUPPORT_TICKETS, tickets), tx.prefetch(SUPPORT_TICKET_OWNERS, owners)]);
};
