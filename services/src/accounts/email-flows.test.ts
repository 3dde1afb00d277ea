import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_TOKEN_MISSING, VERIFICATION_TOKEN_MISSING } from '@linkledger/contracts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { linkIn, outbox } from '../testing/outbox.ts';
import { startTestApp, signUp, type TestApp } from '../testing/test-app.ts';
import { BAD_TOKEN } from './authenticate.ts';
import { RESET_REQUESTED, VERIFICATION_SENT } from './email-routes.ts';
import { RESET_EXPIRED, RESET_INVALID } from './email-link-deciders.ts';
import { INVALID_LOGIN } from './routes.ts';
import { EMAIL_ALREADY_VERIFIED, VERIFICATION_EXPIRED, VERIFICATION_INVALID } from './email-link-deciders.ts';
import { EMAIL_VERIFIED, PASSWORD_RESET } from './email-routes.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const HOUR = 60 * 60 * 1000;

describe('e-mail flows through the outbox', () => {
  let t: TestApp;
  let now = new Date('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com' }, { clock: () => now });
    await signUp(t.app, 'root@example.com', 'secret123');
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: form,
      payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    });
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers });
  const verify = (token?: string) => t.app.inject({ method: 'POST', url: '/api/verify-email', payload: token === undefined ? {} : { token } });
  const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/reset-password', payload });
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });

  it('registering mails the verification link at once, and following it verifies the address', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'Newcomer@Example.com', password: 'secret123' } });
    expect(registered.statusCode).toBe(201);
    const mails = outbox(t.dataDir).filter((m) => m.to === 'newcomer@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email address']);
    const link = linkIn(mails[0]!.text, 'verify-email');
    expect(link.origin).toBe('https://lnk.example.com');
    const verified = await verify(link.searchParams.get('token')!);
    expect(verified.json()).toEqual({ message: EMAIL_VERIFIED, already_verified: false });
    const session = await login('newcomer@example.com', 'secret123');
    expect((await me({ authorization: `Bearer ${session.json().access_token}` })).json().is_verified).toBe(true);
  });

  it('verifies an address: request, open the mailed link, then the account reads verified; a second click is still success', async () => {
    const ada = await signUp(t.app, 'ada@example.com', 'secret123');
    expect((await me(ada.headers)).json().is_verified).toBe(false);
    const before = outbox(t.dataDir).length;
    const requested = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: ada.headers });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: VERIFICATION_SENT });

    const [mail] = outbox(t.dataDir)
      .slice(before)
      .filter((m) => m.to === 'ada@example.com');
    expect(mail!.subject).toBe('Verify your email address');
    const link = linkIn(mail!.text, 'verify-email');
    expect(link.origin).toBe('https://lnk.example.com');
    expect(mail!.html).toContain(link.toString().replace(/&/g, '&#38;'));

    const verified = await verify(link.searchParams.get('token')!);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: EMAIL_VERIFIED, already_verified: false });
    expect((await me(ada.headers)).json().is_verified).toBe(true);

    const again = await verify(link.searchParams.get('token')!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: EMAIL_ALREADY_VERIFIED, already_verified: true });

    const more = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: ada.headers });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ detail: EMAIL_ALREADY_VERIFIED });

    const stored = JSON.stringify(await t.platform.events.readAll({ after: 0, limit: 10_000 }));
    expect(stored).not.toContain(link.searchParams.get('token')!);
  });

  it('answers a missing, unknown or expired verification token with the screen’s messages', async () => {
    for (const token of [undefined, '', '   ']) {
      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: VERIFICATION_TOKEN_MISSING });
    }
    const unknown = await verify('not-a-token-we-sent');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: VERIFICATION_INVALID });
    expect(VERIFICATION_INVALID).toContain('Invalid');

    const bob = await signUp(t.app, 'bob@example.com', 'secret123');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: bob.headers })).statusCode).toBe(200);
    const token = linkIn(outbox(t.dataDir).filter((m) => m.to === 'bob@example.com')[0]!.text, 'verify-email').searchParams.get('token')!;
    now = new Date(now.getTime() + 25 * HOUR);
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: VERIFICATION_EXPIRED });
    expect(expired.json().detail).toContain('expired');
    expect((await me(bob.headers)).json().is_verified).toBe(false);
  });

  it('resets a password with the mailed link: once, old password refused, new accepted, every old session signed out', async () => {
    const carol = await signUp(t.app, 'carol@example.com', 'old-secret');
    const requested = await forgot('Carol@Example.com');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: RESET_REQUESTED });
    const mail = await vi.waitFor(() => {
      const found = outbox(t.dataDir).find((m) => m.to === 'carol@example.com' && m.subject.startsWith('Reset'));
      if (!found) throw new Error('no reset mail yet');
      return found;
    });
    expect(mail.subject).toBe('Reset your Linkledger password');
    expect(mail.text).toContain('expire in 1 hour');
    const token = linkIn(mail.text, 'reset-password').searchParams.get('token')!;

    const short = await reset({ token, new_password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toContain('Password must be at least 6 characters long');
    const missing = await reset({ new_password: 'new-secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: RESET_TOKEN_MISSING });

    now = new Date(now.getTime() + 1000);
    const done = await reset({ token, new_password: 'new-secret' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET });

    expect((await login('carol@example.com', 'old-secret')).json()).toEqual({ detail: INVALID_LOGIN });
    const fresh = await login('carol@example.com', 'new-secret');
    expect(fresh.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${fresh.json().access_token}` })).json().is_verified).toBe(true);
    const old = await me(carol.headers);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: BAD_TOKEN });

    const reused = await reset({ token, new_password: 'third-secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: RESET_INVALID });
    expect((await login('carol@example.com', 'new-secret')).statusCode).toBe(200);

    const events = await t.platform.events.readStream(`user-${carol.user.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordChanged', 'EmailVerified']);
    expect(JSON.stringify(await t.platform.events.readAll({ after: 0, limit: 10_000 }))).not.toMatch(/new-secret|old-secret/);
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const before = outbox(t.dataDir).length;
    const response = await forgot('nobody@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_REQUESTED });
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'root@example.com' } });
    await vi.waitFor(() => expect(outbox(t.dataDir).length).toBe(before + 1));
    expect(outbox(t.dataDir).at(-1)!.to).toBe('root@example.com');
  });

  it('refuses a reset link after its hour, and one made stale by a later reset', async () => {
    await signUp(t.app, 'dan@example.com', 'secret123');
    await forgot('dan@example.com');
    await forgot('dan@example.com');
    const tokens = await vi.waitFor(() => {
      const mails = outbox(t.dataDir).filter((m) => m.to === 'dan@example.com' && m.subject.startsWith('Reset'));
      if (mails.length < 2) throw new Error('waiting for both mails');
      return mails.map((m) => linkIn(m.text, 'reset-password').searchParams.get('token')!);
    });
    now = new Date(now.getTime() + 1000);
    expect((await reset({ token: tokens[0], new_password: 'secret456' })).statusCode).toBe(200);
    const stale = await reset({ token: tokens[1], new_password: 'secret789' });
    expect(stale.json()).toEqual({ detail: RESET_INVALID });

    now = new Date(now.getTime() + 1000);
    await forgot('dan@example.com');
    const latest = await vi.waitFor(() => {
      const mails = outbox(t.dataDir).filter((m) => m.to === 'dan@example.com' && m.subject.startsWith('Reset'));
      if (mails.length < 3) throw new Error('waiting for the third mail');
      return linkIn(mails.at(-1)!.text, 'reset-password').searchParams.get('token')!;
    });
    now = new Date(now.getTime() + HOUR + 1000);
    const expired = await reset({ token: latest, new_password: 'secret000' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: RESET_EXPIRED });
    expect((await login('dan@example.com', 'secret456')).statusCode).toBe(200);
  });

  it('request-verification needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification' });
    expect(response.statusCode).toBe(401);
  });
});

describe('mailed links never follow the Host header', () => {
  const resetLinkFor = async (t: TestApp, email: string, host: string) => {
    const before = outbox(t.dataDir).length;
    const answer = await t.app.inject({ method: 'POST', url: '/api/forgot-password', headers: { host }, payload: { email } });
    if (answer.statusCode === 200) await vi.waitFor(() => expect(outbox(t.dataDir).length).toBe(before + 1));
    const mail = outbox(t.dataDir)
      .slice(before)
      .find((m) => m.to === email);
    return { answer, link: mail ? linkIn(mail.text, 'reset-password') : null };
  };

  it('with PUBLIC_URL, every link is on it whatever Host the request names', async () => {
    const t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com' });
    try {
      await signUp(t.app, 'ada@example.com', 'secret123');
      // Any name the app answers on (another Host gets only the 404 page: docs/web-app.md#hosts).
      const { answer, link } = await resetLinkFor(t, 'ada@example.com', '127.0.0.2:3000');
      expect(answer.statusCode).toBe(200);
      expect(link!.origin).toBe('https://lnk.example.com');
    } finally {
      await t.close();
    }
  });

  it('without it, a Host outside ALLOWED_ORIGINS and the listening address gets no mail: a 404 elsewhere, a 400 that says what to set on loopback', async () => {
    const t = await startTestApp({ ALLOWED_ORIGINS: 'https://go.example.com, http://intranet.example:8080' });
    try {
      const ada = await signUp(t.app, 'ada@example.com', 'secret123');
      // The registration's own verification mail (a loopback request) is the only one.
      expect(outbox(t.dataDir).map((m) => m.subject)).toEqual(['Verify your email address']);
      // Another Host gets no API at all (docs/web-app.md#hosts); a loopback name the server
      // was not started on gets the 400.
      for (const host of ['attacker.example', 'localhost@attacker.example', 'go.example.com.attacker.example', '127.0.0.1:3000', '[::1]:8080']) {
        const { answer, link } = await resetLinkFor(t, 'ada@example.com', host);
        expect(answer.statusCode).toBe(host.includes('attacker') ? 404 : 400);
        if (answer.statusCode === 400)
          expect(answer.json().detail).toMatch(/^This server does not answer to the address .*PUBLIC_URL \(or ALLOWED_ORIGINS\)\.$/);
        expect(link).toBeNull();
      }
      const verification = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: { ...ada.headers, host: '127.0.0.2' } });
      expect(verification.statusCode).toBe(400);
      expect(outbox(t.dataDir)).toHaveLength(1);

      expect((await resetLinkFor(t, 'ada@example.com', 'intranet.example:8080')).link!.origin).toBe('http://intranet.example:8080');
      // app.inject's requests, which reach no listening server, name localhost.
      expect((await resetLinkFor(t, 'ada@example.com', 'localhost:8080')).link!.origin).toBe('http://localhost:8080');
    } finally {
      await t.close();
    }
  });
});

describe('registration when mail cannot be sent', () => {
  it('the account is created all the same, and the verification mail can be asked for again', async () => {
    // Nothing listens on port 1: every message is refused at once.
    const t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'no-reply@example.com' });
    try {
      const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'unlucky@example.com', password: 'secret123' } });
      expect(registered.statusCode, registered.body).toBe(201);
      const session = await signUp(t.app, 'second@example.com', 'secret123');
      expect((await t.app.inject({ url: '/api/users/me', headers: session.headers })).json()).toMatchObject({
        email: 'second@example.com',
        is_verified: false,
      });
      const resend = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: session.headers });
      expect(resend.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});

describe('e-mail flows through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ user: 'linkledger', pass: 'mail-pass' });
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Linkledger <no-reply@example.com>' });
    await signUp(t.app, 'root@example.com', 'secret123');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset mail to the account’s address, and its link resets the password', async () => {
    await signUp(t.app, 'erin@example.com', 'secret123');
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'erin@example.com' } })).statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = smtp.received.find((m) => m.to.includes('erin@example.com') && /^Subject: Reset/m.test(m.body));
      if (!found) throw new Error('no mail yet');
      return found;
    });
    expect(mail.to).toEqual(['erin@example.com']);
    expect(mail.from).toBe('no-reply@example.com');
    expect(mail.body).toMatch(/^Subject: Reset your Linkledger password$/m);
    // No PUBLIC_URL: links point at the origin the request came to.
    const link = linkIn(mail.body, 'reset-password');
    expect(link.origin).toBe('http://localhost');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: link.searchParams.get('token'), new_password: 'via-smtp' },
    });
    expect(done.json()).toEqual({ message: PASSWORD_RESET });
    const token = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: 'username=erin%40example.com&password=via-smtp' });
    expect(token.statusCode).toBe(200);
  });
});
