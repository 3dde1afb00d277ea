import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { signUpVerified, signUp, startTestApp, type Session, type TestApp, requestToken } from '../testing/test-app.ts';
import { runOAuthCli } from '../server/oauth-cli.ts';
import { PASSWORD_RESET } from '../accounts/email-routes.ts';
import { WRONG_CURRENT_PASSWORD } from '../settings/password-change.ts';
import { CODE_ALREADY_USED, VERIFY_EMAIL_FIRST, WRONG_CODE } from './second-factor-deciders.ts';
import { RESET_NEEDS_CODE } from './password-reset.ts';
import { SECOND_FACTOR_OFF } from './routes.ts';
import { SIGN_IN_EXPIRED } from './challenge-deciders.ts';
import { totpCode } from './totp.ts';

const REDIRECT = 'http://localhost/auth/callback';

/**
 * The second factor through the real app on real embedded stores, with the clock moved by
 * hand: set-up in the settings, the code step of a password and a social sign-in, a reset by
 * link, recovery codes, replays, the guess throttle, turning it off; and the secret kept
 * out of every answer after the first, of the log and of the app's log lines.
 */
describe('second factor', () => {
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:05Z');
  const logLines: string[] = [];
  const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'debug', REGISTRATIONS_PER_IP: '0', OAUTH_EXTRA_PROVIDER_HOSTS: 'localhost' },
      { clock: () => now, logStream: { write: (line) => void logLines.push(line) } },
    );
    await signUp(t.app, 'root@example.com', 'secret123');
  });
  afterAll(async () => t.close());

  const login = (email: string, password = 'secret123', ip = '127.0.0.1') => requestToken(t.app, email, password, { ip });
  const answer = (challenge: string, code: string, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/token/second-factor', remoteAddress: ip, payload: { challenge, code } });
  const post = (session: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: session.headers, payload });

  /** Registers, proves the address and turns the second factor on; answers the secret and the recovery codes. */
  async function enrolled(email: string) {
    const session = await signUpVerified(t, email, 'secret123');
    const started = await post(session, '/api/settings/second-factor/start', { current_password: 'secret123' });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await post(session, '/api/settings/second-factor/confirm', { code: totpCode(secret, now) });
    expect(confirmed.statusCode).toBe(200);
    later(30); // the confirming code is spent: sign-ins use the next one
    return { session, secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  it('sets up: the secret comes once as text, otpauth URI and QR; confirmed by a current code, with 10 recovery codes; stored sealed and hashed', async () => {
    const session = await signUpVerified(t, 'ada@example.com', 'secret123');
    const status = () => t.app.inject({ url: '/api/settings/second-factor', headers: session.headers }).then((r) => r.json());
    expect(await status()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, email_verified: true });

    const wrongPassword = await post(session, '/api/settings/second-factor/start', { current_password: 'nope' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toEqual({ detail: WRONG_CURRENT_PASSWORD });
    const unknownField = await post(session, '/api/settings/second-factor/start', { current_password: 'secret123', secret: 'MINE' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().detail).toContain('secret');

    const started = await post(session, '/api/settings/second-factor/start', { current_password: 'secret123' });
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_code } = started.json<{ secret: string; otpauth_uri: string; qr_code: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(`otpauth://totp/Linkledger:ada%40example.com?issuer=Linkledger&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed: sign-in still gives a token.
    expect((await login('ada@example.com')).json()).toMatchObject({ token_type: 'bearer' });

    const wrong = await post(session, '/api/settings/second-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post(session, '/api/settings/second-factor/confirm', { code: totpCode(secret, now) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status()).toEqual({ enabled: true, enabled_at: now.toISOString(), recovery_codes_left: 10, email_verified: true });

    // The secret and the codes are nowhere in the log, nor in any later answer.
    const log = JSON.stringify(await t.platform.events.readStream(`second-factor-${session.user.id}`));
    expect(log).not.toContain(secret);
    for (const code of codes) expect(log).not.toContain(code);
    expect(JSON.stringify(await status())).not.toContain(secret);
    const again = await post(session, '/api/settings/second-factor/start', { current_password: 'secret123' });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
  });

  it('refuses set-up until the address is verified', async () => {
    const session = await signUp(t.app, 'unproven@example.com', 'secret123');
    const started = await post(session, '/api/settings/second-factor/start', { current_password: 'secret123' });
    expect(started.statusCode).toBe(403);
    expect(started.json()).toEqual({ detail: VERIFY_EMAIL_FIRST });
  });

  it('signs in in two steps: the password gives a challenge, not a token; the challenge and a code give the token', async () => {
    const { secret } = await enrolled('bea@example.com');
    const first = await login('bea@example.com');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ second_factor_required: true, challenge: expect.stringMatching(/^[\w-]{43}$/), expires_in: 300 });
    expect(body).not.toHaveProperty('access_token');
    // The wrong password is still just a wrong password.
    expect((await login('bea@example.com', 'wrong')).statusCode).toBe(401);

    const wrong = await answer(body.challenge, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: WRONG_CODE });
    const signedIn = await answer(body.challenge, totpCode(secret, now));
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().access_token as string;
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email: 'bea@example.com' });

    // The challenge works once; the log never holds it.
    const reused = await answer(body.challenge, totpCode(secret, later(30)));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ detail: SIGN_IN_EXPIRED });
    expect(JSON.stringify(await t.platform.events.readAll({ after: 0, limit: 100_000 }))).not.toContain(body.challenge);
  });

  it('refuses a replayed code, even on a new challenge, and a challenge older than 5 minutes', async () => {
    const { secret } = await enrolled('cy@example.com');
    const code = totpCode(secret, now);
    expect((await answer((await login('cy@example.com')).json().challenge, code)).statusCode).toBe(200);
    const replay = await answer((await login('cy@example.com')).json().challenge, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: CODE_ALREADY_USED });

    const slow = (await login('cy@example.com')).json().challenge as string;
    later(301);
    const expired = await answer(slow, totpCode(secret, now));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: SIGN_IN_EXPIRED });
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await enrolled('dee@example.com');
    const code = recoveryCodes[3]!;
    expect((await answer((await login('dee@example.com')).json().challenge, code.toUpperCase())).statusCode).toBe(200);
    const again = await answer((await login('dee@example.com')).json().challenge, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: WRONG_CODE });
    const { session } = { session: await signInWithRecovery('dee@example.com', recoveryCodes[4]!) };
    const status = await t.app.inject({ url: '/api/settings/second-factor', headers: session.headers });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  async function signInWithRecovery(email: string, code: string) {
    const signedIn = await answer((await login(email)).json().challenge, code);
    expect(signedIn.statusCode).toBe(200);
    return { headers: { authorization: `Bearer ${signedIn.json().access_token as string}` } };
  }

  it('after 5 wrong codes from one address waits with Retry-After, even for the right code; another address still gets in', async () => {
    const { secret } = await enrolled('eve@example.com');
    const challenge = (await login('eve@example.com', 'secret123', '10.1.0.1')).json().challenge as string;
    for (let i = 0; i < 5; i++) expect((await answer(challenge, String(100000 + i), '10.1.0.1')).statusCode).toBe(400);
    const throttled = await answer(challenge, totpCode(secret, now), '10.1.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
    expect(throttled.json().detail).toMatch(/^Too many wrong codes\. Please try again in 15 minutes\.$/);
    expect((await answer(challenge, totpCode(secret, now), '10.1.0.2')).statusCode).toBe(200);
  });

  it('asks a reset link of an enrolled account for a code: without one nothing changes; with one the password is set', async () => {
    const { secret } = await enrolled('fay@example.com');
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'fay@example.com' } });
    await expect.poll(() => latestMail(t.dataDir, 'fay@example.com', '/reset-password')).toBeTruthy();
    const token = linkIn(latestMail(t.dataDir, 'fay@example.com', '/reset-password')!.text, 'reset-password').searchParams.get('token')!;
    const needs = await t.app.inject({ method: 'POST', url: '/api/reset-password/second-factor', payload: { token } });
    expect(needs.json()).toEqual({ second_factor_required: true });
    const dead = await t.app.inject({ method: 'POST', url: '/api/reset-password/second-factor', payload: { token: 'not-a-token' } });
    expect(dead.json()).toEqual({ second_factor_required: false });

    const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: 'brand-new', ...payload } });
    const without = await reset({});
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ detail: RESET_NEEDS_CODE });
    expect((await reset({ second_factor_code: '000000' })).json()).toEqual({ detail: WRONG_CODE });
    expect((await login('fay@example.com', 'brand-new')).statusCode).toBe(401);

    const done = await reset({ second_factor_code: totpCode(secret, now) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET });
    // The new password still leads to the code step.
    expect((await login('fay@example.com', 'brand-new')).json()).toMatchObject({ second_factor_required: true });
  });

  it('resets an account without a second factor as before', async () => {
    await signUpVerified(t, 'gus@example.com', 'secret123');
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'gus@example.com' } });
    await expect.poll(() => latestMail(t.dataDir, 'gus@example.com', '/reset-password')).toBeTruthy();
    const token = linkIn(latestMail(t.dataDir, 'gus@example.com', '/reset-password')!.text, 'reset-password').searchParams.get('token')!;
    const done = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: 'brand-new' } });
    expect(done.statusCode).toBe(200);
    expect((await login('gus@example.com', 'brand-new')).json()).toMatchObject({ token_type: 'bearer' });
  });

  it('regenerates recovery codes with a code; the old ones stop working', async () => {
    const { session, secret, recoveryCodes } = await enrolled('hal@example.com');
    const fresh = await post(session, '/api/settings/second-factor/recovery-codes', { code: totpCode(secret, now) });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await answer((await login('hal@example.com')).json().challenge, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await answer((await login('hal@example.com')).json().challenge, codes[0]!)).statusCode).toBe(200);
  });

  it('turns off with the password and a code; then sign-in gives a token at once', async () => {
    const { session, secret } = await enrolled('ivy@example.com');
    const wrongPassword = await post(session, '/api/settings/second-factor/disable', { current_password: 'nope', code: totpCode(secret, now) });
    expect(wrongPassword.statusCode).toBe(403);
    const wrongCode = await post(session, '/api/settings/second-factor/disable', { current_password: 'secret123', code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect((await login('ivy@example.com')).json()).toMatchObject({ second_factor_required: true });

    const off = await post(session, '/api/settings/second-factor/disable', { current_password: 'secret123', code: totpCode(secret, now) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: SECOND_FACTOR_OFF });
    expect((await login('ivy@example.com')).json()).toMatchObject({ token_type: 'bearer' });
  });

  it('asks for the code after a social sign-in of an enrolled account too', async () => {
    const provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    try {
      const base = provider.issuer.url!;
      await runOAuthCli(
        [
          'configure',
          'google',
          '--client-id',
          'web',
          '--client-secret',
          'google-secret',
          '--auth-url',
          `${base}/authorize`,
          '--token-url',
          `${base}/token`,
          '--userinfo-url',
          `${base}/userinfo`,
        ],
        { DATA_DIR: t.dataDir, EVENTS_SYNC: 'NORMAL', OAUTH_EXTRA_PROVIDER_HOSTS: 'localhost' },
        () => undefined,
      );
      const { secret } = await enrolled('jo@example.com');
      const started = (await t.app.inject({ url: `/api/auth/google/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).json<{
        authorization_url: string;
        state: string;
      }>();
      const back = new URL((await fetch(started.authorization_url, { redirect: 'manual' })).headers.get('location')!);
      provider.service.once('beforeUserinfo', (response) => {
        response.body = { sub: 'sub-jo', email: 'jo@example.com', email_verified: true };
      });
      const social = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google/callback',
        payload: { code: back.searchParams.get('code'), redirect_uri: REDIRECT, state: started.state },
      });
      expect(social.statusCode).toBe(200);
      expect(social.json()).toEqual({ second_factor_required: true, challenge: expect.any(String), expires_in: 300 });
      const issued = await t.platform.events.readAll({ after: 0, limit: 100_000, filter: { types: ['SecondFactorChallengeIssued'] } });
      expect(issued.at(-1)!.data).toMatchObject({ via: 'google' });
      expect((await answer(social.json().challenge, totpCode(secret, now))).statusCode).toBe(200);
    } finally {
      await provider.stop();
    }
  });

  it('keeps secrets, codes and challenges out of the log lines', () => {
    const lines = logLines.join('\n');
    expect(lines).not.toMatch(/[A-Z2-7]{32}/);
    expect(lines).not.toMatch(/\b[a-z2-9]{5}-[a-z2-9]{5}\b/);
    expect(lines).not.toContain('second_factor_required');
  });
});
