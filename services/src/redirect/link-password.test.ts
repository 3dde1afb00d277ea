import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/index.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { LinkPasswords } from './link-password.ts';

const DESTINATION = 'https://secret-destination.example/private?token=abc';
const HOSTILE_TITLE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
const PASSWORD = 'open sesame';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (password: string) => `password=${encodeURIComponent(password)}`;

describe('password-protected links', () => {
  let t: TestApp;
  let ownerId: number;
  let nextId = 700_000;
  const clock = { now: Date.parse('2026-11-28T10:00:00Z') };

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' }, { clock: () => new Date(clock.now) });
    ownerId = (await signUp(t.app, 'owner@example.com')).user.id;
  });
  afterAll(async () => t?.close());

  const metadata = () => ({
    actor: { kind: 'user' as const, id: String(ownerId) },
    correlation_id: 'test',
    causation_id: 'test',
    at: new Date(clock.now).toISOString(),
  });
  const event = (type: string, data: object) => ({ id: randomUUID(), type, version: 1, data, metadata: metadata() });

  /** A link with a password, as the link API records one: only the slow hash. */
  async function passwordLink(password: string | null = PASSWORD, controls: object = {}) {
    const id = (nextId += 1);
    const code = `pw${id}`;
    await t.platform.events.append([
      { stream: `shortcode-${code}`, expected: 'no_stream', events: [event('ShortCodeClaimed', { short_code: code, link_id: id })] },
      {
        stream: `link-${id}`,
        expected: 'no_stream',
        events: [
          event('LinkCreated', {
            link_id: id,
            owner_id: ownerId,
            short_code: code,
            original_url: DESTINATION,
            title: HOSTILE_TITLE,
            description: HOSTILE_TITLE,
            created_via: 'manual',
            custom_domain: null,
            trai_header: null,
            ...(password === null ? {} : { password_hash: await hashPassword(password) }),
            ...controls,
          }),
        ],
      },
    ]);
    return { id, code };
  }

  async function changePassword(id: number, password: string) {
    const revision = (await t.platform.events.readStream(`link-${id}`)).length - 1;
    await t.platform.events.append([
      { stream: `link-${id}`, expected: revision, events: [event('LinkUpdated', { link_id: id, changes: { password_hash: await hashPassword(password) } })] },
    ]);
    expect(await t.platform.linkCache.progress.waitFor(await t.platform.events.headPosition(), 5000)).toBe(true);
  }

  const clicks = async (id: number) => (await t.platform.events.readStream(`clicks-${id}`)).length;
  const attempt = (code: string, password: string, from = '198.51.100.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/${code}`, remoteAddress: from, headers: { ...FORM, ...headers }, payload: form(password) });

  /** Nothing of the destination in the body or any header. */
  function revealsNothing(answer: { body: string; headers: Record<string, unknown> }) {
    expect(answer.headers.location).toBeUndefined();
    expect(`${answer.body}\n${JSON.stringify(answer.headers)}`).not.toMatch(/secret-destination/);
  }

  it('asks for the password on a visit: 401, a page with a form posting the field `password` to the short link, no click, nothing of the destination', async () => {
    const { id, code } = await passwordLink();
    const page = await t.app.inject({ url: `/${code}?src=qr` });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);
    expect(page.body).toMatch(/<html lang="en">/);
    expect(page.body).toMatch(/<meta name="viewport"/);
    expect(page.body).toContain('<h1>This link is password protected</h1>');
    // No action: the form posts to the page's own address, the short link with its query.
    expect(page.body).toMatch(/<form method="post"><label>Password<input type="password" name="password" required/);
    expect(page.body).not.toMatch(/<script|action=/);
    expect(page.body).not.toContain('onerror');
    revealsNothing(page);

    const head = await t.app.inject({ method: 'HEAD', url: `/${code}` });
    expect([head.statusCode, head.body]).toEqual([401, '']);
    revealsNothing(head);
    expect(await clicks(id)).toBe(0);
  });

  it('never takes the password from the address: `?pw=` gets the page, no redirect, no click', async () => {
    const { id, code } = await passwordLink();
    for (const url of [`/${code}?pw=${encodeURIComponent(PASSWORD)}`, `/${code}?password=${encodeURIComponent(PASSWORD)}`]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode).toBe(401);
      revealsNothing(answer);
    }
    const posted = await t.app.inject({ method: 'POST', url: `/${code}?pw=${encodeURIComponent(PASSWORD)}`, headers: FORM, payload: '' });
    expect(posted.statusCode).toBe(401);
    revealsNothing(posted);
    expect(await clicks(id)).toBe(0);
  });

  it('on a real server: page, wrong password, right password, then the cookie; the click counted once per redirect', async () => {
    const { id, code } = await passwordLink();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const visit = (init: RequestInit = {}) => fetch(`${base}/${code}`, { redirect: 'manual', ...init });
    const first = await visit();
    expect(first.status).toBe(401);
    expect(await first.text()).not.toContain('secret-destination');

    const wrong = await visit({ method: 'POST', headers: FORM, body: form('open sesame!') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(wrong.headers.get('location')).toBeNull();
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('That password is not right. Please try again.');
    expect(wrongPage).not.toContain('secret-destination');
    expect(await clicks(id)).toBe(0);

    const right = await visit({ method: 'POST', headers: FORM, body: form(PASSWORD) });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe(DESTINATION);
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^link_password=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=/${code}; HttpOnly; SameSite=Lax$`));
    expect(await clicks(id)).toBe(1);

    const returning = await visit({ headers: { cookie: cookie.split(';')[0]! } });
    expect(returning.status).toBe(302);
    expect(returning.headers.get('location')).toBe(DESTINATION);
    expect(await clicks(id)).toBe(2);
    // A HEAD with the cookie redirects too, and counts nothing.
    expect((await visit({ method: 'HEAD', headers: { cookie: cookie.split(';')[0]! } })).status).toBe(302);
    expect(await clicks(id)).toBe(2);
  });

  it('sets the cookie Secure when the visit came over https (a trusted proxy says so)', async () => {
    const { code } = await passwordLink();
    const right = await attempt(code, PASSWORD, '127.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.77' });
    expect(right.statusCode).toBe(302);
    expect(String(right.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('refuses the cookie of another link, a forged one, and one from before the password changed', async () => {
    const first = await passwordLink();
    const second = await passwordLink();
    const right = await attempt(first.code, PASSWORD);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const withCookie = (code: string, value: string) => t.app.inject({ url: `/${code}`, headers: { cookie: value } });
    expect((await withCookie(first.code, cookie)).statusCode).toBe(302);

    const elsewhere = await withCookie(second.code, cookie);
    expect(elsewhere.statusCode).toBe(401);
    revealsNothing(elsewhere);
    expect((await withCookie(first.code, `link_password=${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await withCookie(first.code, 'link_password=')).statusCode).toBe(401);

    await changePassword(first.id, 'a new password');
    const stale = await withCookie(first.code, cookie);
    expect(stale.statusCode).toBe(401);
    revealsNothing(stale);
    expect((await attempt(first.code, PASSWORD, '198.51.100.2')).statusCode).toBe(401);
    expect((await attempt(first.code, 'a new password', '198.51.100.2')).statusCode).toBe(302);
    expect(await clicks(second.id)).toBe(0);
  });

  it('answers a POST to a link without a password, or to no link, with the 404 page and counts nothing', async () => {
    const { id, code } = await passwordLink(null);
    const posted = await attempt(code, 'anything');
    expect(posted.statusCode).toBe(404);
    revealsNothing(posted);
    expect((await attempt('nosuchcode', 'anything')).statusCode).toBe(404);
    // Its GET is the plain redirect, as before.
    expect((await t.app.inject({ url: `/${code}` })).headers.location).toBe(DESTINATION);
    expect(await clicks(id)).toBe(1);
  });

  it('limits attempts per network: 429 with the page and Retry-After, other networks unaffected, open again after the window', async () => {
    const { id, code } = await passwordLink();
    const network = '203.0.113.5';
    for (let i = 0; i < LinkPasswords.ATTEMPTS_PER_ADDRESS; i++) expect((await attempt(code, `guess ${i}`, network)).statusCode).toBe(401);
    const refused = await attempt(code, PASSWORD, network);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.body).toContain('Too many password attempts. Please try again in 15 minutes.');
    expect(refused.body).toContain('<form method="post">');
    revealsNothing(refused);
    expect(await clicks(id)).toBe(0);

    expect((await attempt(code, PASSWORD, '203.0.113.6')).statusCode).toBe(302);
    clock.now += 15 * 60_000;
    expect((await attempt(code, PASSWORD, network)).statusCode).toBe(302);
    expect(await clicks(id)).toBe(2);
  });

  it('limits wrong passwords per link from every network: then even the right one waits, while other links and cookie holders go on', async () => {
    const target = await passwordLink();
    const other = await passwordLink();
    const holder = String((await attempt(target.code, PASSWORD, '192.0.2.250')).headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < LinkPasswords.WRONG_PER_LINK; i++) expect((await attempt(target.code, `guess ${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const refused = await attempt(target.code, PASSWORD, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    revealsNothing(refused);
    expect((await attempt(other.code, PASSWORD, '192.0.2.200')).statusCode).toBe(302);
    expect((await t.app.inject({ url: `/${target.code}`, headers: { cookie: holder } })).statusCode).toBe(302);
    expect(await clicks(target.id)).toBe(2);
  });

  it('checks no password on a link out of its schedule: a wrong and the right one get the page a visit gets, no cookie, no attempt counted', async () => {
    const expired = await passwordLink(PASSWORD, { expires_at: new Date(clock.now - 60_000).toISOString() });
    const early = await passwordLink(PASSWORD, { starts_at: new Date(clock.now + 3_600_000).toISOString() });
    const network = '198.51.100.77';
    for (const { id, code } of [expired, early]) {
      const visit = await t.app.inject({ url: `/${code}` });
      expect([404, 410]).toContain(visit.statusCode);
      for (const password of ['not it', PASSWORD]) {
        const answer = await attempt(code, password, network);
        // The same answer either way: posting tells nothing of whether a password is right.
        expect(answer.statusCode).toBe(visit.statusCode);
        expect(answer.body).toBe(visit.body);
        expect(answer.headers['set-cookie']).toBeUndefined();
        revealsNothing(answer);
      }
      expect(await clicks(id)).toBe(0);
    }
    // None of those four posts was an attempt: the network still has all of its own.
    const open = await passwordLink();
    for (let i = 1; i < LinkPasswords.ATTEMPTS_PER_ADDRESS; i++) expect((await attempt(open.code, `guess ${i}`, network)).statusCode).toBe(401);
    expect((await attempt(open.code, PASSWORD, network)).statusCode).toBe(302);
  });

  it('takes only a string `password` field: none, an empty one or a JSON number is wrong, never an error', async () => {
    const { id, code } = await passwordLink();
    for (const [headers, payload] of [
      [FORM, ''],
      [FORM, 'password='],
      [FORM, 'other=open%20sesame'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ password: 12 })],
      [FORM, `password=${'x'.repeat(5000)}`],
    ] as const) {
      const answer = await t.app.inject({ method: 'POST', url: `/${code}`, remoteAddress: '198.51.100.99', headers, payload });
      expect(answer.statusCode, payload.slice(0, 40)).toBe(401);
      expect(answer.body).toContain('That password is not right.');
    }
    expect(await clicks(id)).toBe(0);
  });
});
