import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startWithSuperAdmin, type Session, type TestApp, post } from '../testing/test-app.ts';
import { NOT_ON_SUPER_ADMIN, ONLY_SUPER_ADMIN_ON_ADMINS } from './who-acts-on-whom.ts';

/**
 * Who an admin may act on (docs/admin.md#who-acts-on-whom): ordinary users only. The super
 * admin acts on admins too; nobody but the super admin acts on the super admin's account.
 */
describe('admins act on ordinary users only', () => {
  let t: TestApp;
  let root: Session;
  let admin: Session;
  let otherAdmin: Session;
  let user: Session;
  const links: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, admin: root } = await startWithSuperAdmin());
    admin = await signUp(t.app, 'admin@example.com');
    otherAdmin = await signUp(t.app, 'other-admin@example.com');
    user = await signUp(t.app, 'user@example.com');
    for (const promoted of [admin, otherAdmin]) {
      const granted = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${promoted.user.id}/role`,
        headers: root.headers,
        payload: { role: 'admin' },
      });
      expect(granted.statusCode, granted.body).toBe(200);
    }
    for (const [name, owner] of Object.entries({ root, otherAdmin, user, admin })) {
      const created = await post(t.app, '/api/urls', owner.headers, { original_url: `https://example.com/${name}` });
      expect(created.statusCode, created.body).toBe(201);
      links[name] = created.json<{ id: number }>().id;
    }
  });
  afterAll(async () => t.close());

  const changePlan = (actor: Session, target: Session) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${target.user.id}/change-plan`, headers: actor.headers, payload: { plan_type: 'enterprise' } });
  const setLimits = (actor: Session, target: Session) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/api/users/${target.user.id}/limits`, headers: actor.headers, payload: { is_unlimited_user: true } });
  const disableLink = (actor: Session, linkId: number) =>
    t.app.inject({ method: 'POST', url: `/api/admin/links/${linkId}/disable`, headers: actor.headers, payload: { reason: 'phishing' } });
  const enableLink = (actor: Session, linkId: number) => t.app.inject({ method: 'POST', url: `/api/admin/links/${linkId}/enable`, headers: actor.headers });
  const repointLink = (actor: Session, linkId: number) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/links/${linkId}`, headers: actor.headers, payload: { original_url: 'https://attacker.example/' } });
  const suspend = (actor: Session, target: Session) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${target.user.id}/suspend`, headers: actor.headers });
  const refusal = (answer: { statusCode: number; json(): { detail?: string } }) => [answer.statusCode, answer.json().detail];

  it('an admin cannot change the super admin’s plan, limits, status or links', async () => {
    expect(refusal(await changePlan(admin, root))).toEqual([403, NOT_ON_SUPER_ADMIN]);
    expect(refusal(await setLimits(admin, root))).toEqual([403, NOT_ON_SUPER_ADMIN]);
    expect(refusal(await suspend(admin, root))).toEqual([403, NOT_ON_SUPER_ADMIN]);
    expect(refusal(await disableLink(admin, links['root']!))).toEqual([403, NOT_ON_SUPER_ADMIN]);
    expect(refusal(await repointLink(admin, links['root']!))).toEqual([403, NOT_ON_SUPER_ADMIN]);

    // Nothing changed: the super admin is on the free plan with the plan's limits, the link as it was.
    const limits = (await t.app.inject({ url: `/api/admin/api/users/${root.user.id}/limits`, headers: root.headers })).json();
    expect(limits).toMatchObject({ plan_type: 'free', is_unlimited_user: false });
    const link = (await t.app.inject({ url: `/api/urls/${links['root']}`, headers: root.headers })).json();
    expect(link).toMatchObject({ original_url: 'https://example.com/root', disabled_by_admin: false });
  });

  it('an admin cannot change another admin’s plan, limits, status or links; the super admin can', async () => {
    expect(refusal(await changePlan(admin, otherAdmin))).toEqual([403, ONLY_SUPER_ADMIN_ON_ADMINS]);
    expect(refusal(await setLimits(admin, otherAdmin))).toEqual([403, ONLY_SUPER_ADMIN_ON_ADMINS]);
    expect(refusal(await suspend(admin, otherAdmin))).toEqual([403, ONLY_SUPER_ADMIN_ON_ADMINS]);
    expect(refusal(await disableLink(admin, links['otherAdmin']!))).toEqual([403, ONLY_SUPER_ADMIN_ON_ADMINS]);
    expect(refusal(await repointLink(admin, links['otherAdmin']!))).toEqual([403, ONLY_SUPER_ADMIN_ON_ADMINS]);

    expect((await changePlan(root, otherAdmin)).statusCode).toBe(200);
    expect((await setLimits(root, otherAdmin)).statusCode).toBe(200);
    expect((await disableLink(root, links['otherAdmin']!)).statusCode).toBe(200);
    expect((await enableLink(root, links['otherAdmin']!)).statusCode).toBe(200);
  });

  it('an admin acts on an ordinary user, and on their own links and plan', async () => {
    expect((await changePlan(admin, user)).statusCode).toBe(200);
    expect((await setLimits(admin, user)).json()).toMatchObject({ plan_type: 'enterprise', is_unlimited_user: true });
    expect((await disableLink(admin, links['user']!)).statusCode).toBe(200);
    expect((await enableLink(admin, links['user']!)).statusCode).toBe(200);
    const repointed = await repointLink(admin, links['user']!);
    expect(repointed.statusCode, repointed.body).toBe(200);
    expect(repointed.json().link).toMatchObject({ original_url: 'https://attacker.example/', owner_id: user.user.id });
    expect((await repointLink(admin, links['admin']!)).statusCode).toBe(200);
    expect((await changePlan(admin, admin)).statusCode).toBe(200);
  });

  it('the super admin acts on their own account’s plan, limits and links', async () => {
    expect((await changePlan(root, root)).statusCode).toBe(200);
    expect((await setLimits(root, root)).statusCode).toBe(200);
    expect((await repointLink(root, links['root']!)).statusCode).toBe(200);
  });

  it('a deleted account is listed and shown as deleted', async () => {
    const gone = await signUp(t.app, 'gone@example.com', 'gone password');
    const deleted = await post(t.app, '/api/settings/account/delete', gone.headers, { password: 'gone password', confirm_email: 'gone@example.com' });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const list = await t.app.inject({ url: '/api/admin/users', headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ users: { id: number; status: string; is_active: boolean }[] }>().users.find((shown) => shown.id === gone.user.id);
    expect(listed).toMatchObject({ status: 'deleted', is_active: false });
    const one = await t.app.inject({ url: `/api/admin/users/${gone.user.id}`, headers: admin.headers });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: gone.user.id, status: 'deleted', is_active: false });
    expect(one.body).not.toContain('gone@example.com');
  });
});
