import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { latestMail, linkIn, outbox } from '../testing/outbox.ts';
import { startTestApp, signUp, type TestApp } from '../testing/test-app.ts';
import { ResetLinkCheckThrottle } from './check-reset-token.ts';
import { RESET_EXPIRED, RESET_INVALID } from './email-link-deciders.ts';

const HOUR = 60 * 60 * 1000;

/** Issue #29: the reset screen asks whether its link works before it shows the form. */
describe('checking a reset link', () => {
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    await signUp(t.app, 'root@example.com', 'root-password');
  });
  afterAll(async () => t.close());

  let address = 1;
  /** Each check from its own address unless told, so the throttle test alone meets the limit. */
  const check = (token: unknown, ip = `198.51.100.${address++}`) =>
    t.app.inject({ method: 'POST', url: '/api/reset-password/check', headers: { 'x-forwarded-for': ip }, payload: { token } });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: newPassword } });

  async function mailedResetToken(email: string): Promise<string> {
    const before = outbox(t.dataDir).filter((m) => m.to === email).length;
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } })).statusCode).toBe(200);
    await eventually(() => outbox(t.dataDir).filter((m) => m.to === email).length > before, 5000, 'the reset mail');
    return linkIn(latestMail(t.dataDir, email, '/reset-password')!.text, 'reset-password').searchParams.get('token')!;
  }

  it('tells a valid link without spending it: the reset still works after any number of checks', async () => {
    await signUp(t.app, 'ada@example.com', 'old-secret');
    const token = await mailedResetToken('ada@example.com');
    for (let i = 0; i < 3; i++) {
      const checked = await check(token);
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ state: 'valid', detail: null, second_factor_required: false });
    }
    now = new Date(now.getTime() + 1000);
    expect((await reset(token, 'new-secret')).statusCode).toBe(200);
  });

  it('tells a used link as used, with the text the reset itself gives', async () => {
    await signUp(t.app, 'bob@example.com', 'old-secret');
    const token = await mailedResetToken('bob@example.com');
    now = new Date(now.getTime() + 1000);
    expect((await reset(token, 'new-secret')).statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ state: 'used', detail: RESET_INVALID, second_factor_required: false });
    expect((await reset(token, 'third-secret')).json()).toEqual({ detail: RESET_INVALID });
  });

  it('tells an expired link as expired once its hour is over, and an unknown or stale one as invalid', async () => {
    await signUp(t.app, 'cy@example.com', 'old-secret');
    const first = await mailedResetToken('cy@example.com');
    const second = await mailedResetToken('cy@example.com');
    now = new Date(now.getTime() + 1000);
    expect((await reset(second, 'new-secret')).statusCode).toBe(200);
    // The first link was issued before the password changed: stale.
    expect((await check(first)).json()).toEqual({ state: 'invalid', detail: RESET_INVALID, second_factor_required: false });
    expect((await check('not-a-real-token')).json()).toEqual({ state: 'invalid', detail: RESET_INVALID, second_factor_required: false });

    now = new Date(now.getTime() + 1000);
    const third = await mailedResetToken('cy@example.com');
    now = new Date(now.getTime() + HOUR);
    expect((await check(third)).json()).toEqual({ state: 'expired', detail: RESET_EXPIRED, second_factor_required: false });
    expect((await reset(third, 'fourth-secret')).json()).toEqual({ detail: RESET_EXPIRED });
  });

  it('refuses a request without a token, or with a field it does not know, with 400', async () => {
    expect((await check(undefined)).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/reset-password/check', payload: { token: 'x', password: 'y' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('password');
  });

  it('throttles checks from one network: past the limit 429 with Retry-After, and the window ends', async () => {
    const from = '2001:db8:29::1';
    for (let i = 0; i < ResetLinkCheckThrottle.PER_ADDRESS; i++) expect((await check(`guess-${i}`, i % 2 ? from : '2001:db8:29::ffff')).statusCode).toBe(200);
    const refused = await check('guess-again', '2001:db8:29::abcd');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^Too many reset links were checked from your address\. Please try again in \d+ minutes?\.$/);
    now = new Date(now.getTime() + ResetLinkCheckThrottle.WINDOW_MS);
    expect((await check('guess-after', from)).statusCode).toBe(200);
  });
});
