import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { post, signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let superAdmin: Session;
beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app, 'root@example.com'); // the first account: super admin
});
afterAll(async () => t?.close());

const adminDoes = (id: number, action: 'ban' | 'activate') =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/${action}`, headers: superAdmin.headers });
const visit = (slug: string) => t.app.inject({ method: 'GET', url: `/${slug}` });

describe('public pages of a banned owner (docs/pages.md, docs/admin.md)', () => {
  it('a banned owner’s bio page and survey answer 404, and are back once the owner is activated', async () => {
    const owner = await signUp(t.app, 'mallory@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
    const page = await post(t.app, `/api/workspaces/${owner.user.id}/pages`, owner.headers, { slug: 'mallory-bio', title: 'Mallory’s links' });
    expect(page.statusCode, page.body).toBe(201);
    const survey = await post(t.app, `/api/workspaces/${owner.user.id}/surveys`, owner.headers, {
      slug: 'mallory-survey',
      title: 'Tell me',
      questions: [{ type: 'rating', label: 'How was it?', required: true }],
    });
    expect(survey.statusCode, survey.body).toBe(201);
    expect([(await visit('mallory-bio')).statusCode, (await visit('mallory-survey')).statusCode]).toEqual([200, 200]);

    expect((await adminDoes(owner.user.id, 'ban')).statusCode).toBe(200);
    for (const slug of ['mallory-bio', 'mallory-survey']) {
      const stopped = await visit(slug);
      expect(stopped.statusCode).toBe(404);
      expect(stopped.body).not.toContain('Mallory’s links');
      expect(stopped.body).not.toContain('Tell me');
    }
    const answered = await t.app.inject({
      method: 'POST',
      url: '/mallory-survey',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'q1=5',
    });
    expect(answered.statusCode).toBe(404);

    expect((await adminDoes(owner.user.id, 'activate')).statusCode).toBe(200);
    expect([(await visit('mallory-bio')).statusCode, (await visit('mallory-survey')).statusCode]).toEqual([200, 200]);
  });
});
