import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TICKETS } from '@linkledger/projections';
import { latestMail, outbox } from '../testing/outbox.ts';
import { signUp, signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { REPLY_NOT_MAILED, TICKET_CLOSED, replyMailed } from './admin-routes.ts';
import { REPLY_SENT, ticketOpened } from './routes.ts';
import { MESSAGE_REQUIRED, SUBJECT_REQUIRED, TICKET_CLOSED_FOR_ADMIN, TICKET_NOT_FOUND, messageTooLong, subjectTooLong } from './ticket-deciders.ts';

const HOSTILE_SUBJECT = '<script>alert("subject")</script> Clicks & bots';
const HOSTILE_MESSAGE = 'My link shows 0 clicks.\n<img src=x onerror="alert(1)">';
const HOSTILE_REPLY = 'Bots are not counted: <b onmouseover="alert(2)">see docs</b>';

/** A local port nothing listens on: an SMTP server there refuses every message. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('support tickets: a user writes, an admin answers by e-mail and closes', () => {
  let t: TestApp;
  let root: Session;
  let ada: Session;
  let bob: Session;
  let ticketId: number;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com' });
    root = await signUp(t.app, 'root@example.com');
    ada = await signUpVerified(t, 'ada@example.com');
    bob = await signUpVerified(t, 'bob@example.com');
  });
  afterAll(async () => t.close());

  const call = (who: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const inbox = async (query = '') => {
    const answer = await call(root, 'GET', `/api/admin/support/tickets${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{
      tickets: { id: number; user_email: string | null; priority: string; status: string; subject: string; replies: { author: string; message: string }[] }[];
    }>().tickets;
  };

  it('opens a ticket (priority medium by default) and mails the user a confirmation with their words, escaped in the HTML', async () => {
    const opened = await call(ada, 'POST', '/api/support/tickets', { subject: `  ${HOSTILE_SUBJECT} `, message: HOSTILE_MESSAGE });
    expect(opened.statusCode, opened.body).toBe(201);
    const body = opened.json();
    ticketId = body.ticket.id;
    expect(body.message).toBe(ticketOpened(ticketId, 'mailed'));
    expect(body.ticket).toMatchObject({ subject: HOSTILE_SUBJECT, priority: 'medium', status: 'open', message: HOSTILE_MESSAGE, replies: [] });

    const mail = latestMail(t.dataDir, 'ada@example.com')!;
    expect(mail.subject).toBe(`We received your support request #${ticketId}: ${HOSTILE_SUBJECT}`);
    expect(mail.text).toContain(HOSTILE_SUBJECT);
    expect(mail.text).toContain('<img src=x onerror="alert(1)">');
    expect(mail.text).toContain('https://lnk.example.com/support?tab=contact');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;subject&#34;)&#60;/script&#62; Clicks &#38; bots');
    expect(mail.html).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
    expect(mail.html).not.toMatch(/<script|<img/);
  });

  it('shows the ticket in the admin inbox with the requester’s address, most pressing first; the address is not copied into the ticket', async () => {
    const urgent = await call(bob, 'POST', '/api/support/tickets', { subject: 'Cannot pay', priority: 'urgent', message: 'The checkout fails.' });
    expect(urgent.statusCode).toBe(201);
    const low = await call(bob, 'POST', '/api/support/tickets', { subject: 'A question', priority: 'low', message: 'Can I export my links?' });
    const all = await inbox();
    expect(all.map((ticket) => [ticket.priority, ticket.user_email])).toEqual([
      ['urgent', 'bob@example.com'],
      ['medium', 'ada@example.com'],
      ['low', 'bob@example.com'],
    ]);
    expect(all[1]).toMatchObject({ id: ticketId, subject: HOSTILE_SUBJECT, status: 'open' });
    expect((await inbox('?priority=urgent')).map((ticket) => ticket.id)).toEqual([urgent.json().ticket.id]);
    expect(await inbox('?status=closed')).toEqual([]);
    const stored = await t.platform.read.find(SUPPORT_TICKETS);
    expect(JSON.stringify(stored)).not.toContain('@example.com');
    // The other user's tickets are not Ada's.
    expect((await call(ada, 'GET', '/api/support/tickets')).json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([ticketId]);
    expect((await call(bob, 'GET', '/api/support/tickets')).json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([
      low.json().ticket.id,
      urgent.json().ticket.id,
    ]);
  });

  it('mails nothing to an address not verified yet (anyone can register someone else’s), and says how to get mail', async () => {
    const eve = await signUp(t.app, 'eve@example.com');
    const before = outbox(t.dataDir).filter((mail) => mail.to === 'eve@example.com').length;
    const opened = await call(eve, 'POST', '/api/support/tickets', { subject: 'Buy cheap pills', message: 'http://spam.example' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().message).toBe(ticketOpened(opened.json().ticket.id, 'unverified'));
    expect(outbox(t.dataDir).filter((mail) => mail.to === 'eve@example.com')).toHaveLength(before);
  });

  it('an admin’s reply is mailed to the user (escaped in the HTML) and shown to them with the ticket', async () => {
    const before = outbox(t.dataDir).length;
    const replied = await call(root, 'POST', `/api/admin/support/tickets/${ticketId}/replies`, { message: ` ${HOSTILE_REPLY} ` });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().message).toBe(replyMailed('ada@example.com'));
    expect(replied.json().ticket).toMatchObject({ user_email: 'ada@example.com', replies: [{ author: 'admin', message: HOSTILE_REPLY }] });
    expect(outbox(t.dataDir)).toHaveLength(before + 1);

    const mail = latestMail(t.dataDir, 'ada@example.com')!;
    expect(mail.subject).toBe(`Re: ${HOSTILE_SUBJECT} [support request #${ticketId}]`);
    expect(mail.text).toContain(HOSTILE_REPLY);
    expect(mail.html).toContain('&#60;b onmouseover=&#34;alert(2)&#34;&#62;see docs&#60;/b&#62;');
    expect(mail.html).not.toMatch(/<b |<script/);

    const mine = (await call(ada, 'GET', `/api/support/tickets/${ticketId}`)).json();
    expect(mine).toMatchObject({ id: ticketId, status: 'open', replies: [{ author: 'admin', message: HOSTILE_REPLY }] });
    expect(mine).not.toHaveProperty('user_email');
    const stats = (await call(root, 'GET', '/api/admin/email-stats')).json();
    expect(stats.by_purpose).toMatchObject({ support_ticket: 3, support_reply: 1 });
  });

  it('nobody but the owner (and admins) sees or answers a ticket: others are told it does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/support/tickets/${ticketId}`, undefined],
      ['POST', `/api/support/tickets/${ticketId}/replies`, { message: 'Me too' }],
      ['GET', '/api/support/tickets/9999', undefined],
    ] as const) {
      const answer = await call(bob, method, url, payload);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ detail: TICKET_NOT_FOUND });
    }
    expect((await call(root, 'GET', `/api/support/tickets/${ticketId}`)).statusCode).toBe(200);
    // An admin answers from the inbox, as the support team, not as the ticket's owner.
    expect((await call(root, 'POST', `/api/support/tickets/${ticketId}/replies`, { message: 'Hi' })).statusCode).toBe(404);
    expect((await call(ada, 'GET', '/api/admin/support/tickets')).statusCode).toBe(403);
    expect((await call(root, 'POST', '/api/admin/support/tickets/9999/close')).statusCode).toBe(404);
  });

  it('closes a ticket; the team cannot answer it then, and the owner’s reply opens it again', async () => {
    const closed = await call(root, 'POST', `/api/admin/support/tickets/${ticketId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: TICKET_CLOSED, ticket: { id: ticketId, status: 'closed' } });
    expect((await inbox('?status=closed')).map((ticket) => ticket.id)).toEqual([ticketId]);
    expect((await call(ada, 'GET', '/api/support/tickets')).json().tickets[0].status).toBe('closed');
    const again = await call(root, 'POST', `/api/admin/support/tickets/${ticketId}/close`);
    expect(again.statusCode).toBe(200);

    const late = await call(root, 'POST', `/api/admin/support/tickets/${ticketId}/replies`, { message: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: TICKET_CLOSED_FOR_ADMIN });

    const reopened = await call(ada, 'POST', `/api/support/tickets/${ticketId}/replies`, { message: 'It happens again today.' });
    expect(reopened.statusCode, reopened.body).toBe(201);
    expect(reopened.json()).toMatchObject({
      message: REPLY_SENT,
      ticket: { status: 'open', replies: [{ author: 'admin' }, { author: 'user', message: 'It happens again today.' }] },
    });
  });

  it('refuses a form it cannot act on, saying what to fix, and records nothing', async () => {
    const before = (await t.platform.events.readAll({ after: 0, limit: 100_000 })).length;
    const cases: [object, string][] = [
      [{ subject: '   ', message: 'Hello' }, SUBJECT_REQUIRED],
      [{ message: 'Hello' }, SUBJECT_REQUIRED],
      [{ subject: 'Hello' }, MESSAGE_REQUIRED],
      [{ subject: 'Hello', message: '\n \n' }, MESSAGE_REQUIRED],
      [{ subject: 'x'.repeat(201), message: 'Hello' }, subjectTooLong(201)],
      [{ subject: 'Hello', message: 'y'.repeat(5001) }, messageTooLong(5001)],
      [{ subject: 'Hello', message: 'Hello', priority: 'critical' }, 'Priority must be one of: low, medium, high, urgent'],
    ];
    for (const [payload, detail] of cases) {
      const answer = await call(ada, 'POST', '/api/support/tickets', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().detail).toBe(detail);
    }
    const empty = await call(ada, 'POST', `/api/support/tickets/${ticketId}/replies`, { message: ' ' });
    expect(empty.json()).toEqual({ detail: MESSAGE_REQUIRED });
    const badFilter = await call(root, 'GET', '/api/admin/support/tickets?status=pending');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().detail).toContain('Status must be one of: open, closed');
    expect((await t.platform.events.readAll({ after: 0, limit: 100_000 })).length).toBe(before);
  });

  it('keeps the ticket when the mail cannot be sent, and says so', async () => {
    const saved = await call(root, 'POST', '/api/admin/email-config', {
      smtp_server: '127.0.0.1',
      smtp_port: await closedPort(),
      from_email: 'no-reply@lnk.example.com',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const opened = await call(ada, 'POST', '/api/support/tickets', { subject: 'Mail down?', priority: 'high', message: 'Testing.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().ticket.id;
    expect(opened.json().message).toBe(ticketOpened(id, 'failed'));
    const replied = await call(root, 'POST', `/api/admin/support/tickets/${id}/replies`, { message: 'We see it.' });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().message).toBe(REPLY_NOT_MAILED);
    expect((await call(ada, 'GET', `/api/support/tickets/${id}`)).json().replies).toEqual([
      expect.objectContaining({ author: 'admin', message: 'We see it.' }),
    ]);
  });

  it('removes a deleted account’s tickets from the read model', async () => {
    const metadata = { actor: { kind: 'user' as const, id: String(ada.user.id) }, correlation_id: 'c', causation_id: 'c', at: new Date().toISOString() };
    const { position } = await t.platform.events.append([
      {
        stream: `user-${ada.user.id}`,
        expected: 'any',
        events: [{ id: randomUUID(), type: 'AccountDeleted', version: 1, data: { user_id: ada.user.id }, metadata }],
      },
    ]);
    await t.platform.readModel.waitFor(position, 5000);
    const left = await inbox();
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((ticket) => ticket.user_email === 'bob@example.com')).toBe(true);
    expect(left.some((ticket) => ticket.user_email === 'ada@example.com')).toBe(false);
    expect((await call(root, 'GET', `/api/support/tickets/${ticketId}`)).statusCode).toBe(404);
  });
});
