import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenMailedTo, sendInvite } from '../testing/workspaces.ts';
import { givePlan } from '../testing/plans.ts';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { INVITE_EXPIRED, INVITE_INVALID, INVITE_REVOKED, INVITE_USED } from './workspace-deciders.ts';

const HOSTILE_NAME = '<img src=x onerror=alert(1)> Launch';

/*
 * The invite screen's preview (docs/workspaces.md#invites): anyone holding the link sees what it
 * offers, and nothing else; a dead link says why; a script walking tokens is held back. The app's
 * clock is the test's.
 */
describe('POST /api/workspace-invites/preview', () => {
  let now = new Date('2026-11-27T10:00:00Z');
  let t: TestApp;
  let asha: Session;
  let ben: Session;
  let team: number;
  let ip = 0;
  /** Each test's calls come from their own address, so the throttle's count is the test's own. */
  const from = () => `198.51.100.${++ip}`;

  const preview = (token: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/workspace-invites/preview', remoteAddress, payload: { token } });
  const invite = async (email: string) => {
    const sent = await sendInvite(t, asha, team, email, 'viewer');
    expect(sent.statusCode, sent.body).toBe(201);
    return { id: sent.json<{ invite: { id: string } }>().invite.id, token: inviteTokenMailedTo(t.dataDir, email)! };
  };

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
    await signUpVerified(t, 'root@example.com');
    asha = await signUpVerified(t, 'asha@example.com');
    ben = await signUpVerified(t, 'ben.sharma@example.com');
    const created = await t.app.inject({ method: 'POST', url: '/api/workspaces', headers: asha.headers, payload: { name: HOSTILE_NAME, slug: 'launch' } });
    team = created.json<{ workspace: { id: number } }>().workspace.id;
    await givePlan(t.platform, team, 'pro');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a visitor with the link the workspace, the inviter, the role and the expiry; the address only masked, the name as a JSON string', async () => {
    const { token } = await invite('ben.sharma@example.com');
    const answer = await preview(token, from());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      workspace: { name: HOSTILE_NAME, personal: false },
      inviter: 'asha',
      role: 'viewer',
      email_masked: 'be****@example.com',
      expires_at: '2026-12-04T10:00:00.000Z',
    });
    expect(answer.body).not.toContain('ben.sharma');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // Opening it spends nothing: Ben can still accept.
    const accepted = await t.app.inject({ method: 'POST', url: '/api/workspace-invites/accept', headers: ben.headers, payload: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Once answered, it says so.
    expect((await preview(token, from())).json()).toEqual({ detail: INVITE_USED });
    expect((await preview(token, from())).statusCode).toBe(404);
  });

  it('answers 404 with its own words for a token no invite has, a withdrawn invite and an expired one', async () => {
    expect(await preview('no-such-token', from())).toMatchObject({ statusCode: 404 });
    expect((await preview('no-such-token', from())).json()).toEqual({ detail: INVITE_INVALID });

    const withdrawn = await invite('carol@example.com');
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}/invites/${withdrawn.id}`, headers: asha.headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const revokedAnswer = await preview(withdrawn.token, from());
    expect([revokedAnswer.statusCode, revokedAnswer.json()]).toEqual([404, { detail: INVITE_REVOKED }]);

    const late = await invite('dev@example.com');
    expect((await preview(late.token, from())).statusCode).toBe(200);
    now = new Date(now.getTime() + 7 * 86_400_000);
    const expired = await preview(late.token, from());
    expect([expired.statusCode, expired.json()]).toEqual([404, { detail: INVITE_EXPIRED }]);
  });

  it('holds back one address after 30 previews in 15 minutes with 429 and Retry-After, while other addresses go on', async () => {
    const walker = from();
    for (let attempt = 0; attempt < 30; attempt++) expect((await preview(`guess-${attempt}`, walker)).statusCode).toBe(404);
    const held = await preview('guess-30', walker);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preview('guess-31', from())).statusCode).toBe(404);
  });

  it('refuses a body with an unknown field, naming it, and a missing token', async () => {
    const extra = await t.app.inject({ method: 'POST', url: '/api/workspace-invites/preview', remoteAddress: from(), payload: { token: 'x', email: 'a@b.c' } });
    expect([extra.statusCode, extra.json().detail]).toEqual([400, expect.stringContaining('email')]);
    expect((await t.app.inject({ method: 'POST', url: '/api/workspace-invites/preview', remoteAddress: from(), payload: {} })).statusCode).toBe(400);
  });
});
