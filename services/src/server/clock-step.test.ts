import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, startTestApp, type TestApp, post } from '../testing/test-app.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const TWO_HOURS_MS = 2 * 60 * 60_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Issue #28: the wall clock stepped back two hours (NTP, an operator) while people are
 * active. Waits and windows count on the platform's monotonic clock, so the step locks no
 * one out, and floods stay throttled (docs/architecture.md#time).
 */
describe('a wall clock stepped back two hours', () => {
  let t: TestApp;
  let baseUrl: string;
  let shortCode: string;
  const clock = { now: Date.parse('2026-11-27T10:00:00.000Z') };
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1', REDIRECT_RATE_PER_IP: '1', REDIRECT_BURST_PER_IP: '5' }, { clock: () => new Date(clock.now) });
    const owner = await signUp(t.app, 'root@example.com');
    shortCode = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/stepped' } })
    ).json<{ short_code: string }>().short_code;
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const visit = (address: string) => fetch(`${baseUrl}/${shortCode}`, { redirect: 'manual', headers: { 'user-agent': CHROME, 'x-forwarded-for': address } });
  const statuses = async (n: number, address: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await visit(address)).status);
    return out;
  };
  const login = (email: string, password: string, ip: string) =>
    post(t.app, '/api/token', { ...form, 'x-forwarded-for': ip }, `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`);

  it('keeps redirecting an address that was merely active, and still answers a flooder 429 with a wait of seconds', async () => {
    expect(await statuses(3, '198.51.100.7')).toEqual([302, 302, 302]);
    expect(await statuses(12, '203.0.113.9')).toEqual([...Array<number>(5).fill(302), ...Array<number>(7).fill(429)]);
    clock.now -= TWO_HOURS_MS;

    expect(await statuses(2, '198.51.100.7')).toEqual([302, 302]);
    const refused = await visit('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    clock.now += 1000;
    expect(await statuses(2, '203.0.113.9')).toEqual([302, 429]);
  });

  it('keeps the sign-in throttle to its 15 minutes: guesses stay refused, the owner is let in when the window ends', async () => {
    await signUp(t.app, 'dana@example.com', 'dana-real-password');
    for (let i = 0; i < 5; i++) expect((await login('dana@example.com', `guess-${i}`, '192.0.2.40')).statusCode).toBe(401);
    clock.now -= TWO_HOURS_MS;

    const waiting = await login('dana@example.com', 'dana-real-password', '192.0.2.40');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    clock.now += 15 * 60_000;
    expect((await login('dana@example.com', 'dana-real-password', '192.0.2.40')).statusCode).toBe(200);
  });

  it('accepts the token of a sign-in made after a password change, though the clock now reads before the change', async () => {
    const erin = await signUp(t.app, 'erin@example.com', 'erin-old-password');
    const changed = await post(t.app, '/api/settings/password', erin.headers, { current_password: 'erin-old-password', new_password: 'erin-new-password' });
    expect(changed.statusCode).toBe(200);
    const older = await signIn(t.app, 'erin@example.com', 'erin-new-password');
    clock.now -= TWO_HOURS_MS;

    const fresh = await signIn(t.app, 'erin@example.com', 'erin-new-password');
    const me = await t.app.inject({ url: '/api/users/me', headers: fresh.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: older.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: erin.headers })).statusCode).toBe(200); // the session the change was made from
  });

  it('still ends, at a password change made after the step, a session started before it (dated later than the change)', async () => {
    await signUp(t.app, 'frank@example.com', 'frank-old-password');
    const before = await signIn(t.app, 'frank@example.com', 'frank-old-password');
    clock.now -= TWO_HOURS_MS;
    const after = await signIn(t.app, 'frank@example.com', 'frank-old-password');

    const changed = await post(t.app, '/api/settings/password', after.headers, { current_password: 'frank-old-password', new_password: 'frank-new-password' });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: before.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me', headers: after.headers })).statusCode).toBe(200); // the session the change was made from
    const fresh = await signIn(t.app, 'frank@example.com', 'frank-new-password');
    expect((await t.app.inject({ url: '/api/users/me', headers: fresh.headers })).statusCode).toBe(200);
  });
});
