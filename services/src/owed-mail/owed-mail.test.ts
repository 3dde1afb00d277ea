import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWED_MAILS } from '@linkledger/projections';
import { deliveriesStream } from '../mail/configured-mailer.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { linkIn } from '../testing/outbox.ts';
import { signIn, startTestApp, type TestApp, post } from '../testing/test-app.ts';
import { MAIL_DELAYED } from '../accounts/email-flows.ts';
import { REPLY_NOT_MAILED } from '../support/admin-routes.ts';
import { ticketOpened } from '../support/routes.ts';
import { owedMailComposers } from '../server/owed-mail-composers.ts';
import { GIVE_UP_AFTER_MS } from './owed-mail-deciders.ts';
import { OwedMailSender } from './owed-mail-sender.ts';

const RETRY_MS = 60_000;

describe('mail a command owes is sent after the request could not, once', () => {
  const smtp = { server: null as Awaited<ReturnType<typeof startTestSmtpServer>> | null };
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:00Z');
  const lines: string[] = [];
  const log = { info: (message: string) => lines.push(message), error: (error: unknown, message: string) => lines.push(`${message}: ${String(error)}`) };
  const mailsTo = (address: string) => smtp.server!.received.filter((mail) => mail.to.includes(address));
  const register = (email: string) => t.app.inject({ method: 'POST', url: '/api/register', payload: { email, password: 'correct horse' } });
  /** How many messages the transport refused so far (each refusal is recorded for the admin's statistics). */
  const refusals = async () =>
    (await t.platform.events.readStream(deliveriesStream(now))).filter((event) => (event.data as { ok: boolean }).ok === false).length;
  /** The read model holds everything appended so far (the sender finds due mail there). */
  const settled = async () => expect(await t.platform.readModel.waitFor(await t.platform.events.headPosition(), 5_000)).toBe(true);
  const later = async (ms: number) => {
    await settled();
    now = new Date(now.getTime() + ms);
    await t.platform.owedMail.tick();
    await settled();
  };

  beforeAll(async () => {
    smtp.server = await startTestSmtpServer({ user: 'mailer', pass: 'secret' });
    t = await startTestApp(
      { SMTP_URL: smtp.server.url, MAIL_FROM: 'no-reply@lnk.example.com', PUBLIC_URL: 'https://lnk.example.com', MAIL_RETRY_SECONDS: String(RETRY_MS / 1000) },
      { clock: () => now, log },
    );
    expect((await register('root@example.com')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await smtp.server?.close();
  });

  it('a registration whose mail the transport refuses still answers 201; once it answers, the sender sends the mail once, and its link verifies the address', async () => {
    smtp.server!.refuse(true);
    expect((await register('late@example.com')).statusCode).toBe(201);
    expect(mailsTo('late@example.com')).toEqual([]);

    // The request's own attempt holds the mail for the retry time: the sender leaves it alone until then.
    smtp.server!.refuse(false);
    await later(RETRY_MS - 1);
    expect(mailsTo('late@example.com')).toEqual([]);
    await later(1);
    expect(mailsTo('late@example.com')).toHaveLength(1);
    await later(RETRY_MS);
    await later(10 * RETRY_MS);
    expect(mailsTo('late@example.com')).toHaveLength(1);
    expect(await t.platform.read.count(OWED_MAILS)).toBe(0);

    const token = linkIn(mailsTo('late@example.com')[0]!.body, 'verify-email').searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
    expect(verified.json()).toMatchObject({ already_verified: false });
  });

  it('asking again while the transport refuses answers 503 saying the mail goes out by itself, and it does, once, after each refused try', async () => {
    expect((await register('resend@example.com')).statusCode).toBe(201);
    const { headers } = await signIn(t.app, 'resend@example.com');
    smtp.server!.refuse(true);
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers });
    expect(asked.statusCode).toBe(503);
    expect(asked.json().detail).toBe(MAIL_DELAYED);
    // The sender's first try is refused too: it leases again and tries after the retry time.
    await later(RETRY_MS);
    expect(mailsTo('resend@example.com')).toHaveLength(1);
    smtp.server!.refuse(false);
    await later(RETRY_MS);
    expect(mailsTo('resend@example.com')).toHaveLength(2);
    await later(RETRY_MS);
    expect(mailsTo('resend@example.com')).toHaveLength(2);
  });

  it('a mail no longer needed is given up: the address was verified meanwhile by the first link', async () => {
    expect((await register('meanwhile@example.com')).statusCode).toBe(201);
    const first = linkIn(mailsTo('meanwhile@example.com')[0]!.body, 'verify-email').searchParams.get('token')!;
    const { headers } = await signIn(t.app, 'meanwhile@example.com');
    smtp.server!.refuse(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers })).statusCode).toBe(503);
    smtp.server!.refuse(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: first } })).statusCode).toBe(200);
    await later(RETRY_MS);
    expect(mailsTo('meanwhile@example.com')).toHaveLength(1);
    expect(await t.platform.read.count(OWED_MAILS)).toBe(0);
  });

  it('a reset link the transport refused for longer than the link would live is given up, never sent late', async () => {
    expect((await register('hour@example.com')).statusCode).toBe(201);
    const before = mailsTo('hour@example.com').length;
    smtp.server!.refuse(true);
    const refusedBefore = await refusals();
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'hour@example.com' } })).statusCode).toBe(200);
    // The reset mail is owed, and tried, after the answer (its timing must not tell which addresses have accounts).
    await expect.poll(refusals).toBe(refusedBefore + 1);
    await later(RETRY_MS);
    smtp.server!.refuse(false);
    await later(GIVE_UP_AFTER_MS.reset_password);
    expect(mailsTo('hour@example.com')).toHaveLength(before);
    expect(lines.some((line) => /was given up: it is past its use/.test(line))).toBe(true);
    expect(await t.platform.read.count(OWED_MAILS)).toBe(0);
  });

  it('two senders at once send a due mail once: each takes a lease first', async () => {
    smtp.server!.refuse(true);
    expect((await register('twice@example.com')).statusCode).toBe(201);
    smtp.server!.refuse(false);
    now = new Date(now.getTime() + RETRY_MS);
    const { events, read, readModel, mailer, clock } = t.platform;
    const other = new OwedMailSender({ events, read, readModel, mailer, clock, retryMs: RETRY_MS, composers: owedMailComposers }, log);
    await Promise.all([t.platform.owedMail.tick(), other.tick(), other.tick()]);
    expect(mailsTo('twice@example.com')).toHaveLength(1);
  });

  it('a support confirmation and an admin’s reply the transport refused follow once it answers, once each', async () => {
    expect((await register('ticket@example.com')).statusCode).toBe(201);
    const verifyToken = linkIn(mailsTo('ticket@example.com')[0]!.body, 'verify-email').searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: verifyToken } })).statusCode).toBe(200);
    await settled();
    const owner = await signIn(t.app, 'ticket@example.com');
    const root = await signIn(t.app, 'root@example.com');

    smtp.server!.refuse(true);
    const opened = await post(t.app, '/api/support/tickets', owner.headers, { subject: 'Links <b>broken</b>', message: 'Since Monday.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().ticket.id as number;
    expect(opened.json().message).toBe(ticketOpened(ticketId, 'failed'));
    const replied = await post(t.app, `/api/admin/support/tickets/${ticketId}/replies`, root.headers, { message: 'Fixed now.' });
    expect(replied.json().message).toBe(REPLY_NOT_MAILED);
    expect(mailsTo('ticket@example.com')).toHaveLength(1);

    smtp.server!.refuse(false);
    await later(RETRY_MS);
    await later(RETRY_MS);
    const support = mailsTo('ticket@example.com').slice(1);
    expect(support.map((mail) => /Subject: ([^\r\n]+)/.exec(mail.body)?.[1]).sort()).toEqual(
      [`Re: Links <b>broken</b> [support request #${ticketId}]`, `We received your support request #${ticketId}: Links <b>broken</b>`].sort(),
    );
    expect(support.find((mail) => mail.body.includes('Fixed now.'))).toBeDefined();
  });

  it('the super admin is told of another admin’s change of the mail settings after a refusal, through the environment’s transport, once', async () => {
    expect((await register('deputy@example.com')).statusCode).toBe(201);
    const deputy = await signIn(t.app, 'deputy@example.com');
    const root = await signIn(t.app, 'root@example.com');
    const userId = (await t.app.inject({ url: '/api/users/me', headers: deputy.headers })).json().id as number;
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/role`, headers: root.headers, payload: { role: 'admin' } })).statusCode).toBe(
      200,
    );
    const notices = () => mailsTo('root@example.com').filter((mail) => mail.body.includes('changed by deputy@example.com'));

    smtp.server!.refuse(true);
    const saved = await post(t.app, '/api/admin/email-config', deputy.headers, { frontend_url: 'https://app.lnk.example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(notices()).toHaveLength(0);
    smtp.server!.refuse(false);
    await later(RETRY_MS);
    await later(RETRY_MS);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.body).toContain('https://app.lnk.example.com');
  });

  it('no log line names an address', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/[\w.-]+@[\w-]+\.example/);
  });
});
