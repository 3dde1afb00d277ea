import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { eventually } from '../testing/eventually.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

const LOGIN = { user: 'mailer@example.com', pass: 'smtp-password-4321' };

describe('e-mail settings set by an admin, against a real SMTP server', () => {
  let t: TestApp;
  let admin: Session;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer(LOGIN);
    ({ t, admin } = await startWithSuperAdmin());
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const port = () => Number(new URL(smtp.url).port);

  it('starts on the outbox: a test message is saved there, and says so', async () => {
    expect((await asAdmin('GET', '/api/admin/email-config')).json()).toMatchObject({
      transport: 'outbox',
      smtp_port: 587,
      sendgrid_api_key: '',
      updated_at: null,
    });
    const sent = await asAdmin('POST', '/api/admin/test-email', { test_email: 'ops@example.com' });
    expect(sent.json()).toMatchObject({ message: 'Test email sent successfully', note: expect.stringContaining('outbox') });
    expect(latestMail(t.dataDir, 'ops@example.com')?.subject).toBe('Linkledger test e-mail');
  });

  it('switches to SMTP without a restart: the test message and the account mails arrive at the SMTP server with the configured login', async () => {
    const saved = await asAdmin('POST', '/api/admin/email-config', {
      smtp_server: '127.0.0.1',
      smtp_port: port(),
      smtp_username: LOGIN.user,
      smtp_password: LOGIN.pass,
      from_email: 'no-reply@links.example.com',
      frontend_url: 'https://links.example.com/ignored/path',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().config).toMatchObject({
      transport: 'smtp',
      smtp_server: '127.0.0.1',
      smtp_password: '••••••••4321',
      frontend_url: 'https://links.example.com',
    });
    expect(saved.body).not.toContain(LOGIN.pass);
    expect(JSON.stringify(await t.platform.events.readStream('email-settings'))).not.toContain(LOGIN.pass);

    const test = await asAdmin('POST', '/api/admin/test-email', { test_email: 'ops@example.com' });
    expect(test.json().note).toContain('SMTP (127.0.0.1:');
    expect(smtp.received.at(-1)).toMatchObject({ from: 'no-reply@links.example.com', to: ['ops@example.com'] });

    // Account mail goes the same way, with links on the frontend URL.
    const ada = await signUp(t.app, 'ada@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: ada.headers });
    await eventually(() => smtp.received.some((mail) => mail.to.includes('ada@example.com')), 5000, 'the verification mail');
    const body = smtp.received.find((mail) => mail.to.includes('ada@example.com'))!.body;
    expect(linkIn(body, 'verify-email').origin).toBe('https://links.example.com');

    const stats = (await asAdmin('GET', '/api/admin/email-stats')).json();
    // Verification mails: root's and ada's at registration, and the one ada asked for.
    expect(smtp.received.filter((mail) => mail.to.includes('ada@example.com'))).toHaveLength(2);
    expect(stats).toMatchObject({ transport: 'smtp', sent: 5, failed: 0, by_purpose: { test: 2, verify_email: 3 }, last_failure: null });
  });

  it('keeps the stored password when none is sent, reports a refusal, and counts it', async () => {
    const kept = await asAdmin('POST', '/api/admin/email-config', {
      smtp_server: '127.0.0.1',
      smtp_port: port(),
      smtp_username: 'someone-else',
      from_email: 'no-reply@links.example.com',
    });
    expect(kept.json().config.smtp_password).toBe('••••••••4321');
    const refused = await asAdmin('POST', '/api/admin/test-email', { test_email: 'ops@example.com' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toContain('The test e-mail could not be sent through SMTP');
    const stats = (await asAdmin('GET', '/api/admin/email-stats')).json();
    expect(stats.failed).toBe(1);
    expect(stats.last_failure.error).toContain('Invalid');
  });

  it('refuses settings a person must correct, saying how', async () => {
    const cases: [object, string][] = [
      [{ smtp_server: 'smtp.example.com' }, 'From e-mail is required with an SMTP server'],
      [{ sendgrid_api_key: 'SG.abc' }, 'SendGrid from e-mail is required with a SendGrid API key'],
      [{ smtp_port: 70000 }, 'SMTP port must be between 1 and 65535'],
      [{ from_email: 'not-an-address' }, 'From e-mail must be an e-mail address'],
      [{ frontend_url: 'javascript:alert(1)' }, 'Frontend URL must be an http(s) address such as https://links.example.com (got "javascript:alert(1)")'],
      [{ sendgrid_from_name: 'Evil\r\nBcc: x@example.com' }, 'SendGrid from name cannot contain line breaks, <, > or "'],
    ];
    for (const [payload, detail] of cases) {
      const answer = await asAdmin('POST', '/api/admin/email-config', payload);
      expect([answer.statusCode, answer.json().detail], JSON.stringify(payload)).toEqual([400, detail]);
    }
    const empty = await asAdmin('POST', '/api/admin/test-email', { test_email: '' });
    expect([empty.statusCode, empty.json().detail]).toEqual([400, 'Please enter a test email address']);
  });
});
