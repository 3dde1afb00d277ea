import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOKED_SESSIONS, USERS } from '@linkledger/projections';
import { eventually } from '../testing/eventually.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { startTestApp, signUp, type TestApp, requestToken } from '../testing/test-app.ts';
import { BAD_TOKEN } from './authenticate.ts';
import { SIGNUP_DISABLED } from './registration-deciders.ts';
import { INVALID_LOGIN } from './routes.ts';
import { SIGNED_OUT } from './session-routes.ts';
import { ADMINS_ONLY } from './signup-deciders.ts';

describe('sessions: logout, failed sign-in throttle, the sign-up switch', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t.app, 'root@example.com', 'secret123');
    user = await signUp(t.app, 'bob@example.com', 'secret123');
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, ip = '127.0.0.1') => requestToken(t.app, email, password, { ip });

  it('logout revokes exactly the bearer token: it then gets 401 everywhere, other sessions go on', async () => {
    const other = (await login('bob@example.com', 'secret123')).json().access_token as string;
    // Clients often send a JSON content type with no body at all.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...user.headers, 'content-type': 'application/json' } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SIGNED_OUT });
    for (const url of ['/api/users/me', '/api/urls']) {
      const response = await t.app.inject({ url, headers: user.headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: BAD_TOKEN });
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(again.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(200);
    expect(await t.platform.read.count(REVOKED_SESSIONS)).toBe(1);
    const all = await t.platform.events.readAll({ after: 0, limit: 1000 });
    expect(all.filter((e) => e.type === 'SessionRevoked')).toHaveLength(1);
    expect(JSON.stringify(all)).not.toContain(user.token);
  });

  it('refuses an account from one address after 5 failed sign-ins, with Retry-After, even with the right password; other addresses still sign in', async () => {
    await signUp(t.app, 'carol@example.com', 'secret123');
    for (let i = 0; i < 5; i++) {
      const response = await login('carol@example.com', 'wrong-password', '10.0.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: INVALID_LOGIN });
    }
    const refused = await login('carol@example.com', 'secret123', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.json().detail).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes/);
    // The guesser cannot lock the owner out: the right password from another address works.
    expect((await login('carol@example.com', 'secret123', '10.0.0.2')).statusCode).toBe(200);
    // Another account from the same address is not affected.
    expect((await login('root@example.com', 'secret123', '10.0.0.1')).statusCode).toBe(200);
  });

  it('a completed password reset clears the account’s counts from every address', async () => {
    const erin = await signUp(t.app, 'erin@example.com', 'secret123');
    for (const ip of ['10.0.3.1', '10.0.3.2']) for (let i = 0; i < 5; i++) expect((await login('erin@example.com', 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login('erin@example.com', 'secret123', '10.0.3.1')).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'erin@example.com' } })).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, 'erin@example.com', '/reset-password') !== undefined, 5000, 'the reset mail');
    const token = linkIn(latestMail(t.dataDir, 'erin@example.com', '/reset-password')!.text, 'reset-password').searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: 'new-secret-456' } });
    expect(reset.statusCode).toBe(200);
    for (const ip of ['10.0.3.1', '10.0.3.2']) expect((await login('erin@example.com', 'new-secret-456', ip)).statusCode).toBe(200);
    expect(erin.user.id).toBeGreaterThan(0);
  });

  it('a successful sign-in clears the account’s count', async () => {
    await signUp(t.app, 'dave@example.com', 'secret123');
    for (let i = 0; i < 4; i++) expect((await login('dave@example.com', 'nope-nope', '10.0.1.1')).statusCode).toBe(401);
    expect((await login('dave@example.com', 'secret123', '10.0.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('dave@example.com', 'nope-nope', '10.0.1.1')).statusCode).toBe(401);
    expect((await login('dave@example.com', 'secret123', '10.0.1.1')).statusCode).toBe(200);
  });

  it('refuses an address (IP) after 20 failed sign-ins, whichever accounts it tried', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`nobody${i}@example.com`, 'whatever', '10.9.9.9')).statusCode).toBe(401);
    const refused = await login('root@example.com', 'secret123', '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await login('root@example.com', 'secret123', '10.9.9.8')).statusCode).toBe(200);
  });

  it('sign-up is open by default; admins close it, registration is refused, existing users still sign in', async () => {
    expect((await t.app.inject('/api/public/signup-status')).json()).toEqual({ signup_enabled: true });
    const status = await t.app.inject({ url: '/api/admin/system-settings/signup-status', headers: admin.headers });
    expect(status.json()).toEqual({ signup_enabled: true, message: 'Sign-up is enabled: new users can register.' });

    const bob = (await login('bob@example.com', 'secret123')).json().access_token as string;
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/system-settings/signup-status' },
      { method: 'POST' as const, url: '/api/admin/system-settings/signup-toggle' },
    ]) {
      const denied = await t.app.inject({ ...request, headers: { authorization: `Bearer ${bob}` } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: ADMINS_ONLY });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/system-settings/signup-toggle' })).statusCode).toBe(401);

    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/system-settings/signup-toggle',
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ signup_enabled: false, message: 'Sign-up is disabled: new users cannot register. Existing users can still sign in.' });
    expect((await t.app.inject('/api/public/signup-status')).json()).toEqual({ signup_enabled: false });

    const refused = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'eve@example.com', password: 'secret123' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SIGNUP_DISABLED });
    expect((await login('bob@example.com', 'secret123')).statusCode).toBe(200);

    const reopened = await t.app.inject({ method: 'POST', url: '/api/admin/system-settings/signup-toggle', headers: admin.headers });
    expect(reopened.json().signup_enabled).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'eve@example.com', password: 'secret123' } })).statusCode).toBe(201);
    const toggles = (await t.platform.events.readStream('system')).filter((e) => e.type === 'SignupToggled');
    expect(toggles.map((e) => e.data)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(toggles[0]!.metadata.actor).toEqual({ kind: 'user', id: String(admin.user.id) });
  });
});

describe('registration throttle', () => {
  it('throttles registration per address: REGISTRATIONS_PER_IP accounts an hour, then 429 with Retry-After; other addresses go on', async () => {
    const limited = await startTestApp({ REGISTRATIONS_PER_IP: '2' });
    try {
      const register = (email: string, ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: { email, password: 'secret123' } });
      expect((await register('r1@example.com', '10.1.0.1')).statusCode).toBe(201);
      expect((await register('r2@example.com', '10.1.0.1')).statusCode).toBe(201);
      const refused = await register('r3@example.com', '10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe('Too many accounts were created from your address. Please try again in 60 minutes.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await limited.platform.read.count(USERS, { email: 'r3@example.com' })).toBe(0);
      expect((await register('r3@example.com', '10.1.0.2')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
