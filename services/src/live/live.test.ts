import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveClient } from '../testing/live-client.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { eventually, within } from '../testing/eventually.ts';
import { signUp, startTestApp, type TestApp, post } from '../testing/test-app.ts';
import { MAX_SOCKETS_PER_USER, SESSION_ENDED } from './hub.ts';
import { TOO_MANY_SOCKETS } from './routes.ts';
import { ACCOUNT_DELETED } from '../http/account-status.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('/api/live checks sessions like every REST call, all the time', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const signIn = async (email: string, password = 'correct horse') =>
    (await post(t.app, '/api/token', form, `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`)).json<{ access_token: string }>()
      .access_token;

  it('refuses a token revoked by logout, and closes the socket of a session within a second of its logout; other sessions stay', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    const second = await signIn('ada@example.com');
    const [first, other] = [await liveClient(baseUrl, ada.token), await liveClient(baseUrl, second)];
    expect(first.messages).toEqual([{ type: 'ready' }]);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ada.headers })).statusCode).toBe(200);
    expect(await within(1000, first.closedWith)).toEqual({ code: SESSION_ENDED.code, reason: SESSION_ENDED.reason });

    const refused = await liveClient(baseUrl, ada.token);
    expect(refused.messages[0]).toMatchObject({ type: 'error' });
    expect((await refused.closedWith).code).toBe(4401);

    // The other session's socket is still open and still served.
    await new Promise((r) => setTimeout(r, 200));
    expect(other.messages).toEqual([{ type: 'ready' }]);
    other.close();
  });

  it('closes every socket of an account within a second of a password reset', async () => {
    const bob = await signUp(t.app, 'bob@example.com');
    const sockets = [await liveClient(baseUrl, bob.token), await liveClient(baseUrl, await signIn('bob@example.com'))];
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'bob@example.com' } })).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, 'bob@example.com', '/reset-password') !== undefined, 5000, 'the reset mail');
    const token = linkIn(latestMail(t.dataDir, 'bob@example.com', '/reset-password')!.text, 'reset-password').searchParams.get('token');
    expect((await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: 'brand-new-pass' } })).statusCode).toBe(200);
    for (const socket of sockets) expect((await within(1000, socket.closedWith)).code).toBe(SESSION_ENDED.code);
  });

  it('closes the sockets of an account within a second of its deletion, saying why', async () => {
    const erin = await signUp(t.app, 'erin@example.com');
    const socket = await liveClient(baseUrl, erin.token);
    const deleted = await post(t.app, '/api/settings/account/delete', erin.headers, { password: 'correct horse', confirm_email: 'erin@example.com' });
    expect(deleted.statusCode).toBe(200);
    expect(await within(1000, socket.closedWith)).toEqual({ code: SESSION_ENDED.code, reason: ACCOUNT_DELETED });
  });

  it(`holds at most ${MAX_SOCKETS_PER_USER} sockets per account, and says why it closes the next`, async () => {
    const carol = await signUp(t.app, 'carol@example.com');
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) open.push(await liveClient(baseUrl, carol.token));
    expect(open.every((socket) => socket.messages[0]?.type === 'ready')).toBe(true);
    const extra = await liveClient(baseUrl, carol.token);
    expect(extra.messages[0]).toEqual({ type: 'error', detail: TOO_MANY_SOCKETS.reason });
    expect(await extra.closedWith).toEqual({ code: TOO_MANY_SOCKETS.code, reason: TOO_MANY_SOCKETS.reason });
    // Another account is not affected, and a closed tab frees its place.
    const dave = await liveClient(baseUrl, (await signUp(t.app, 'dave@example.com')).token);
    expect(dave.messages[0]).toEqual({ type: 'ready' });
    open[0]!.close();
    await open[0]!.closedWith;
    await eventually(
      async () => {
        const again = await liveClient(baseUrl, carol.token);
        again.close();
        return again.messages[0]?.type === 'ready';
      },
      2000,
      'a freed place',
    );
    for (const socket of open) socket.close();
    dave.close();
  });
});
