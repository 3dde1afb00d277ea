import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../live/hub.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { latestMail, linkIn } from '../testing/outbox.ts';
import { signIn, startWithSuperAdmin, signUp, verifyEmail, type Session, type TestApp } from '../testing/test-app.ts';
import { API_KEY_REVOKED } from '../api-keys/routes.ts';
import { CHANGE_LINK_INVALID } from '../settings/settings-user-deciders.ts';
import { PASSWORD_UPDATED, PASSWORD_UPDATED_KEY_REVOKED } from '../settings/password-change.ts';

/**
 * Issue #27: someone registers a victim's address first (no verification needed), mints an
 * API key and asks to move the account to their own mailbox. Whatever proves the real owner
 * of the address must take all of that back (docs/accounts.md#taking-an-account-back).
 */
describe('taking an account back from whoever registered its address first', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    ({ t } = await startWithSuperAdmin());
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const json = { 'content-type': 'application/json' };
  const apiKeyOf = async (session: Pick<Session, 'headers'>) => {
    const generated = await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: { ...session.headers, ...json }, payload: {} });
    expect(generated.statusCode).toBe(201);
    return generated.json<{ api_key: string }>().api_key;
  };
  const withKey = (key: string) => t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } });
  const asSession = (session: Pick<Session, 'headers'>) => t.app.inject({ url: '/api/users/me', headers: session.headers });
  const confirmChange = (token: string) => t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token } });

  /** The attacker's set-up: the victim's address registered, a key minted, a move to the attacker's mailbox asked for. */
  async function preRegister(victim: string, attackerMailbox: string) {
    const attacker = await signUp(t.app, victim, 'mallory-knows-this');
    const key = await apiKeyOf(attacker);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/settings/email',
      headers: attacker.headers,
      payload: { new_email: attackerMailbox, current_password: 'mallory-knows-this' },
    });
    expect(asked.statusCode).toBe(200);
    const changeToken = linkIn(latestMail(t.dataDir, attackerMailbox, '/confirm-email-change')!.text, 'confirm-email-change').searchParams.get('token')!;
    // Before the owner acts, everything the attacker set up works, a live-update socket too.
    expect((await asSession(attacker)).statusCode).toBe(200);
    expect((await withKey(key)).statusCode).toBe(200);
    const socket = await liveClient(baseUrl, attacker.token);
    expect(socket.messages.map((message) => message.type)).toEqual(['ready']);
    return { attacker, key, changeToken, socket };
  }

  async function expectTakenBack(held: Awaited<ReturnType<typeof preRegister>>) {
    const refused = await confirmChange(held.changeToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: CHANGE_LINK_INVALID });
    expect((await asSession(held.attacker)).statusCode).toBe(401);
    expect((await withKey(held.key)).statusCode).toBe(401);
    expect(await within(2000, held.socket.closedWith)).toEqual({ code: SESSION_ENDED.code, reason: SESSION_ENDED.reason });
  }

  async function resetByMail(email: string, newPassword: string) {
    const before = latestMail(t.dataDir, email, '/reset-password');
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } })).statusCode).toBe(200);
    await eventually(() => latestMail(t.dataDir, email, '/reset-password') !== before, 5000, 'the reset mail');
    const token = linkIn(latestMail(t.dataDir, email, '/reset-password')!.text, 'reset-password').searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, new_password: newPassword } });
    expect(reset.statusCode).toBe(200);
  }

  it('a reset by the mailed link cancels the pending change of address, ends the attacker’s session and revokes the key', async () => {
    const held = await preRegister('victim1@example.com', 'mallory1@evil.example');
    await resetByMail('victim1@example.com', 'victim-new-pass');
    await expectTakenBack(held);
    const profile = await t.app.inject({ url: '/api/settings/profile', headers: (await signIn(t.app, 'victim1@example.com', 'victim-new-pass')).headers });
    expect(profile.json()).toMatchObject({ email: 'victim1@example.com', is_verified: true, pending_email: null });
    const cancelled = (await t.platform.events.readStream(`user-${held.attacker.user.id}`)).filter((event) => event.type === 'EmailChangeCancelled');
    expect(cancelled.map((event) => event.data)).toEqual([{ user_id: held.attacker.user.id, reason: 'password_reset' }]);
  });

  it('following the verification link mailed at registration does the same (the attacker’s password stays, the rest ends)', async () => {
    const held = await preRegister('victim2@example.com', 'mallory2@evil.example');
    await verifyEmail(t, 'victim2@example.com');
    await expectTakenBack(held);
    const profile = await t.app.inject({ url: '/api/settings/profile', headers: (await signIn(t.app, 'victim2@example.com', 'mallory-knows-this')).headers });
    expect(profile.json()).toMatchObject({ is_verified: true, pending_email: null });
    // Following it again is still success, and ends nothing more.
    const again = await signIn(t.app, 'victim2@example.com', 'mallory-knows-this');
    await verifyEmail(t, 'victim2@example.com');
    expect((await asSession(again)).statusCode).toBe(200);
  });

  it('a reset revokes the API key of a verified account too (a stolen session may have minted it)', async () => {
    const owner = await signUp(t.app, 'owner3@example.com', 'owner-pass-3');
    await verifyEmail(t, 'owner3@example.com');
    const key = await apiKeyOf(await signIn(t.app, 'owner3@example.com', 'owner-pass-3'));
    expect((await withKey(key)).statusCode).toBe(200);
    await resetByMail('owner3@example.com', 'owner-pass-3b');
    expect((await withKey(key)).statusCode).toBe(401);
    expect(owner.user.id).toBeGreaterThan(0);
  });

  it('a password change revokes the API key unless the owner turns that off, and says what it revoked', async () => {
    await signUp(t.app, 'owner4@example.com', 'owner-pass-4');
    const session = await signIn(t.app, 'owner4@example.com', 'owner-pass-4');
    const change = (payload: object) => t.app.inject({ method: 'POST', url: '/api/settings/password', headers: session.headers, payload });

    const kept = await apiKeyOf(session);
    const declined = await change({ current_password: 'owner-pass-4', new_password: 'owner-pass-4b', revoke_api_keys: false });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: PASSWORD_UPDATED, api_key_revoked: false });
    expect((await withKey(kept)).statusCode).toBe(200);

    const byDefault = await change({ current_password: 'owner-pass-4b', new_password: 'owner-pass-4c' });
    expect(byDefault.json()).toEqual({ message: PASSWORD_UPDATED_KEY_REVOKED, api_key_revoked: true });
    expect((await withKey(kept)).statusCode).toBe(401);
    // The session it was made from goes on, and can make a new key at once.
    const none = await t.app.inject({ url: '/api/users/me/api-key', headers: session.headers });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: API_KEY_REVOKED });
    const fresh = await apiKeyOf(session);
    expect((await withKey(fresh)).statusCode).toBe(200);

    const asked = await change({ current_password: 'owner-pass-4c', new_password: 'owner-pass-4d', revoke_api_keys: true });
    expect(asked.json()).toEqual({ message: PASSWORD_UPDATED_KEY_REVOKED, api_key_revoked: true });
    expect((await withKey(fresh)).statusCode).toBe(401);
    // Nothing to revoke: the answer says so.
    expect((await change({ current_password: 'owner-pass-4d', new_password: 'owner-pass-4e' })).json()).toEqual({
      message: PASSWORD_UPDATED,
      api_key_revoked: false,
    });

    const notBoolean = await change({ current_password: 'owner-pass-4e', new_password: 'owner-pass-4f', revoke_api_keys: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toEqual({ detail: 'Revoke API keys must be true or false', field: 'revoke_api_keys' });
  });
});
