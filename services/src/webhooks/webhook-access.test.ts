import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { teamOnPro } from '../testing/workspaces.ts';
import { WEBHOOKS_NOT_IN_PLAN } from './webhook-routes.ts';

const BAD_BODY = { name: '', url: 'not a url', events: [], surprise: true };

/*
 * Who may manage a workspace's webhooks (docs/webhooks.md#api): its owners and admins, on a plan
 * with webhooks. Everyone else is refused before the body is read: a member or a viewer with 403,
 * a workspace on Free with the plan's 403, an outsider with 404.
 */
describe('webhooks: who may manage them', () => {
  let t: TestApp;
  let asha: Session;
  let outsider: Session;
  let team: number;
  let ben: Session;
  let ada: Session;

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
    ({
      asha,
      outsider,
      team,
      members: { ben, ada },
    } = await teamOnPro(t, 'hooks-team', { ben: 'member', ada: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (session: Session, method: 'GET' | 'POST', workspace: number, payload?: object) =>
    t.app.inject({ method, url: `/api/workspaces/${workspace}/webhooks`, headers: session.headers, ...(payload ? { payload } : {}) });

  it('lets the team’s admin list them, and refuses a bad body to them with a 400 naming the field', async () => {
    expect((await call(ada, 'GET', team)).json()).toEqual({ webhooks: [], max: 20 });
    const refused = await call(ada, 'POST', team, { name: 'Hook', url: 'https://hooks.example.com/in', events: ['link.created'], secret: 'mine' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'secret' });
  });

  it('refuses a member without the settings permission with 403, before reading the body', async () => {
    for (const answer of [await call(ben, 'GET', team), await call(ben, 'POST', team, BAD_BODY)]) expect(answer.statusCode, answer.body).toBe(403);
  });

  it('refuses a workspace whose plan has no webhooks with the plan’s 403, and an outsider with 404', async () => {
    for (const answer of [await call(asha, 'GET', asha.user.id), await call(asha, 'POST', asha.user.id, BAD_BODY)]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ detail: WEBHOOKS_NOT_IN_PLAN });
    }
    expect((await call(outsider, 'POST', team, BAD_BODY)).statusCode).toBe(404);
  });
});
