import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, type DomainEvent, type SupportPriority } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { evolveTicket, noTicket, ticketStream, type TicketState } from './ticket-state.ts';

export const TICKET_NOT_FOUND = 'There is no such support ticket on your account.';
export const SUBJECT_REQUIRED = 'Please enter a subject.';
export const MESSAGE_REQUIRED = 'Please enter a message.';
export const TICKET_CLOSED_FOR_ADMIN = 'This ticket is closed. The user can reopen it by replying; a closed ticket takes no answers from the support team.';

export const subjectTooLong = (length: number) => `The subject is ${length} characters long. Please keep it to ${SUPPORT_SUBJECT_MAX} characters or fewer.`;
export const messageTooLong = (length: number) =>
  `The message is ${length} characters long. Please keep it to ${SUPPORT_MESSAGE_MAX} characters or fewer (split a longer one into several replies).`;

/** A subject as stored: one line (runs of white space, line breaks included, become one space), trimmed, 1 to 200 characters. */
export function ticketSubject(raw: string): string {
  const subject = raw.replace(/\s+/g, ' ').trim();
  if (!subject) throw invalid(SUBJECT_REQUIRED);
  if (subject.length > SUPPORT_SUBJECT_MAX) throw invalid(subjectTooLong(subject.length));
  return subject;
}

/** A message as stored: trimmed (line breaks inside kept), 1 to 5000 characters. */
export function ticketMessage(raw: string): string {
  const message = raw.replace(/\r\n?/g, '\n').trim();
  if (!message) throw invalid(MESSAGE_REQUIRED);
  if (message.length > SUPPORT_MESSAGE_MAX) throw invalid(messageTooLong(message.length));
  return message;
}

const onTicket = <C extends { ticketId: number }>(decide: (command: C, state: TicketState) => DomainEvent[]): Decider<C, TicketState> => ({
  streamOf: (command) => ticketStream(command.ticketId),
  initialState: noTicket,
  evolve: evolveTicket,
  decide,
});

interface OpenTicket {
  ticketId: number;
  userId: number;
  subject: string;
  priority: SupportPriority;
  message: string;
}

/** Given no ticket under a fresh id, when a user writes to support, then a ticket is open with their subject, priority and message. */
export const openTicketDecider = onTicket<OpenTicket>((command, state) => {
  if (state.id !== null) throw conflict('This ticket number is already taken. Please send your message again.');
  const subject = ticketSubject(command.subject);
  const message = ticketMessage(command.message);
  return [{ type: 'SupportTicketOpened', data: { ticket_id: command.ticketId, user_id: command.userId, subject, priority: command.priority, message } }];
});

/** A reply by the ticket's owner (`userId`: only theirs), or by an admin (any ticket). */
type ReplyToTicket = { ticketId: number; message: string } & ({ author: 'user'; userId: number } | { author: 'admin' });

/**
 * Given a ticket, when its owner replies, then the reply is recorded (and a closed ticket
 * opens again); when an admin replies, the reply is recorded on an open ticket only.
 * Someone else's ticket does not exist as far as a user is told.
 */
export const replyToTicketDecider = onTicket<ReplyToTicket>((command, state) => {
  if (state.id === null || state.userId === null) throw notFound(TICKET_NOT_FOUND);
  if (command.author === 'user' && state.userId !== command.userId) throw notFound(TICKET_NOT_FOUND);
  const message = ticketMessage(command.message);
  const ids = { ticket_id: state.id, user_id: state.userId };
  const reply: DomainEvent = { type: 'SupportTicketReplied', data: { ...ids, author: command.author, message } };
  if (state.status === 'open') return [reply];
  if (command.author === 'admin') throw conflict(TICKET_CLOSED_FOR_ADMIN);
  return [{ type: 'SupportTicketReopened', data: ids }, reply];
});

interface CloseTicket {
  ticketId: number;
}

/** Given an open ticket, when an admin closes it, then it is closed; closing a closed ticket records nothing. */
export const closeTicketDecider = onTicket<CloseTicket>((_command, state) => {
  if (state.id === null || state.userId === null) throw notFound(TICKET_NOT_FOUND);
  return state.status === 'closed' ? [] : [{ type: 'SupportTicketClosed', data: { ticket_id: state.id, user_id: state.userId } }];
});
