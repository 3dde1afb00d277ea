import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { launchTeam } from '../testing/workspaces.ts';
import { onlyOwnerOf } from './leave-on-account-deletion.ts';

let t: TestApp;
let asha: Session;
let ben: Session;
let team: number;

const deleteAccount = (session: Session, email: string) =>
  post(t.app, '/api/settings/account/delete', session.headers, { password: 'correct horse', confirm_email: email });
const memberIds = async () =>
  (await t.app.inject({ url: `/api/workspaces/${team}/members`, headers: asha.headers })).json<{ members: { user_id: number }[]; seats: { used: number } }>();

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({ asha, ben, team } = await launchTeam(t));
});
afterAll(() => t.close());

describe('deleting an account that belongs to workspaces (docs/workspaces.md#deleting-an-account)', () => {
  it('is refused while the account is a team’s only owner, naming the team, and nothing changes', async () => {
    const refused = await deleteAccount(asha, 'asha@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(onlyOwnerOf(['Team']));
    expect((await t.app.inject({ url: '/api/workspaces', headers: asha.headers })).statusCode).toBe(200);
    expect((await memberIds()).members.map((member) => member.user_id)).toContain(ben.user.id);
  });

  it('a member’s deletion takes them out of the team: its members and seats no longer count them', async () => {
    const before = await memberIds();
    const deleted = await deleteAccount(ben, 'ben@example.com');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await memberIds();
    expect(after.members.map((member) => member.user_id)).not.toContain(ben.user.id);
    expect(after.seats.used).toBe(before.seats.used - 1);
    const history = await t.platform.events.readStream(`workspace-${team}`);
    expect(history.at(-1)).toMatchObject({ type: 'WorkspaceMemberRemoved', data: { workspace_id: team, user_id: ben.user.id, reason: 'left' } });
  });
});
