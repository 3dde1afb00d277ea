import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ON_SUPER_ADMIN } from '../admin/who-acts-on-whom.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { teamWithAnAdminMember } from '../testing/workspaces.ts';
import { ADMINS_CHANGE_WORKSPACE_PLANS, ADMINS_SET_WORKSPACE_LIMITS, WORKSPACE_NOT_FOUND_FOR_ADMINS } from './admin-subjects.ts';

let t: TestApp;
let root: Session;
let asha: Session;
let admin: Session;
let team: number;

const call = (by: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
const seatsOf = async (workspace: number) => (await call(asha, 'GET', `/api/workspaces/${workspace}/members`)).json<{ seats: { limit: number } }>().seats;
const createTeamLink = (workspace: number, url: string) =>
  t.app.inject({ method: 'POST', url: '/api/urls', headers: { ...asha.headers, 'x-workspace-id': String(workspace) }, payload: { original_url: url } });

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({ root, asha, team, admin } = await teamWithAnAdminMember(t, 'admin-plans-team'));
});
afterAll(() => t.close());

describe('an admin acts on a workspace by its id (docs/admin.md#plans-and-limits-of-a-workspace)', () => {
  it('changes a team workspace’s plan: its seats and its monthly link limit follow, and the history shows it', async () => {
    expect(await seatsOf(team)).toMatchObject({ limit: 5 });
    const changed = await call(admin, 'POST', `/api/admin/workspaces/${team}/change-plan`, { plan_type: 'enterprise' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Plan changed successfully: the workspace is now on the enterprise plan.',
      workspace_id: team,
      plan_type: 'enterprise',
    });
    expect(await seatsOf(team)).toMatchObject({ limit: 50 });

    const subscription = (await call(admin, 'GET', `/api/admin/workspaces/${team}/subscription`)).json();
    const enterprise = (await call(admin, 'GET', '/api/admin/plans'))
      .json<{ plans: { name: string; monthly_links_limit: number }[] }>()
      .plans.find((plan) => plan.name === 'enterprise')!;
    expect(subscription).toMatchObject({ id: team, plan_type: 'enterprise', limits: { monthly_links: enterprise.monthly_links_limit } });

    const history = await call(admin, 'GET', `/api/admin/workspaces/${team}/subscription/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().history.map((row: { plan_name: string; reason: string }) => [row.plan_name, row.reason])).toEqual([
      ['enterprise', 'admin'],
      ['pro', 'admin'],
    ]);
  });

  it('sets a team workspace’s own limits, seats included, and they are enforced', async () => {
    const set = await call(admin, 'PUT', `/api/admin/workspaces/${team}/limits`, { custom_seats_limit: 3, custom_monthly_links_limit: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ workspace_id: team, name: 'Team', custom_seats_limit: 3, current_limits: { seats: 3, monthly_links: 1 } });
    expect(set.json()).not.toHaveProperty('user_id');
    expect(await seatsOf(team)).toMatchObject({ limit: 3 });
    expect((await createTeamLink(team, 'https://example.com/first')).statusCode).toBe(201);
    const second = await createTeamLink(team, 'https://example.com/second');
    expect(second.statusCode, second.body).toBe(403);
    const read = await call(admin, 'GET', `/api/admin/workspaces/${team}/limits`);
    expect(read.json()).toEqual(set.json());
  });

  it('refuses a field it does not know, naming it, and changes nothing: a misspelt limit is not a reset of every limit', async () => {
    const before = (await call(admin, 'GET', `/api/admin/workspaces/${team}/limits`)).json();
    const misspelt = await call(admin, 'PUT', `/api/admin/workspaces/${team}/limits`, { custom_seat_limit: 10 });
    expect(misspelt.statusCode, misspelt.body).toBe(400);
    expect(misspelt.json()).toMatchObject({ field: 'custom_seat_limit' });
    expect((await call(admin, 'GET', `/api/admin/workspaces/${team}/limits`)).json()).toEqual(before);

    const plan = await call(admin, 'POST', `/api/admin/workspaces/${team}/change-plan`, { plan_type: 'pro', seats: 100 });
    expect(plan.statusCode, plan.body).toBe(400);
    expect(plan.json()).toMatchObject({ field: 'seats' });
  });

  it('tells a caller who is no admin, even the workspace’s owner, that only an admin changes a workspace’s plan or sets its limits', async () => {
    const refusals = await Promise.all([
      call(asha, 'POST', `/api/admin/workspaces/${team}/change-plan`, { plan_type: 'pro' }),
      call(asha, 'GET', `/api/admin/workspaces/${team}/subscription`),
      call(asha, 'PUT', `/api/admin/workspaces/${team}/limits`, { custom_seats_limit: 9 }),
      call(asha, 'GET', `/api/admin/workspaces/${team}/limits`),
    ]);
    expect(refusals.map((refused) => [refused.statusCode, refused.json().detail])).toEqual([
      [403, ADMINS_CHANGE_WORKSPACE_PLANS],
      [403, ADMINS_CHANGE_WORKSPACE_PLANS],
      [403, ADMINS_SET_WORKSPACE_LIMITS],
      [403, ADMINS_SET_WORKSPACE_LIMITS],
    ]);
    expect(ADMINS_CHANGE_WORKSPACE_PLANS).toBe('Only an admin or super admin can change a workspace’s plan.');
    expect(ADMINS_SET_WORKSPACE_LIMITS).toBe('Only an admin or super admin can set a workspace’s limits.');
  });

  it('answers a personal workspace by its id, named as a workspace', async () => {
    const limits = await call(admin, 'GET', `/api/admin/workspaces/${asha.user.id}/limits`);
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json()).toMatchObject({ workspace_id: asha.user.id, plan_type: 'free' });
  });

  it('is refused on a team workspace the super admin owns, as on the super admin’s own account', async () => {
    const created = await call(root, 'POST', '/api/workspaces', { name: 'Staff', slug: 'admin-plans-staff' });
    const staff = created.json<{ workspace: { id: number } }>().workspace.id;
    for (const refused of [
      await call(admin, 'POST', `/api/admin/workspaces/${staff}/change-plan`, { plan_type: 'enterprise' }),
      await call(admin, 'PUT', `/api/admin/workspaces/${staff}/limits`, { custom_seats_limit: 9 }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(NOT_ON_SUPER_ADMIN);
    }
    expect((await call(admin, 'GET', `/api/admin/workspaces/${staff}/subscription`)).json()).toMatchObject({ plan_type: 'free' });
  });

  it('answers 404 for an id that is no workspace, or a deleted one', async () => {
    const created = await call(asha, 'POST', '/api/workspaces', { name: 'Gone', slug: 'admin-plans-gone' });
    const gone = created.json<{ workspace: { id: number } }>().workspace.id;
    expect((await call(asha, 'DELETE', `/api/workspaces/${gone}`)).statusCode).toBe(200);
    for (const id of [987_654, gone]) {
      for (const answer of [
        await call(admin, 'GET', `/api/admin/workspaces/${id}/subscription`),
        await call(admin, 'GET', `/api/admin/workspaces/${id}/subscription/history`),
        await call(admin, 'GET', `/api/admin/workspaces/${id}/limits`),
        await call(admin, 'POST', `/api/admin/workspaces/${id}/change-plan`, { plan_type: 'pro' }),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().detail).toBe(WORKSPACE_NOT_FOUND_FOR_ADMINS);
      }
    }
  });

  it('lists team workspaces with their owners, members and plan; a search finds one by name or slug; personal and deleted ones never', async () => {
    const hostile = await call(asha, 'POST', '/api/workspaces', { name: '<script>alert(1)</script> Crew', slug: 'admin-plans-crew' });
    expect(hostile.statusCode, hostile.body).toBe(201);
    const listed = await call(admin, 'GET', '/api/admin/workspaces?search=admin-plans&limit=50');
    expect(listed.statusCode, listed.body).toBe(200);
    const { workspaces, total } = listed.json<{ workspaces: { id: number; name: string }[]; total: number }>();
    expect(total).toBe(workspaces.length);
    expect(workspaces.find((row) => row.id === team)).toEqual({
      id: team,
      name: 'Team',
      slug: 'admin-plans-team',
      owner_emails: ['asha@example.com'],
      members_count: 2,
      plan_type: 'enterprise',
    });
    expect(workspaces.find((row) => row.id === hostile.json().workspace.id)?.name).toBe('<script>alert(1)</script> Crew');
    expect(workspaces.map((row) => row.name)).not.toContain('Gone');
    expect(workspaces.some((row) => row.id === asha.user.id)).toBe(false);
    const byName = (await call(admin, 'GET', '/api/admin/workspaces?search=crew')).json<{ workspaces: { id: number }[] }>().workspaces;
    expect(byName.map((row) => row.id)).toEqual([hostile.json().workspace.id]);
  });
});
