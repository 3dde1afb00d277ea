import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BANNED, ACCOUNT_SUSPENDED } from '../http/account-status.ts';
import { SESSION_ENDED } from '../live/hub.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };

describe('suspending, banning and activating an account', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signUp(t.app, 'root@example.com'); // the first account: super admin
  });
  afterAll(async () => t.close());

  const adminDoes = (id: number, action: 'suspend' | 'ban' | 'activate') =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/${action}`, headers: admin.headers });
  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: `username=${encodeURIComponent(email)}&password=correct%20horse` });

  it('a suspension stops the sessions, sockets and API key at once and refuses sign-in; activation restores them', async () => {
    const eve = await signUp(t.app, 'eve@example.com');
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: eve.headers })).json<{ api_key: string }>().api_key;
    const socket = await liveClient(baseUrl, eve.token);
    expect(socket.messages).toEqual([{ type: 'ready' }]);

    const suspended = await adminDoes(eve.user.id, 'suspend');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ message: 'User suspended successfully', user: { id: eve.user.id, status: 'suspended', is_active: false } });

    // The open socket is closed, saying why, within a second.
    expect(await within(1000, socket.closedWith)).toEqual({ code: SESSION_ENDED.code, reason: ACCOUNT_SUSPENDED });
    const me = await t.app.inject({ url: '/api/users/me', headers: eve.headers });
    expect([me.statusCode, me.json().detail]).toEqual([401, ACCOUNT_SUSPENDED]);
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/urls/api',
      headers: { 'x-api-key': key },
      payload: { original_url: 'https://example.com/' },
    });
    expect([byKey.statusCode, byKey.json().detail]).toEqual([401, ACCOUNT_SUSPENDED]);
    const cuttly = await t.app.inject({ url: '/api/shorten', query: { key, short: 'https://example.com/' } });
    expect(cuttly.json()).toMatchObject({ url: { status: 4 } });
    const signIn = await login('eve@example.com');
    expect([signIn.statusCode, signIn.json().detail]).toEqual([403, ACCOUNT_SUSPENDED]);
    const refused = await liveClient(baseUrl, eve.token);
    expect(refused.messages[0]).toEqual({ type: 'error', detail: ACCOUNT_SUSPENDED });

    expect((await adminDoes(eve.user.id, 'activate')).json()).toMatchObject({
      message: 'User activated successfully',
      user: { status: 'active', is_active: true },
    });
    expect((await t.app.inject({ url: '/api/users/me', headers: eve.headers })).statusCode).toBe(200);
    expect((await login('eve@example.com')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': key }, payload: { original_url: 'https://example.com/' } }))
        .statusCode,
    ).toBe(201);
  });

  it('a ban also stops the user’s links from redirecting, until the user is activated', async () => {
    const mallory = await signUp(t.app, 'mallory@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: mallory.headers,
      payload: { original_url: 'https://phish.example/login' },
    });
    const code = created.json<{ short_code: string }>().short_code;
    expect((await t.app.inject({ url: `/${code}`, headers: browser })).statusCode).toBe(302);

    expect((await adminDoes(mallory.user.id, 'ban')).json()).toMatchObject({ message: 'User banned successfully', user: { status: 'banned' } });
    const gone = await t.app.inject({ url: `/${code}`, headers: browser });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.location).toBeUndefined();
    expect((await t.app.inject({ url: '/api/users/me', headers: mallory.headers })).json().detail).toBe(ACCOUNT_BANNED);
    expect((await login('mallory@example.com')).json().detail).toBe(ACCOUNT_BANNED);

    await adminDoes(mallory.user.id, 'activate');
    await eventually(async () => (await t.app.inject({ url: `/${code}`, headers: browser })).statusCode === 302, 2000, 'the link to redirect again');
  });

  it('refuses what the rules forbid, with a reason, and changes nothing', async () => {
    const grace = await signUp(t.app, 'grace@example.com');
    const self = await adminDoes(admin.user.id, 'suspend');
    expect([self.statusCode, self.json().detail]).toEqual([403, 'You cannot change your own account’s status or role.']);
    const twice = await adminDoes(grace.user.id, 'activate');
    expect([twice.statusCode, twice.json().detail]).toEqual([409, 'The user is already active.']);
    expect((await adminDoes(999_999, 'ban')).statusCode).toBe(404);

    // An admin (granted by the super admin) may not touch the super admin or another admin.
    const promoted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${grace.user.id}/role`, headers: admin.headers, payload: { role: 'admin' } });
    expect(promoted.json()).toMatchObject({ user: { role: 'admin' } });
    const graceToken = (await login('grace@example.com')).json<{ access_token: string }>().access_token;
    const asGrace = { authorization: `Bearer ${graceToken}` };
    const onSuper = await t.app.inject({ method: 'POST', url: `/api/admin/users/${admin.user.id}/ban`, headers: asGrace });
    expect([onSuper.statusCode, onSuper.json().detail]).toEqual([403, 'The super admin’s account cannot be suspended, banned or changed.']);
    const grant = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${admin.user.id}/role`, headers: asGrace, payload: { role: 'user' } });
    expect(grant.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/users/${admin.user.id}`, headers: admin.headers })).json()).toMatchObject({
      role: 'super_admin',
      status: 'active',
    });
  });

  it('lists users newest first, searches by e-mail or plan, pages by the offered sizes', async () => {
    const list = await t.app.inject({ url: '/api/admin/users', headers: admin.headers, query: { search: 'example.com', limit: '5' } });
    const body = list.json<{ users: { email: string; customer_id: string; features: string[] }[]; total: number }>();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.users).toHaveLength(Math.min(5, body.total));
    expect(body.users[0]!.email).toBe('grace@example.com');
    expect(body.users[0]!.customer_id).toMatch(/^LL\d{6}$/);
    const byPlan = await t.app.inject({ url: '/api/admin/users', headers: admin.headers, query: { search: 'Free' } });
    expect(byPlan.json<{ total: number }>().total).toBe(body.total);
    const none = await t.app.inject({ url: '/api/admin/users', headers: admin.headers, query: { search: 'enterprise' } });
    expect(none.json()).toMatchObject({ users: [], total: 0 });
    const badSize = await t.app.inject({ url: '/api/admin/users', headers: admin.headers, query: { limit: '7' } });
    expect([badSize.statusCode, badSize.json().detail]).toEqual([400, 'Limit must be 5, 10, 20 or 50']);
  });
});
