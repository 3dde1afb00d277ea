import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  MESSAGE_REQUIRED,
  SUBJECT_REQUIRED,
  TICKET_CLOSED_FOR_ADMIN,
  TICKET_NOT_FOUND,
  closeTicketDecider,
  messageTooLong,
  openTicketDecider,
  replyToTicketDecider,
  subjectTooLong,
} from './ticket-deciders.ts';

const ADA = 7;
const BOB = 8;
const opened: DomainEvent = {
  type: 'SupportTicketOpened',
  data: { ticket_id: 3, user_id: ADA, subject: 'Clicks missing', priority: 'high', message: 'My link shows 0 clicks.' },
};
const closed: DomainEvent = { type: 'SupportTicketClosed', data: { ticket_id: 3, user_id: ADA } };

const refusal = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return { refusal: error.refusal, detail: error.detail };
    throw error;
  }
  throw new Error('the command was not refused');
};

describe('opening a ticket', () => {
  it('given nothing, when a user opens a ticket, then it is open with the subject and message trimmed (the subject on one line)', () => {
    const events = deciderSpec(openTicketDecider).given([]).when({
      ticketId: 3,
      userId: ADA,
      subject: '  Clicks\n  missing ',
      priority: 'urgent',
      message: '\n My link\r\nshows 0 clicks.  ',
    }).events;
    expect(events).toEqual([
      { type: 'SupportTicketOpened', data: { ticket_id: 3, user_id: ADA, subject: 'Clicks missing', priority: 'urgent', message: 'My link\nshows 0 clicks.' } },
    ]);
  });

  it('refuses a blank subject or message, and one too long, with what to do', () => {
    const open = (subject: string, message: string) => () =>
      deciderSpec(openTicketDecider).given([]).when({ ticketId: 3, userId: ADA, subject, priority: 'medium', message }).events;
    expect(refusal(open('   ', 'hello'))).toEqual({ refusal: 'invalid', detail: SUBJECT_REQUIRED });
    expect(refusal(open('Hi', ' \n\t '))).toEqual({ refusal: 'invalid', detail: MESSAGE_REQUIRED });
    expect(refusal(open('x'.repeat(201), 'hello'))).toEqual({ refusal: 'invalid', detail: subjectTooLong(201) });
    expect(refusal(open('Hi', 'y'.repeat(5001)))).toEqual({ refusal: 'invalid', detail: messageTooLong(5001) });
    expect(subjectTooLong(201)).toContain('200 characters or fewer');
    // The limits count what is kept: padding around a full-length text is not held against it.
    expect(
      deciderSpec(openTicketDecider)
        .given([])
        .when({ ticketId: 3, userId: ADA, subject: ` ${'x'.repeat(200)} `, priority: 'low', message: ` ${'y'.repeat(5000)}\n` }).events,
    ).toHaveLength(1);
  });

  it('given a ticket under the id, when another is opened with it, then it is refused', () => {
    expect(
      refusal(() => deciderSpec(openTicketDecider).given([opened]).when({ ticketId: 3, userId: BOB, subject: 'Hi', priority: 'low', message: 'Hello' }).events)
        .refusal,
    ).toBe('conflict');
  });
});

describe('replying', () => {
  it('given an open ticket, when its owner replies, then the reply is recorded under the owner', () => {
    expect(deciderSpec(replyToTicketDecider).given([opened]).when({ ticketId: 3, author: 'user', userId: ADA, message: ' Still 0. ' }).events).toEqual([
      { type: 'SupportTicketReplied', data: { ticket_id: 3, user_id: ADA, author: 'user', message: 'Still 0.' } },
    ]);
  });

  it('given someone else’s ticket or none, when a user replies, then it does not exist for them', () => {
    expect(
      refusal(() => deciderSpec(replyToTicketDecider).given([opened]).when({ ticketId: 3, author: 'user', userId: BOB, message: 'Me too' }).events),
    ).toEqual({
      refusal: 'not_found',
      detail: TICKET_NOT_FOUND,
    });
    expect(refusal(() => deciderSpec(replyToTicketDecider).given([]).when({ ticketId: 3, author: 'admin', message: 'Hello' }).events).refusal).toBe(
      'not_found',
    );
  });

  it('given an open ticket, when an admin replies, then the reply is the admin’s, kept under the ticket’s owner', () => {
    expect(deciderSpec(replyToTicketDecider).given([opened]).when({ ticketId: 3, author: 'admin', message: 'Bots are not counted.' }).events).toEqual([
      { type: 'SupportTicketReplied', data: { ticket_id: 3, user_id: ADA, author: 'admin', message: 'Bots are not counted.' } },
    ]);
  });

  it('given a closed ticket, when its owner replies, then it opens again with the reply; an admin may not answer it', () => {
    expect(
      deciderSpec(replyToTicketDecider).given([opened, closed]).when({ ticketId: 3, author: 'user', userId: ADA, message: 'One more thing' }).events,
    ).toEqual([
      { type: 'SupportTicketReopened', data: { ticket_id: 3, user_id: ADA } },
      { type: 'SupportTicketReplied', data: { ticket_id: 3, user_id: ADA, author: 'user', message: 'One more thing' } },
    ]);
    expect(refusal(() => deciderSpec(replyToTicketDecider).given([opened, closed]).when({ ticketId: 3, author: 'admin', message: 'Hi' }).events)).toEqual({
      refusal: 'conflict',
      detail: TICKET_CLOSED_FOR_ADMIN,
    });
  });

  it('refuses an empty reply', () => {
    expect(refusal(() => deciderSpec(replyToTicketDecider).given([opened]).when({ ticketId: 3, author: 'admin', message: '  ' }).events)).toEqual({
      refusal: 'invalid',
      detail: MESSAGE_REQUIRED,
    });
  });
});

describe('closing', () => {
  it('given an open ticket, when an admin closes it, then it is closed; closing again records nothing', () => {
    expect(deciderSpec(closeTicketDecider).given([opened]).when({ ticketId: 3 }).events).toEqual([closed]);
    expect(deciderSpec(closeTicketDecider).given([opened, closed]).when({ ticketId: 3 }).events).toEqual([]);
    const reopened: DomainEvent = { type: 'SupportTicketReopened', data: { ticket_id: 3, user_id: ADA } };
    expect(deciderSpec(closeTicketDecider).given([opened, closed, reopened]).when({ ticketId: 3 }).events).toEqual([closed]);
  });

  it('given no ticket, when it is closed, then it is not found', () => {
    expect(refusal(() => deciderSpec(closeTicketDecider).given([]).when({ ticketId: 9 }).events).refusal).toBe('not_found');
  });
});
