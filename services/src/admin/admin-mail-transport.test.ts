import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { eventually } from '../testing/eventually.ts';
import { latestMail, linkIn, outbox } from '../testing/outbox.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

const LOGIN = { user: 'mallory', pass: 'mallory-smtp-pass-5150' };
const FRONTEND = 'https://links.mallory.example';

/**
 * An admin points the mail settings at an SMTP server they run (docs/admin.md#e-mail). The
 * environment sets no transport here, so its transport is the outbox folder.
 */
describe('mail for admins’ accounts goes only through the environment’s transport', () => {
  let t: TestApp;
  let root: Session;
  let mallory: Session;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer(LOGIN);
    ({ t, admin: root } = await startWithSuperAdmin());
    mallory = await signUp(t.app, 'mallory@example.com');
    const granted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${mallory.user.id}/role`, headers: root.headers, payload: { role: 'admin' } });
    expect(granted.statusCode, granted.body).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email-config',
      headers: mallory.headers,
      payload: {
        smtp_server: '127.0.0.1',
        smtp_port: Number(new URL(smtp.url).port),
        smtp_username: LOGIN.user,
        smtp_password: LOGIN.pass,
        from_email: 'no-reply@mallory.example',
        frontend_url: FRONTEND,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const toSmtp = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });

  it('a reset asked for the super admin never reaches the admin’s SMTP server: it goes to the outbox, its link on the installation’s origin', async () => {
    expect((await forgot('root@example.com')).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, 'root@example.com', '/reset-password') !== undefined, 5000, 'the reset mail in the outbox');
    const mail = latestMail(t.dataDir, 'root@example.com', '/reset-password')!;
    expect(linkIn(mail.text, 'reset-password').origin).toBe('http://localhost');
    expect(mail.html).not.toContain(FRONTEND);
    expect(toSmtp('root@example.com')).toEqual([]);
  });

  it('so does an admin’s own reset and verification mail', async () => {
    expect((await forgot('mallory@example.com')).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, 'mallory@example.com', '/reset-password') !== undefined, 5000, 'the admin’s reset mail in the outbox');
    const verification = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: mallory.headers });
    expect(verification.statusCode, verification.body).toBe(200);
    expect(linkIn(latestMail(t.dataDir, 'mallory@example.com', '/verify-email')!.text, 'verify-email').origin).toBe('http://localhost');
    expect(toSmtp('mallory@example.com')).toEqual([]);
  });

  it('an ordinary user’s reset still follows the admin’s settings', async () => {
    await signUp(t.app, 'ada@example.com');
    expect((await forgot('ada@example.com')).statusCode).toBe(200);
    await eventually(() => toSmtp('ada@example.com').some((mail) => mail.body.includes('/reset-password')), 5000, 'the reset mail at the SMTP server');
    const received = toSmtp('ada@example.com').find((mail) => mail.body.includes('/reset-password'))!;
    expect(linkIn(received.body, 'reset-password').origin).toBe(FRONTEND);
    expect(outbox(t.dataDir).filter((mail) => mail.to === 'ada@example.com' && mail.text.includes('/reset-password'))).toEqual([]);
  });

  it('the super admin is told of the mail change, through the environment’s transport, never the password', async () => {
    const notice = latestMail(t.dataDir, 'root@example.com', 'the e-mail settings')!;
    expect(notice.subject).toBe('Linkledger: the e-mail settings changed by mallory@example.com');
    expect(notice.text).toContain('SMTP server: (none) → 127.0.0.1');
    expect(notice.text).toContain(`Frontend URL: (none) → ${FRONTEND}`);
    expect(notice.text).toContain('SMTP password: set');
    expect(JSON.stringify(notice)).not.toContain(LOGIN.pass);
    expect(toSmtp('root@example.com')).toEqual([]);
    const [change] = await t.platform.events.readStream('email-settings');
    expect(change!.metadata.actor).toEqual({ kind: 'user', id: String(mallory.user.id) });
    const stats = (await t.app.inject({ url: '/api/admin/email-stats', headers: root.headers })).json();
    expect(stats.by_purpose.security_notice).toBe(1);
  });
});
