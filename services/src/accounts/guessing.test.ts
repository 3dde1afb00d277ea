import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { startTestApp, signUp, type TestApp } from '../testing/test-app.ts';
import { commonPasswordRefused } from './common-passwords.ts';
import { INVALID_LOGIN } from './routes.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Issue #27: password guessing spread over many addresses, IPv6 addresses stepped through
 * inside one /64, and passwords every guesser tries first. The client's address is the
 * X-Forwarded-For hop, as behind the production proxy (TRUST_PROXY=1).
 */
describe('password guessing', () => {
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', REGISTRATIONS_PER_IP: '3' }, { clock: () => now });
    await signUp(t.app, 'root@example.com', 'root-password');
  });
  afterAll(async () => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...form, ...from(ip) },
      payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    });
  const register = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/register', headers: from(ip), payload: { email, password } });

  /** 40 wrong guesses, two from each of 20 addresses: under every per-address count. */
  async function guessFromTwentyAddresses(email: string, subnet: number) {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await login(email, `guess-number-${i}`, `198.51.${subnet}.${i % 20}`)).statusCode);
    return answers;
  }

  /** The token of the reset link mailed to a user who asks for one (once per address in this file). */
  async function mailedResetToken(email: string) {
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', headers: from('192.0.2.1'), payload: { email } })).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, email, '/reset-password') !== undefined, 5000, 'the reset mail');
    return linkIn(latestMail(t.dataDir, email, '/reset-password')!.text, 'reset-password').searchParams.get('token');
  }
  const reset = (token: string | null, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: newPassword } });

  it('caps failures per account across addresses: 40 guesses from 20 addresses, then the right password waits (429, Retry-After) until the clock passes it', async () => {
    await register('ada@example.com', 'ada-real-password', '203.0.113.1');
    const answers = await guessFromTwentyAddresses('ada@example.com', 1);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual(Array(30).fill(429));

    const waiting = await login('ada@example.com', 'ada-real-password', '203.0.113.50');
    expect(waiting.statusCode).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBe(30);
    expect(waiting.json().detail).toMatch(/^Too many failed sign-in attempts\. Please try again in 1 minute, or reset your password\.$/);

    now = new Date(now.getTime() + retryAfter * 1000);
    expect((await login('ada@example.com', 'ada-real-password', '203.0.113.50')).statusCode).toBe(200);
  });

  it('each failure past the cap doubles the wait; a completed reset by the mailed link lifts it at once', async () => {
    await register('bea@example.com', 'bea-real-password', '203.0.113.2');
    await guessFromTwentyAddresses('bea@example.com', 2);
    now = new Date(now.getTime() + 30_000);
    expect((await login('bea@example.com', 'another-guess', '198.51.2.99')).json()).toEqual({ detail: INVALID_LOGIN });
    expect((await login('bea@example.com', 'bea-real-password', '203.0.113.50')).headers['retry-after']).toBe('60');

    expect((await reset(await mailedResetToken('bea@example.com'), 'bea-new-password')).statusCode).toBe(200);
    expect((await login('bea@example.com', 'bea-new-password', '203.0.113.50')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address for sign-in: 20 failures from 20 addresses in it refuse a 21st address there, not the next /64', async () => {
    for (let i = 1; i <= 20; i++) expect((await login(`nobody${i}@example.com`, 'whatever-guess', `2001:db8:aa:1::${i.toString(16)}`)).statusCode).toBe(401);
    const sameNetwork = await login('root@example.com', 'root-password', '2001:db8:aa:1:ffff:1:2:3');
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.headers['retry-after']).toBeDefined();
    expect((await login('root@example.com', 'root-password', '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address for registration: REGISTRATIONS_PER_IP across its addresses, then 429', async () => {
    for (let i = 1; i <= 3; i++) expect((await register(`v6-${i}@example.com`, 'fine-password-1', `2001:db8:bb:1::${i}`)).statusCode).toBe(201);
    const refused = await register('v6-4@example.com', 'fine-password-1', '2001:db8:bb:1:abcd::4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Too many accounts were created from your address. Please try again in 60 minutes.');
    expect((await register('v6-4@example.com', 'fine-password-1', '2001:db8:bb:2::4')).statusCode).toBe(201);
  });

  it('refuses the most common passwords at registration, reset and change, naming the field', async () => {
    const common = ['aaaaaa', '123456', 'password', 'qwerty', 'Password', 'QWERTY', 'iloveyou', '000000000'];
    for (const [i, password] of common.entries()) {
      const refused = await register(`common${i}@example.com`, password, '203.0.113.77');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: commonPasswordRefused('password'), field: 'password' });
    }
    // Refused before counting: the address may still register.
    expect((await register('uncommon@example.com', 'lantern-osprey-42', '203.0.113.77')).statusCode).toBe(201);

    const token = await mailedResetToken('uncommon@example.com');
    for (const password of ['aaaaaa', '123456', 'password', 'qwerty']) {
      const refused = await reset(token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: commonPasswordRefused('new_password'), field: 'new_password' });
    }
    // Refused before the link was used: it still sets an uncommon password (and signs every session out).
    expect((await reset(token, 'lantern-osprey-43')).statusCode).toBe(200);
    const session = await login('uncommon@example.com', 'lantern-osprey-43', '203.0.113.77');
    const headers = { authorization: `Bearer ${session.json().access_token}` };
    for (const password of ['aaaaaa', '123456', 'password', 'qwerty']) {
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/settings/password',
        headers,
        payload: { current_password: 'lantern-osprey-43', new_password: password },
      });
      expect(change.statusCode).toBe(400);
      expect(change.json()).toEqual({ detail: commonPasswordRefused('new_password'), field: 'new_password' });
    }
    // The shortest allowed length still works for an uncommon password.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/settings/password',
          headers,
          payload: { current_password: 'lantern-osprey-43', new_password: 'k7#qZp' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
