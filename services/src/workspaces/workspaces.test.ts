import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_INVITES } from '@linkledger/projections';
import { latestMail } from '../testing/outbox.ts';
import { givePlan } from '../testing/plans.ts';
import { signIn, signUp, signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { inviteTokenMailedTo, sendInvite } from '../testing/workspaces.ts';
import { INVITE_REVOKED_DONE, inviteSent, joinedWorkspace } from './invite-routes.ts';
import { OWNERSHIP_TRANSFERRED, WORKSPACE_LEFT } from './routes.ts';
import { INVITE_USED, INVITE_WRONG_ADDRESS, LAST_OWNER, OWNERS_AND_ADMINS_ONLY, nameTooLong } from './workspace-deciders.ts';
import { TEAM_MANAGEMENT_NOT_IN_PLAN } from './team-management.ts';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';

let t: TestApp;
let asha: Session;
let ben: Session;
let chitra: Session;
let stranger: Session;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  await signUp(t.app, 'root@example.com'); // the first account is the super admin
  asha = await signUpVerified(t, 'asha@example.com');
  ben = await signUpVerified(t, 'ben@example.com');
  chitra = await signUpVerified(t, 'chitra@example.com');
  stranger = await signUp(t.app, 'stranger@example.com');
});
afterAll(() => t.close());

const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload ? { payload } : {}) });

/** A new team workspace of Asha's, on the plan given (free when none). */
async function teamWorkspace(plan?: 'pro' | 'enterprise', name = 'Growth team'): Promise<number> {
  const created = await call(asha, 'POST', '/api/workspaces', { name, slug: `growth-${++n}` });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ workspace: { id: number } }>().workspace.id;
  if (plan) await givePlan(t.platform, id, plan);
  return id;
}

/** Invites the address and answers the token its mail carries. */
async function invite(by: Session, workspaceId: number, email: string, role: string): Promise<string> {
  const sent = await sendInvite(t, by, workspaceId, email, role);
  expect(sent.statusCode, sent.body).toBe(201);
  const token = inviteTokenMailedTo(t.dataDir, email);
  if (!token) throw new Error(`no invite link mailed to ${email}`);
  return token;
}

describe('workspaces over HTTP', () => {
  it('lists each user’s personal workspace, named after them, with them as owner', async () => {
    const listed = await call(ben, 'GET', '/api/workspaces');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      workspaces: [
        { id: ben.user.id, name: 'ben’s workspace', slug: null, personal: true, role: 'owner', owner_ids: [ben.user.id], created_at: expect.any(String) },
      ],
    });
  });

  it('invite → accept → the member is listed with the invite’s role; the token works once, for the invited address only', async () => {
    const team = await teamWorkspace('pro');
    const sent = await call(asha, 'POST', `/api/workspaces/${team}/invites`, { email: 'Ben@Example.com', role: 'member' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: inviteSent('****@Example.com'),
      invite: { role: 'member', email_masked: '****@Example.com', invited_by: asha.user.id },
    });
    const token = inviteTokenMailedTo(t.dataDir, 'Ben@Example.com');

    const wrongAccount = await call(chitra, 'POST', '/api/workspace-invites/accept', { token });
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().detail).toBe(INVITE_WRONG_ADDRESS);
    const unverified = await call(stranger, 'POST', '/api/workspace-invites/accept', { token });
    expect(unverified.statusCode).toBe(403);

    const accepted = await call(ben, 'POST', '/api/workspace-invites/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: joinedWorkspace('Growth team'),
      workspace: { id: team, name: 'Growth team', role: 'member', personal: false },
    });

    const members = await call(asha, 'GET', `/api/workspaces/${team}/members`);
    expect(members.json()).toMatchObject({
      members: [
        { user_id: asha.user.id, username: 'asha', role: 'owner' },
        { user_id: ben.user.id, username: 'ben', role: 'member' },
      ],
      invites: [],
      seats: { used: 2, limit: 5 },
    });
    expect((await call(ben, 'GET', '/api/workspaces')).json().workspaces.map((w: { id: number }) => w.id)).toEqual([ben.user.id, team]);

    const again = await call(ben, 'POST', '/api/workspace-invites/accept', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(INVITE_USED);
    expect((await call(ben, 'POST', '/api/workspace-invites/accept', { token: 'no-such-token' })).statusCode).toBe(404);
  });

  it('a viewer can neither invite nor rename; a workspace one is not a member of is not found', async () => {
    const team = await teamWorkspace('pro');
    const token = await invite(asha, team, 'ben@example.com', 'viewer');
    expect((await call(ben, 'POST', '/api/workspace-invites/accept', { token })).statusCode).toBe(200);

    const viewerInvites = await call(ben, 'POST', `/api/workspaces/${team}/invites`, { email: 'chitra@example.com', role: 'member' });
    expect(viewerInvites.statusCode).toBe(403);
    expect(viewerInvites.json().detail).toBe(OWNERS_AND_ADMINS_ONLY);
    expect((await call(ben, 'PATCH', `/api/workspaces/${team}`, { name: 'Mine now' })).statusCode).toBe(403);

    for (const [method, url, body] of [
      ['GET', `/api/workspaces/${team}`],
      ['GET', `/api/workspaces/${team}/members`],
      ['PATCH', `/api/workspaces/${team}`, { name: 'Hijacked' }],
      ['DELETE', `/api/workspaces/${team}`],
      ['POST', `/api/workspaces/${team}/invites`, { email: 'x@example.com', role: 'member' }],
      ['GET', `/api/workspaces/${asha.user.id}`],
      ['GET', '/api/workspaces/999999'],
    ] as const) {
      const answer = await call(chitra, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().detail).toBe(WORKSPACE_NOT_FOUND);
    }
  });

  it('enforces the seats of the workspace’s own plan: members and pending invites count; a revoked invite frees its seat', async () => {
    const free = await teamWorkspace();
    const refused = await call(asha, 'POST', `/api/workspaces/${free}/invites`, { email: 'ben@example.com', role: 'member' });
    expect(refused.statusCode).toBe(403);
    // Free has no team collaboration: that is said before its one seat (docs/workspaces.md#team-collaboration).
    expect(refused.json().detail).toBe(TEAM_MANAGEMENT_NOT_IN_PLAN);

    const pro = await teamWorkspace('pro');
    for (let i = 0; i < 4; i++)
      expect((await call(asha, 'POST', `/api/workspaces/${pro}/invites`, { email: `seat${i}@example.com`, role: 'viewer' })).statusCode).toBe(201);
    const sixth = await call(asha, 'POST', `/api/workspaces/${pro}/invites`, { email: 'seat4@example.com', role: 'viewer' });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().detail).toContain('all 5 seats your Pro plan allows');

    const { invites, seats } = (await call(asha, 'GET', `/api/workspaces/${pro}/members`)).json();
    expect(seats).toEqual({ used: 5, limit: 5 });
    expect((await call(asha, 'DELETE', `/api/workspaces/${pro}/invites/${invites[0].id}`)).json()).toEqual({ message: INVITE_REVOKED_DONE });
    expect((await call(asha, 'POST', `/api/workspaces/${pro}/invites`, { email: 'seat4@example.com', role: 'viewer' })).statusCode).toBe(201);
  });

  it('an admin’s own seat limit for a user’s personal workspace applies in place of the plan’s, and is named as such', async () => {
    const root = await signIn(t.app, 'root@example.com');
    const dev = await signUpVerified(t, 'dev@example.com');
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/api/users/${dev.user.id}/limits`,
      headers: root.headers,
      payload: { custom_seats_limit: 2 },
    });
    expect(set.json()).toMatchObject({ custom_seats_limit: 2, current_limits: { seats: 2 } });
    expect((await call(dev, 'POST', `/api/workspaces/${dev.user.id}/invites`, { email: 'one@example.com', role: 'member' })).statusCode).toBe(201);
    const second = await call(dev, 'POST', `/api/workspaces/${dev.user.id}/invites`, { email: 'two@example.com', role: 'member' });
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toContain('all 2 seats this workspace allows (a limit set for the workspace, not by its plan)');
  });

  it('an owner cannot leave without handing ownership over; after a transfer they can', async () => {
    const team = await teamWorkspace('pro');
    const token = await invite(asha, team, 'ben@example.com', 'admin');
    expect((await call(ben, 'POST', '/api/workspace-invites/accept', { token })).statusCode).toBe(200);

    const leave = await call(asha, 'DELETE', `/api/workspaces/${team}/members/${asha.user.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toBe(LAST_OWNER);
    expect((await call(ben, 'DELETE', `/api/workspaces/${team}/members/${asha.user.id}`)).statusCode).toBe(403);

    expect((await call(asha, 'POST', `/api/workspaces/${team}/transfer`, { user_id: ben.user.id })).json()).toEqual({ message: OWNERSHIP_TRANSFERRED });
    expect((await call(asha, 'DELETE', `/api/workspaces/${team}/members/${asha.user.id}`)).json()).toEqual({ message: WORKSPACE_LEFT });
    expect((await call(asha, 'GET', `/api/workspaces/${team}`)).statusCode).toBe(404);
    expect((await call(ben, 'GET', `/api/workspaces/${team}`)).json()).toMatchObject({ role: 'owner', owner_ids: [ben.user.id] });
    // A personal workspace is its user's for good.
    expect((await call(asha, 'DELETE', `/api/workspaces/${asha.user.id}/members/${asha.user.id}`)).statusCode).toBe(409);
    expect((await call(asha, 'DELETE', `/api/workspaces/${asha.user.id}`)).statusCode).toBe(409);
  });

  it('hostile names come back out of JSON and the invite mail unchanged (escaped in HTML); control characters and long names are refused', async () => {
    const hostile = `<script>alert("x")</script> & 'Ünïcode' 🚀`;
    const team = await teamWorkspace('pro', hostile);
    const read = await call(asha, 'GET', `/api/workspaces/${team}`);
    expect(read.json().name).toBe(hostile);
    expect(read.headers['content-type']).toContain('application/json');
    await invite(asha, team, 'chitra@example.com', 'viewer');
    const mail = latestMail(t.dataDir, 'chitra@example.com', '/invite/')!;
    expect(mail.text).toContain(hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');

    for (const name of ['Line\nbreak', 'Tab\there', 'Nul\u0000', 'Bell\u0007']) {
      const refused = await call(asha, 'PATCH', `/api/workspaces/${team}`, { name });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json().field).toBe('name');
    }
    const long = await call(asha, 'PATCH', `/api/workspaces/${team}`, { name: 'x'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe(nameTooLong(65));
    expect((await call(asha, 'PATCH', `/api/workspaces/${team}`, { name: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await call(asha, 'GET', `/api/workspaces/${team}`)).json().name).toBe(hostile);
  });

  it('refuses fields it does not know, naming them, and a taken or bad slug', async () => {
    const unknown = await call(asha, 'POST', '/api/workspaces', { name: 'X', slug: 'unknown-field', plan: 'enterprise' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: expect.stringContaining('plan'), field: 'plan' });
    const team = await teamWorkspace();
    const roleWithExtra = await call(asha, 'POST', `/api/workspaces/${team}/invites`, { email: 'a@example.com', role: 'member', seats: 99 });
    expect(roleWithExtra.statusCode).toBe(400);
    expect(roleWithExtra.json().field).toBe('seats');

    expect((await call(asha, 'POST', '/api/workspaces', { name: 'Again', slug: 'Taken-Slug' })).statusCode).toBe(201);
    const taken = await call(ben, 'POST', '/api/workspaces', { name: 'Mine', slug: 'taken-slug' });
    expect(taken.statusCode).toBe(409);
    expect((await call(ben, 'POST', '/api/workspaces', { name: 'Mine', slug: '<b>' })).statusCode).toBe(400);
  });

  it('declining frees the seat and uses the token up; the invited address is kept sealed, never in the log or the read model as written', async () => {
    const team = await teamWorkspace('pro');
    const token = await invite(asha, team, 'Chitra@Example.com', 'member');
    // Only the invited person answers: someone else cannot decline it for them.
    expect((await call(ben, 'POST', '/api/workspace-invites/decline', { token })).statusCode).toBe(403);
    const declined = await call(chitra, 'POST', '/api/workspace-invites/decline', { token });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await call(asha, 'GET', `/api/workspaces/${team}/members`)).json()).toMatchObject({ invites: [], seats: { used: 1 } });
    expect((await call(chitra, 'POST', '/api/workspace-invites/accept', { token })).json().detail).toBe(INVITE_USED);
    expect((await call(chitra, 'GET', `/api/workspaces/${team}`)).statusCode).toBe(404);

    await invite(asha, team, 'never.registered@example.org', 'viewer');
    const log = ['events.db', 'events.db-wal'].map((file) => join(t.dataDir, file)).filter(existsSync);
    for (const file of log) expect(readFileSync(file).includes('never.registered@example.org')).toBe(false);
    expect(JSON.stringify(await t.platform.read.find(WORKSPACE_INVITES))).not.toContain('never.registered@example.org');
  });

  it('asks for a signed-in caller', async () => {
    expect((await call(null, 'GET', '/api/workspaces')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/workspace-invites/accept', { token: 'x' })).statusCode).toBe(401);
  });
});
