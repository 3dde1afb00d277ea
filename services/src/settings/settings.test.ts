import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_RULE } from '@linkledger/contracts';
import { BAD_TOKEN } from '../accounts/authenticate.ts';
import { INVALID_LOGIN } from '../accounts/routes.ts';
import { SESSION_ENDED } from '../live/hub.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { latestMail, linkIn, outbox } from '../testing/outbox.ts';
import { signUp, startTestApp, type TestApp, post, requestToken } from '../testing/test-app.ts';
import { EMAIL_CHANGED, changeLinkSent } from './email-change.ts';
import { OTHERS_SIGNED_OUT, PASSWORD_UPDATED, WRONG_CURRENT_PASSWORD } from './password-change.ts';
import { PROFILE_UPDATED, SESSION_SIGNED_OUT } from './routes.ts';
import { SESSION_NOT_FOUND } from './session-deciders.ts';
import { sessionStream } from './session-state.ts';
import { CHANGE_LINK_INVALID, EMAIL_IN_USE } from './settings-user-deciders.ts';
import { sessionUse } from './sessions.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HOUR = 60 * 60 * 1000;

describe('account settings', () => {
  let t: TestApp;
  let baseUrl: string;
  let now = new Date('2026-04-01T09:00:00Z');
  let root: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => t.close());

  const login = (email: string, password = 'correct horse', userAgent = FIREFOX) =>
    requestToken(t.app, email, password, { headers: { 'user-agent': userAgent } });
  const signIn = async (email: string, password?: string, userAgent?: string) => {
    const answer = await login(email, password, userAgent);
    expect(answer.statusCode).toBe(200);
    const token = answer.json<{ access_token: string }>().access_token;
    return { token, headers: { authorization: `Bearer ${token}` } };
  };
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers });
  const sessions = async (headers: Record<string, string>) => {
    const answer = await t.app.inject({ url: '/api/settings/sessions', headers });
    expect(answer.statusCode).toBe(200);
    return answer.json<{
      sessions: { jti: string; browser: string; os: string; device: string; current: boolean; last_used_at: string; started_at: string }[];
    }>().sessions;
  };

  it('saves the profile: normalised, shown by /me, the profile and the admin user list; hostile text stays text; bad input is refused', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    const hostile = '<script>alert(1)</script> Ada';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/profile',
      headers: ada.headers,
      payload: { username: 'ada.l', full_name: hostile, phone: '+91 98765-43210' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PROFILE_UPDATED,
      username: 'ada.l',
      full_name: hostile,
      phone: '+919876543210',
      email: 'ada@example.com',
      pending_email: null,
    });
    expect(saved.headers['content-type']).toContain('application/json');

    expect((await me(ada.headers)).json()).toMatchObject({ username: 'ada.l', full_name: hostile, phone: '+919876543210' });
    const listed = await t.app.inject({ url: '/api/admin/users?search=ada', headers: root.headers });
    expect(listed.json().users[0]).toMatchObject({ email: 'ada@example.com', username: 'ada.l', full_name: hostile, phone: '+919876543210' });

    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings/profile', headers: ada.headers, payload: { username: 'a b', full_name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(USERNAME_RULE);
    const badPhone = await t.app.inject({ method: 'PUT', url: '/api/settings/profile', headers: ada.headers, payload: { username: 'ada', phone: 'call me' } });
    expect(badPhone.statusCode).toBe(400);

    // Clearing the phone and name.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/profile',
      headers: ada.headers,
      payload: { username: 'ada', full_name: '', phone: '' },
    });
    expect(cleared.json()).toMatchObject({ username: 'ada', full_name: null, phone: null });
  });

  it('changes the e-mail address only when the link mailed to the new one is followed; the old address is told and can register again', async () => {
    const bob = await signUp(t.app, 'bob@example.com');
    await signUp(t.app, 'taken@example.com');

    const wrong = await post(t.app, '/api/settings/email', bob.headers, { new_email: 'robert@example.com', current_password: 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: WRONG_CURRENT_PASSWORD });
    const taken = await post(t.app, '/api/settings/email', bob.headers, { new_email: 'Taken@Example.com', current_password: 'correct horse' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: EMAIL_IN_USE });

    const asked = await post(t.app, '/api/settings/email', bob.headers, { new_email: 'Robert@Example.com', current_password: 'correct horse' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: changeLinkSent('robert@example.com'), pending_email: 'robert@example.com' });
    expect((await t.app.inject({ url: '/api/settings/profile', headers: bob.headers })).json()).toMatchObject({
      email: 'bob@example.com',
      pending_email: 'robert@example.com',
    });

    const mail = latestMail(t.dataDir, 'robert@example.com')!;
    expect(mail.subject).toBe('Confirm your new Linkledger e-mail address');
    const link = linkIn(mail.text, 'confirm-email-change');
    expect(link.origin).toBe('https://lnk.example.com');

    // Until the link is followed, nothing changes.
    expect((await login('bob@example.com')).statusCode).toBe(200);
    expect((await login('robert@example.com')).statusCode).toBe(401);

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token: link.searchParams.get('token') } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: EMAIL_CHANGED });

    expect((await login('robert@example.com')).statusCode).toBe(200);
    const old = await login('bob@example.com');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: INVALID_LOGIN });
    expect((await me(bob.headers)).json()).toMatchObject({ email: 'robert@example.com', is_verified: true });
    const listed = await t.app.inject({ url: '/api/admin/users?search=robert', headers: root.headers });
    expect(listed.json().users.map((user: { email: string }) => user.email)).toEqual(['robert@example.com']);

    const notice = latestMail(t.dataDir, 'bob@example.com')!;
    expect(notice.subject).toBe('Your Linkledger e-mail address was changed');
    expect(notice.text).toContain('robert@example.com');

    // A second use of the link does nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token: link.searchParams.get('token') } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: CHANGE_LINK_INVALID });

    // The old address is free again.
    const newcomer = await signUp(t.app, 'bob@example.com', 'another pass');
    expect(newcomer.user.id).not.toBe(bob.user.id);
    // And the new one is taken.
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'robert@example.com', password: 'whatever1' } })).statusCode).toBe(
      409,
    );
  });

  it('only the latest change link counts, and an address taken meanwhile is refused when the link is followed', async () => {
    const cy = await signUp(t.app, 'cy@example.com');
    const ask = (new_email: string) =>
      t.app.inject({ method: 'POST', url: '/api/settings/email', headers: cy.headers, payload: { new_email, current_password: 'correct horse' } });
    expect((await ask('cy1@example.com')).statusCode).toBe(200);
    const first = linkIn(latestMail(t.dataDir, 'cy1@example.com', '/confirm-email-change')!.text, 'confirm-email-change').searchParams.get('token');
    expect((await ask('cy2@example.com')).statusCode).toBe(200);
    const second = linkIn(latestMail(t.dataDir, 'cy2@example.com', '/confirm-email-change')!.text, 'confirm-email-change').searchParams.get('token');
    const stale = await t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token: first } });
    expect(stale.json()).toEqual({ detail: CHANGE_LINK_INVALID });

    await signUp(t.app, 'cy2@example.com');
    const raced = await t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token: second } });
    expect(raced.statusCode).toBe(409);
    expect(raced.json()).toEqual({ detail: EMAIL_IN_USE });
    expect((await me(cy.headers)).json().email).toBe('cy@example.com');
    expect(outbox(t.dataDir).some((m) => m.to === 'cy@example.com' && m.subject.includes('was changed'))).toBe(false);
  });

  it('lists the sessions with device and browser, marks this one, records use at most hourly, and signs one out', async () => {
    await signUp(t.app, 'dee@example.com');
    const laptop = await signIn('dee@example.com', undefined, FIREFOX);
    const phone = await signIn('dee@example.com', undefined, IPHONE);
    const listed = await sessions(laptop.headers);
    const signUpSession = listed.find((s) => !s.current && s.browser !== 'Mobile Safari');
    expect(listed).toHaveLength(3);
    expect(listed.find((s) => s.current)).toMatchObject({ browser: 'Firefox', os: 'Linux', device: 'desktop' });
    const phoneSession = listed.find((s) => s.device === 'mobile')!;
    expect(phoneSession).toMatchObject({ browser: 'Mobile Safari', os: 'iOS', current: false });

    // Use is recorded at most once an hour.
    const startedAt = phoneSession.last_used_at;
    now = new Date(now.getTime() + 10 * 60 * 1000);
    await me(phone.headers);
    await sessionUse(t.platform).settled();
    expect((await sessions(laptop.headers)).find((s) => s.jti === phoneSession.jti)!.last_used_at).toBe(startedAt);
    now = new Date(now.getTime() + HOUR);
    await me(phone.headers);
    const usedAt = now.toISOString();
    await eventually(async () => (await sessions(laptop.headers)).find((s) => s.jti === phoneSession.jti)!.last_used_at === usedAt, 5000, 'the recorded use');
    const uses = (await t.platform.events.readStream(sessionStream(phoneSession.jti))).filter((e) => e.type === 'SessionUsed');
    expect(uses).toHaveLength(1);
    // A call that also takes an API key records the session's use like any other.
    now = new Date(now.getTime() + HOUR);
    expect((await t.app.inject({ url: '/api/custom-domains', headers: phone.headers })).statusCode).toBe(200);
    const usedByKeyedCallAt = now.toISOString();
    await eventually(
      async () => (await sessions(laptop.headers)).find((s) => s.jti === phoneSession.jti)!.last_used_at === usedByKeyedCallAt,
      5000,
      'the use recorded by a call that also takes a key',
    );

    // Sign out the phone: its token stops working, the laptop stays.
    const out = await t.app.inject({ method: 'DELETE', url: `/api/settings/sessions/${phoneSession.jti}`, headers: laptop.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SESSION_SIGNED_OUT });
    expect((await me(phone.headers)).statusCode).toBe(401);
    expect((await me(laptop.headers)).statusCode).toBe(200);
    expect((await sessions(laptop.headers)).map((s) => s.jti)).not.toContain(phoneSession.jti);

    // Someone else's session is as unknown as a made-up one.
    const eve = await signUp(t.app, 'eve@example.com');
    const notMine = await t.app.inject({ method: 'DELETE', url: `/api/settings/sessions/${signUpSession!.jti}`, headers: eve.headers });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ detail: SESSION_NOT_FOUND });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/settings/sessions/made-up', headers: eve.headers })).statusCode).toBe(404);
  });

  it('signs out every other session and its live socket; this one keeps working', async () => {
    const fay = await signUp(t.app, 'fay@example.com');
    const other = await signIn('fay@example.com', undefined, IPHONE);
    const [mine, theirs] = [await liveClient(baseUrl, fay.token), await liveClient(baseUrl, other.token)];
    now = new Date(now.getTime() + 1000);
    const out = await t.app.inject({ method: 'POST', url: '/api/settings/sessions/revoke-others', headers: fay.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: OTHERS_SIGNED_OUT, signed_out: 1 });
    expect(await within(1000, theirs.closedWith)).toEqual({ code: SESSION_ENDED.code, reason: SESSION_ENDED.reason });
    expect((await me(other.headers)).statusCode).toBe(401);
    expect((await me(fay.headers)).statusCode).toBe(200);
    expect((await sessions(fay.headers)).map((s) => s.current)).toEqual([true]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.messages).toEqual([{ type: 'ready' }]);
    mine.close();
  });

  it('changes the password: the wrong current one is refused; other sessions and their sockets end, this one stays signed in', async () => {
    const gus = await signUp(t.app, 'gus@example.com');
    const other = await signIn('gus@example.com', undefined, IPHONE);
    const [mine, theirs] = [await liveClient(baseUrl, gus.token), await liveClient(baseUrl, other.token)];
    now = new Date(now.getTime() + 1000);

    const wrong = await post(t.app, '/api/settings/password', gus.headers, { current_password: 'guess', new_password: 'new secret' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: WRONG_CURRENT_PASSWORD });
    const short = await post(t.app, '/api/settings/password', gus.headers, { current_password: 'correct horse', new_password: '123' });
    expect(short.statusCode).toBe(400);

    const changed = await post(t.app, '/api/settings/password', gus.headers, { current_password: 'correct horse', new_password: 'new secret' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_UPDATED, api_key_revoked: false });

    expect((await within(1000, theirs.closedWith)).code).toBe(SESSION_ENDED.code);
    const refused = await me(other.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: BAD_TOKEN });
    expect((await me(gus.headers)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.messages).toEqual([{ type: 'ready' }]);
    mine.close();

    expect((await login('gus@example.com')).statusCode).toBe(401);
    expect((await login('gus@example.com', 'new secret')).statusCode).toBe(200);
    const event = (await t.platform.events.readStream(`user-${gus.user.id}`)).find((e) => e.type === 'PasswordChanged')!;
    expect(event.data).toMatchObject({ reason: 'change' });
    expect(JSON.stringify(await t.platform.events.readStream(`user-${gus.user.id}`))).not.toContain('new secret');
  });
});
