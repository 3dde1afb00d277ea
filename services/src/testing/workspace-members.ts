import { latestMail } from './outbox.ts';
import { givePlan } from './plans.ts';
import { signUpVerified, type Session, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Sends a request as a session, acting in the workspace named (X-Workspace-Id), or in the caller's personal one for null. */
export const callAs = (t: Pick<TestApp, 'app'>) => (session: Session, method: Method, url: string, workspace: number | string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...(workspace === null ? {} : { 'x-workspace-id': String(workspace) }) },
    ...(payload ? { payload } : {}),
  });

/** Given: the inviter invites the address with a role, and the invitee accepts through the mailed link. */
async function joinByInvite(t: Pick<TestApp, 'app' | 'dataDir'>, inviter: Session, workspaceId: number, invitee: Session, email: string, role: string) {
  const call = callAs(t);
  const sent = await call(inviter, 'POST', `/api/workspaces/${workspaceId}/invites`, null, { email, role });
  if (sent.statusCode !== 201) throw new Error(`invite ${sent.statusCode}: ${sent.body}`);
  const token = latestMail(t.dataDir, email, '/invite/')?.text.match(/\/invite\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invite mail for ${email}`);
  const accepted = await call(invitee, 'POST', '/api/workspace-invites/accept', null, { token });
  if (accepted.statusCode !== 200) throw new Error(`accept ${accepted.statusCode}: ${accepted.body}`);
}

/**
 * Given: a team workspace "Launch team" on pro (free seats one) owned by asha, with ben a
 * member and vikram a viewer; an outsider with no part in it (the installation's first
 * account, its super admin, is signed up before them all).
 */
export async function launchTeam(t: Pick<TestApp, 'app' | 'dataDir' | 'platform'>) {
  const root = await signUpVerified(t, 'root@example.com');
  const asha = await signUpVerified(t, 'asha@example.com');
  const ben = await signUpVerified(t, 'ben@example.com');
  const vikram = await signUpVerified(t, 'vikram@example.com');
  const outsider = await signUpVerified(t, 'outsider@example.com');
  const created = await callAs(t)(asha, 'POST', '/api/workspaces', null, { name: 'Launch team', slug: 'launch-team' });
  if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`);
  const team = created.json<{ workspace: { id: number } }>().workspace.id;
  await givePlan(t.platform, team, 'pro');
  await joinByInvite(t, asha, team, ben, 'ben@example.com', 'member');
  await joinByInvite(t, asha, team, vikram, 'vikram@example.com', 'viewer');
  return { root, asha, ben, vikram, outsider, team };
}
