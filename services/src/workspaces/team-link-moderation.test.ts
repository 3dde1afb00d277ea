import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ON_SUPER_ADMIN } from '../admin/who-acts-on-whom.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { linkInWorkspace, teamWithAnAdminMember } from '../testing/workspaces.ts';

let t: TestApp;
let root: Session;
let asha: Session;
let admin: Session;
let team: number;

const teamLink = async (owner: Session, workspace: number, url: string) => (await linkInWorkspace(t, owner, workspace, url)).id;
const disable = (by: Session, linkId: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/links/${linkId}/disable`, headers: by.headers, payload: { reason: 'Phishing' } });

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({ root, asha, team, admin } = await teamWithAnAdminMember(t, 'moderated-team'));
});
afterAll(() => t.close());

describe('moderating a team workspace’s link (docs/admin.md#who-acts-on-whom)', () => {
  it('an admin disables a link of a team workspace an ordinary user owns', async () => {
    const linkId = await teamLink(asha, team, 'https://example.com/spam');
    const disabled = await disable(admin, linkId);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ link: { id: linkId, disabled_by_admin: true, moderation_reason: 'Phishing' } });
  });

  it('is refused on a team workspace the super admin owns, as on the super admin’s own links', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/workspaces', headers: root.headers, payload: { name: 'Staff', slug: 'staff-team' } });
    const staff = created.json<{ workspace: { id: number } }>().workspace.id;
    const linkId = await teamLink(root, staff, 'https://example.com/staff');
    const refused = await disable(admin, linkId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(NOT_ON_SUPER_ADMIN);
  });
});
