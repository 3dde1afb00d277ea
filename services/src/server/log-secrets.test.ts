import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fault, faulty } from '../testing/faulty-store.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { eventually } from '../testing/eventually.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const VISITOR_IP = '203.0.113.79';
const PASSWORD = 'first-Secret-pass-1';
const NEW_PASSWORD = 'second-Secret-pass-2';
/** A person's own words and details: none may be written to a log (docs/privacy.md). */
const PERSONAL = {
  subject: 'Refund for Priya Raman order 4471',
  message: 'My card ending 5521 was charged twice.',
  reply: 'Here is my address: 12 Lake Road, Pune',
  name: 'Priya Raman-Iyer',
  phone: '+91 98765 43210',
  title: 'Priya wedding album',
  destination: 'https://photos.example/priya-raman-private',
  search: 'priya-search-term',
};

/**
 * A full run at the most talkative log level (register, sign in, verification and reset by
 * mail, API key, cutt.ly with the key in the query, redirects from a known address, a
 * failing store), then the whole log is searched for every secret it handled.
 */
describe('the log of a full run', () => {
  let t: TestApp;
  const lines: string[] = [];
  const secrets: Record<string, string> = {
    password: PASSWORD,
    'new password': NEW_PASSWORD,
    'visitor address': VISITOR_IP,
    'e-mail address': 'ada@example.com',
  };
  const readFault = new Fault('read');

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'trace', TRUST_PROXY: '1', REDIRECT_RATE_PER_IP: '0' },
      {
        logStream: { write: (line) => void lines.push(line) },
        log: { info: (message) => lines.push(message), error: (error, message) => lines.push(`${message} ${String(error)}`) },
        wrapStores: { read: (store) => faulty(store, readFault, ['commit', 'reset']) },
      },
    );
    await signUp(t.app, 'root@example.com', 'root-password-0');
    const ada = await signUp(t.app, 'ada@example.com', PASSWORD);
    secrets['access token'] = ada.token;

    await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: ada.headers });
    const verifyToken = linkIn(latestMail(t.dataDir, 'ada@example.com', '/verify-email')!.text, 'verify-email').searchParams.get('token')!;
    secrets['verification token'] = verifyToken;
    await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: verifyToken } });
    // Proving the address ends every earlier session (docs/accounts.md#taking-an-account-back): sign in again.
    const reverified = (
      await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: `username=ada%40example.com&password=${PASSWORD}` })
    ).json<{ access_token: string }>().access_token;
    secrets['second access token'] = reverified;
    const adaHeaders = { authorization: `Bearer ${reverified}` };

    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: adaHeaders })).json<{ api_key: string }>().api_key;
    secrets['API key'] = key;
    await t.app.inject({ url: `/api/shorten?key=${key}&short=${encodeURIComponent('https://example.com/a')}` });
    const link = (
      await t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': key }, payload: { original_url: 'https://example.com/b' } })
    ).json<{ short_code: string }>();
    await t.app.inject({ url: `/${link.short_code}`, headers: { 'x-forwarded-for': VISITOR_IP } });

    // Personal fields: a support ticket (its subject reaches a mail), a reply, a profile, a
    // link's title and destination, a search; each also sent while the store fails below.
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: adaHeaders,
      payload: { subject: PERSONAL.subject, message: PERSONAL.message },
    });
    expect(ticket.statusCode).toBe(201);
    const ticketId = ticket.json<{ ticket: { id: number } }>().ticket.id;
    await t.app.inject({ method: 'POST', url: `/api/support/tickets/${ticketId}/replies`, headers: adaHeaders, payload: { message: PERSONAL.reply } });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/settings/profile',
          headers: adaHeaders,
          payload: { username: 'ada_l', full_name: PERSONAL.name, phone: PERSONAL.phone },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/urls', headers: adaHeaders, payload: { original_url: PERSONAL.destination, title: PERSONAL.title } });
    await eventually(() => latestMail(t.dataDir, 'ada@example.com')?.subject.includes(PERSONAL.subject) === true, 5000, 'the ticket mail');

    await t.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: VISITOR_IP, payload: { email: 'ada@example.com' } });
    await eventually(() => latestMail(t.dataDir, 'ada@example.com')?.subject.includes('Reset') === true, 5000, 'the reset mail');
    const resetToken = linkIn(latestMail(t.dataDir, 'ada@example.com', '/reset-password')!.text, 'reset-password').searchParams.get('token')!;
    secrets['reset token'] = resetToken;
    await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: resetToken, new_password: NEW_PASSWORD } });
    await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: form,
      remoteAddress: VISITOR_IP,
      payload: `username=ada%40example.com&password=${NEW_PASSWORD}x`,
    });

    // The reset signed Ada out: signed in again with the new password, for the requests below.
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: `username=ada%40example.com&password=${NEW_PASSWORD}` });
    const again = { authorization: `Bearer ${signedIn.json<{ access_token: string }>().access_token}` };
    // A store failure: its request is answered 500 and logged with the error.
    readFault.down();
    await t.app.inject({ url: '/api/urls', headers: { authorization: `Bearer ${ada.token}`, 'x-api-key': key } });
    await t.app.inject({ url: `/api/shorten?key=${key}&short=${encodeURIComponent('https://example.com/c')}` });
    await t.app.inject({ url: `/api/urls?search=${encodeURIComponent(PERSONAL.search)}`, headers: again });
    await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: again, payload: { subject: PERSONAL.subject, message: PERSONAL.message } });
    readFault.up();
  });
  afterAll(async () => t.close());

  it('holds no ticket subject, message or reply, name, phone, link title, destination or search', () => {
    const log = lines.join('\n');
    for (const [name, value] of Object.entries(PERSONAL)) expect(log.includes(value), `the ${name} appears in the log`).toBe(false);
    expect(log).toContain('Mail (support_ticket) saved to');
  });

  it('holds no password, token, link token, API key or visitor address, at any level', () => {
    const log = lines.join('\n');
    // The run did log: the mails and the failed requests.
    expect(log).toContain('saved to');
    expect(log).toMatch(/Unhandled error|read store is down/);
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} appears in the log`).toBe(false);
    expect(log).not.toMatch(/reset-password\?token=|verify-email\?token=/);
  });
});
