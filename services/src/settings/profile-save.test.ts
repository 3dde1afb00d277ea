import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, startTestApp, type TestApp, post } from '../testing/test-app.ts';
import { PASSWORD_NOT_NEW, USERNAME_TAKEN } from './settings-user-deciders.ts';

/** Issue #29: usernames unique whatever their case, a partial profile save, and a "new" password that is the old one. */
describe('profile and password saves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
    await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => t.close());

  const put = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/settings/profile', headers, payload });
  const profile = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/settings/profile', headers })).json();

  it('a save with only the username leaves the full name and phone as they are; an empty one clears it', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    expect((await put(ada.headers, { username: 'ada', full_name: 'Ada Lovelace', phone: '+91 98765 43210' })).statusCode).toBe(200);
    const renamed = await put(ada.headers, { username: 'countess' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ username: 'countess', full_name: 'Ada Lovelace', phone: '+919876543210' });
    expect(await profile(ada.headers)).toMatchObject({ username: 'countess', full_name: 'Ada Lovelace', phone: '+919876543210' });
    expect((await put(ada.headers, { phone: '' })).json()).toMatchObject({ username: 'countess', full_name: 'Ada Lovelace', phone: null });
  });

  it('refuses a username another account holds, in any case, with 409 naming Username; a released one is free again', async () => {
    const bob = await signUp(t.app, 'bob@example.com');
    const cy = await signUp(t.app, 'cy@example.com');
    expect((await put(bob.headers, { username: 'Grace-H' })).statusCode).toBe(200);

    const taken = await put(cy.headers, { username: 'grace-h', full_name: 'Cy' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: USERNAME_TAKEN });
    expect(USERNAME_TAKEN).toMatch(/^Username /);
    expect(await profile(cy.headers)).toMatchObject({ username: 'cy_', full_name: null });

    // Bob's own name in another case is still his.
    expect((await put(bob.headers, { username: 'grace-h' })).json()).toMatchObject({ username: 'grace-h' });
    expect((await put(bob.headers, { username: 'bob-2' })).statusCode).toBe(200);
    expect((await put(cy.headers, { username: 'GRACE-H' })).json()).toMatchObject({ username: 'GRACE-H' });
    expect((await put(bob.headers, { username: 'grace-h' })).statusCode).toBe(409);
  });

  it('refuses the name another account starts with (its address before the @), whatever the case', async () => {
    await signUp(t.app, 'dora@example.com');
    const eve = await signUp(t.app, 'eve@example.com');
    const taken = await put(eve.headers, { username: 'DORA' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: USERNAME_TAKEN });
  });

  it('a new account whose address’s own name another account shows or holds starts with the next free one', async () => {
    const first = await signUp(t.app, 'kim@one.example');
    const second = await signUp(t.app, 'Kim@two.example');
    expect(await profile(first.headers)).toMatchObject({ username: 'kim' });
    expect(await profile(second.headers)).toMatchObject({ username: 'kim-2', full_name: null, phone: null });
    // A chosen name is claimed: registering its address's name gets the next one too.
    const third = await signUp(t.app, 'lee@three.example');
    expect((await put(third.headers, { username: 'kim-3' })).statusCode).toBe(200);
    const fourth = await signUp(t.app, 'kim@four.example');
    expect(await profile(fourth.headers)).toMatchObject({ username: 'kim-4' });
  });

  it('two saves of one free name at once: one wins, the other is refused', async () => {
    const [fay, gus] = await Promise.all([signUp(t.app, 'fay@example.com'), signUp(t.app, 'gus@example.com')]);
    const answers = await Promise.all([put(fay.headers, { username: 'racer' }), put(gus.headers, { username: 'RACER' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a field the profile does not know, naming it', async () => {
    const hal = await signUp(t.app, 'hal@example.com');
    const answer = await put(hal.headers, { username: 'hal-9000', email: 'other@example.com' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain('email');
  });

  it('refuses the current password as the new one, with a message, and signs nobody out', async () => {
    const ivy = await signUp(t.app, 'ivy@example.com');
    const other = await signIn(t.app, 'ivy@example.com');
    const same = await post(t.app, '/api/settings/password', ivy.headers, { current_password: 'correct horse', new_password: 'correct horse' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ detail: PASSWORD_NOT_NEW });
    expect((await t.app.inject({ url: '/api/users/me', headers: other.headers })).statusCode).toBe(200);
    expect((await t.platform.events.readStream(`user-${ivy.user.id}`)).map((event) => event.type)).not.toContain('PasswordChanged');
  });
});
