import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { latestMail } from './outbox.ts';
import type { WorkspaceRole } from '@linkledger/contracts';
import { givePlan } from './plans.ts';
import { signUpVerified, type Session, type TestApp } from './test-app.ts';

/** A request as the session in the workspace X-Workspace-Id names; with null it names none, so the caller's personal one. */
export const callInWorkspace = (
  t: TestApp,
  session: Pick<Session, 'headers'>,
  method: InjectOptions['method'],
  url: string,
  workspace: number | string | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...(workspace === null ? {} : { 'x-workspace-id': String(workspace) }) },
    ...(payload ? { payload } : {}),
  });

/** A request signed with a workspace API key (X-API-Key) instead of a session, with any other headers given. */
export const callWithKey = (t: TestApp, key: string, method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload ? { payload } : {}) });

/** The inviter invites the address to the workspace with the role: the request, for the test to check its answer. */
export const sendInvite = (t: Pick<TestApp, 'app'>, inviter: Pick<Session, 'headers'>, workspaceId: number, email: string, role: string) =>
  t.app.inject({ method: 'POST', url: `/api/workspaces/${workspaceId}/invites`, headers: inviter.headers, payload: { email, role } });

/** The token of the latest invite link mailed to the address; undefined when none was mailed. */
export const inviteTokenMailedTo = (dataDir: string, email: string): string | undefined =>
  latestMail(dataDir, email, '/invite/')?.text.match(/\/invite\/([\w-]+)/)?.[1];

/** A team workspace of the owner's (named by its slug). */
async function teamWorkspaceOf(t: TestApp, owner: Session, name: string, slug: string): Promise<number> {
  const created = await t.app.inject({ method: 'POST', url: '/api/workspaces', headers: owner.headers, payload: { name, slug } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ workspace: { id: number } }>().workspace.id;
}

/** The inviter invites the address with the role, and the invitee accepts through the mailed link's token. */
async function joinWorkspace(t: TestApp, inviter: Session, workspaceId: number, invitee: Session, email: string, role: string): Promise<void> {
  const sent = await sendInvite(t, inviter, workspaceId, email, role);
  expect(sent.statusCode, sent.body).toBe(201);
  const token = inviteTokenMailedTo(t.dataDir, email);
  const accepted = await t.app.inject({ method: 'POST', url: '/api/workspace-invites/accept', headers: invitee.headers, payload: { token } });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** A Pro team workspace of Asha's (Free has one seat) with the members given, each joined by invite, and an outsider. */
export async function teamOnPro<Name extends string>(t: TestApp, slug: string, members: Record<Name, WorkspaceRole>) {
  const root = await signUpVerified(t, 'root@example.com'); // the first account is the super admin
  const asha = await signUpVerified(t, 'asha@example.com');
  const outsider = await signUpVerified(t, 'outsider@example.com');
  const team = await teamWorkspaceOf(t, asha, 'Team', slug);
  await givePlan(t.platform, team, 'pro');
  const joined = {} as Record<Name, Session>;
  for (const [name, role] of Object.entries(members) as [Name, WorkspaceRole][]) {
    const member = await signUpVerified(t, `${name}@example.com`);
    await joinWorkspace(t, asha, team, member, `${name}@example.com`, role);
    joined[name] = member;
  }
  return { root, asha, outsider, team, members: joined };
}

/** The launch team most workspace tests share: Asha owns it (on Pro), Ben is a member, Vikram a viewer; an outsider is no member. */
export async function launchTeam(t: TestApp) {
  const { asha, outsider, team, members } = await teamOnPro(t, 'launch-team', { ben: 'member', vikram: 'viewer' });
  return { asha, outsider, team, ...members };
}

/** A Pro team of Asha's with a member the super admin has made an admin: for tests of admins acting on a team. */
export async function teamWithAnAdminMember(t: TestApp, slug: string) {
  const {
    root,
    asha,
    team,
    members: { admin },
  } = await teamOnPro(t, slug, { admin: 'member' });
  const promoted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${admin.user.id}/role`, headers: root.headers, payload: { role: 'admin' } });
  expect(promoted.statusCode, promoted.body).toBe(200);
  return { root, asha, team, admin };
}

/** A link the member creates in the workspace: its id and short code. */
export async function linkInWorkspace(t: TestApp, member: Session, workspaceId: number, originalUrl: string): Promise<{ id: number; short_code: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/urls',
    headers: { ...member.headers, 'x-workspace-id': String(workspaceId) },
    payload: { original_url: originalUrl },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}
