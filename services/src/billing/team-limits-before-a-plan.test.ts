import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { sendInvite } from '../testing/workspaces.ts';

/*
 * A new team workspace is on Free without a subscription of its own yet: an admin's limits for
 * it (docs/admin.md#plans-and-limits-of-a-workspace) must hold from the first one, seats included.
 */
describe('an admin’s limits for a team workspace that has never had a plan', () => {
  let t: TestApp;
  let root: Session;
  let asha: Session;
  beforeAll(async () => {
    t = await startTestApp();
    root = await signUpVerified(t, 'root@example.com');
    asha = await signUpVerified(t, 'asha@example.com');
  });
  afterAll(() => t.close());

  it('are kept and enforced: the seats the admin gave let the owner invite', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/workspaces', headers: asha.headers, payload: { name: 'Fresh', slug: 'fresh-team' } });
    const team = created.json<{ workspace: { id: number } }>().workspace.id;

    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workspaces/${team}/limits`,
      headers: root.headers,
      payload: { custom_seats_limit: 3, custom_monthly_links_limit: 25 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      plan_type: 'free',
      custom_seats_limit: 3,
      custom_monthly_links_limit: 25,
      current_limits: { seats: 3, monthly_links: 25 },
    });
    const members = await t.app.inject({ url: `/api/workspaces/${team}/members`, headers: asha.headers });
    expect(members.json()).toMatchObject({ seats: { used: 1, limit: 3 } });

    const invited = await sendInvite(t, asha, team, 'ben@example.com', 'viewer');
    expect(invited.statusCode, invited.body).toBe(201);
  });
});
