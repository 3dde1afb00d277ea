import type { DomainEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { eventsOf, loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import { SUPPORT_TICKETS, type SupportTicketView } from './support.ts';

const recorded = loggedEvents;

const ticket = (id: number, event: DomainEvent) => ({ stream: `ticket-${id}`, event });
const history = recorded([
  ticket(1, { type: 'SupportTicketOpened', data: { ticket_id: 1, user_id: 7, subject: 'Clicks missing', priority: 'urgent', message: 'Zero clicks.' } }),
  ticket(2, { type: 'SupportTicketOpened', data: { ticket_id: 2, user_id: 8, subject: 'Export', priority: 'low', message: 'CSV?' } }),
  ticket(1, { type: 'SupportTicketReplied', data: { ticket_id: 1, user_id: 7, author: 'admin', message: 'Bots are not counted.' } }),
  ticket(1, { type: 'SupportTicketClosed', data: { ticket_id: 1, user_id: 7 } }),
  ticket(1, { type: 'SupportTicketReopened', data: { ticket_id: 1, user_id: 7 } }),
  ticket(1, { type: 'SupportTicketReplied', data: { ticket_id: 1, user_id: 7, author: 'user', message: 'Thanks.' } }),
  ticket(3, { type: 'SupportTicketOpened', data: { ticket_id: 3, user_id: 7, subject: 'Another', priority: 'medium', message: 'Hi' } }),
]);

const project = projectReadModel;

describe('the support read model', () => {
  it('given a ticket’s history, holds its status, priority rank and messages in order, stamped with the events’ times', async () => {
    const store = await project([history]);
    expect(await store.get<SupportTicketView>(SUPPORT_TICKETS, 1)).toEqual({
      id: 1,
      user_id: 7,
      subject: 'Clicks missing',
      priority: 'urgent',
      priority_rank: 0,
      status: 'open',
      message: 'Zero clicks.',
      replies: [
        { author: 'admin', message: 'Bots are not counted.', created_at: '2026-11-23T10:03:00.000Z' },
        { author: 'user', message: 'Thanks.', created_at: '2026-11-23T10:06:00.000Z' },
      ],
      created_at: '2026-11-23T10:01:00.000Z',
      updated_at: '2026-11-23T10:06:00.000Z',
    });
    expect((await store.get<SupportTicketView>(SUPPORT_TICKETS, 2))?.priority_rank).toBe(3);
  });

  it('builds the same documents event by event as in one batch', async () => {
    const oneBatch = await project([history]);
    const oneByOne = await project(history.map((event) => [event]));
    for (const id of [1, 2, 3]) expect(await oneByOne.get(SUPPORT_TICKETS, id)).toEqual(await oneBatch.get(SUPPORT_TICKETS, id));
  });

  it('when an account is deleted, removes that user’s tickets and keeps the others', async () => {
    const deleted = recorded([...eventsOf(history), { stream: 'user-7', event: { type: 'AccountDeleted', data: { user_id: 7 } } }]);
    const store = await project([deleted.slice(0, 4), deleted.slice(4)]);
    expect(await store.get(SUPPORT_TICKETS, 1)).toBeNull();
    expect(await store.get(SUPPORT_TICKETS, 3)).toBeNull();
    expect((await store.get<SupportTicketView>(SUPPORT_TICKETS, 2))?.user_id).toBe(8);
  });
});
