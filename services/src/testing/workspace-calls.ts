import { expect } from 'vitest';
import { latestMail } from './outbox.ts';
import { givePlan } from './plans.ts';
import { signUpVerified, type Session, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls as a session in a workspace (`X-Workspace-Id`), or with no header (`null`: the caller's personal one). */
export const workspaceCaller = (t: TestApp) => (session: Session, method: Method, url: string, workspace: number | string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...(workspace === null ? {} : { 'x-workspace-id': String(workspace) }) },
    ...(payload ? { payload } : {}),
  });

/** Given: the invitee a member of the team with the role, invited by the inviter and accepted through the mailed link. */
async function joinWorkspace(t: TestApp, team: number, inviter: Session, invitee: Session, email: string, role: string): Promise<void> {
  const call = workspaceCaller(t);
  const sent = await call(inviter, 'POST', `/api/workspaces/${team}/invites`, null, { email, role });
  expect(sent.statusCode, sent.body).toBe(201);
  const token = latestMail(t.dataDir, email, '/invite/')!.text.match(/\/invite\/([\w-]+)/)![1]!;
  const accepted = await call(invitee, 'POST', '/api/workspace-invites/accept', null, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/**
 * Given: a super admin, then Asha, owner of the team workspace "Launch team" on Pro (Free seats
 * one), Ben a member of it, Vikram a viewer, and an outsider; each on Free in their own workspace.
 */
export async function launchTeam(t: TestApp) {
  await signUpVerified(t, 'root@example.com'); // the first account is the super admin
  const asha = await signUpVerified(t, 'asha@example.com');
  const ben = await signUpVerified(t, 'ben@example.com');
  const vikram = await signUpVerified(t, 'vikram@example.com');
  const outsider = await signUpVerified(t, 'outsider@example.com');
  const created = await workspaceCaller(t)(asha, 'POST', '/api/workspaces', null, { name: 'Launch team', slug: 'launch-team' });
  expect(created.statusCode, created.body).toBe(201);
  const team = created.json<{ workspace: { id: number } }>().workspace.id;
  await givePlan(t.platform, team, 'pro');
  await joinWorkspace(t, team, asha, ben, 'ben@example.com', 'member');
  await joinWorkspace(t, team, asha, vikram, 'vikram@example.com', 'viewer');
  return { asha, ben, vikram, outsider, team };
}
