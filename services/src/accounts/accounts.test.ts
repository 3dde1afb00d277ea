import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, signUp, type TestApp } from '../testing/test-app.ts';
import { EMAIL_TAKEN } from './registration-deciders.ts';
import { INVALID_LOGIN } from './routes.ts';
import { BAD_TOKEN, NOT_AUTHENTICATED } from './authenticate.ts';
import { USERS } from '@linkledger/projections';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('accounts: register, token, me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

  it('refuses bad registrations with the register screen’s messages and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'no-at-sign', password: 'secret123' }, 'Please enter a valid email address'],
      [{ email: 'ada@example.com', password: '12345' }, 'Password must be at least 6 characters long'],
      [{ password: 'secret123' }, 'Email is required'],
      [{ email: 'ada@example.com' }, 'Password is required'],
    ];
    for (const [payload, detail] of cases) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/api/register', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().detail).toMatch(/not valid JSON/);
    expect(await t.platform.events.headPosition()).toBe(0);
    expect(await t.platform.read.count(USERS)).toBe(0);
  });

  it('makes the first account super admin, later ones users, and refuses a taken email', async () => {
    const first = await signUp(t.app, 'Ada@Example.com', 'secret123');
    expect(first.user).toMatchObject({ email: 'ada@example.com', role: 'super_admin', username: 'ada' });
    const second = await signUp(t.app, 'bob@example.com', 'secret123');
    expect(second.user.role).toBe('user');
    const taken = await register({ email: 'ADA@example.com', password: 'another1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: EMAIL_TAKEN });
    expect(await t.platform.read.count(USERS)).toBe(2);
  });

  it('signs in with the form-encoded password grant and refuses wrong credentials alike', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: 'username=ada%40example.com&password=secret123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'bearer' });
    for (const payload of ['username=ada%40example.com&password=wrong!!', 'username=nobody%40example.com&password=secret123']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: INVALID_LOGIN });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: 'username=ada%40example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('Password is required');
  });

  it('answers /api/users/me only with a valid token', async () => {
    const token = (await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: 'username=bob%40example.com&password=secret123' })).json()
      .access_token;
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email: 'bob@example.com', role: 'user', plan_type: 'free', is_verified: false, full_name: null });
    expect(me.json()).not.toHaveProperty('password_hash');
    const anonymous = await t.app.inject('/api/users/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: NOT_AUTHENTICATED });
    const forged = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token.slice(0, -2)}xx` } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: BAD_TOKEN });
  });

  it('never stores the password in plain text', async () => {
    const all = await t.platform.events.readAll({ after: 0, limit: 1000 });
    expect(JSON.stringify(all)).not.toContain('secret123');
  });
});
