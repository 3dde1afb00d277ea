import { shreddedEmail, type AdminSupportTicket, type SupportTicket } from '@linkledger/contracts';
import { SUPPORT_TICKETS, USERS, type SupportTicketView, type UserView } from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import { isAdmin, type Caller } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { TICKET_NOT_FOUND } from './ticket-deciders.ts';

/** A ticket as its owner reads it. */
export const ticketOf = (view: SupportTicketView): SupportTicket => ({
  id: view.id,
  subject: view.subject,
  priority: view.priority,
  status: view.status,
  message: view.message,
  replies: view.replies.map(({ author, message, created_at }) => ({ author, message, created_at })),
  created_at: view.created_at,
  updated_at: view.updated_at,
});

/** Tickets as the inbox shows them: each with its requester's address as the users read model has it now. */
export async function adminTicketsOf(platform: Pick<Platform, 'read'>, views: SupportTicketView[]): Promise<AdminSupportTicket[]> {
  const users = await platform.read.getMany<UserView>(USERS, [...new Set(views.map((view) => view.user_id))]);
  return views.map((view) => ({ ...ticketOf(view), user_id: view.user_id, user_email: users.get(String(view.user_id))?.email ?? null }));
}

/** The ticket if the caller may see it (its owner, or an admin); anyone else is told it does not exist. */
export async function visibleTicket(platform: Pick<Platform, 'read'>, caller: Pick<Caller, 'userId' | 'role'>, ticketId: number): Promise<SupportTicketView> {
  const view = await platform.read.get<SupportTicketView>(SUPPORT_TICKETS, ticketId);
  if (!view || (view.user_id !== caller.userId && !isAdmin(caller.role))) throw notFound(TICKET_NOT_FOUND);
  return view;
}

/** The ticket, for an admin: any user's. */
export async function anyTicket(platform: Pick<Platform, 'read'>, ticketId: number): Promise<SupportTicketView> {
  const view = await platform.read.get<SupportTicketView>(SUPPORT_TICKETS, ticketId);
  if (!view) throw notFound('There is no support ticket with this number.');
  return view;
}

/** The owner's address for mail, or null when there is nobody to write to (the account is gone). */
export async function ownerEmail(platform: Pick<Platform, 'read'>, userId: number): Promise<string | null> {
  const user = await platform.read.get<UserView>(USERS, userId);
  // Only a proven address gets mail that repeats what was typed: anyone can register someone else's.
  return user && user.is_verified && user.email !== shreddedEmail ? user.email : null;
}
