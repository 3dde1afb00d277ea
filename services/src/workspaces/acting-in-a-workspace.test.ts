import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import { API_KEY_OWN_WORKSPACE, WORKSPACE_HEADER_INVALID, roleRefusal } from '../http/access.ts';
import { callInWorkspace, launchTeam } from '../testing/workspaces.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let asha: Session;
let ben: Session;
let vikram: Session;
let outsider: Session;
let team: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (session: Session, method: Method, url: string, workspace: number | string | null, payload?: object) =>
  callInWorkspace(t, session, method, url, workspace, payload);

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({ asha, outsider, team, ben, vikram } = await launchTeam(t));
});
afterAll(() => t.close());

describe('acting in a workspace (X-Workspace-Id)', () => {
  it('a member creates a link in the team workspace: it is the team’s, listed for every member, counted against the team’s month', async () => {
    const created = await call(ben, 'POST', '/api/urls', team, { original_url: 'https://example.com/launch' });
    expect(created.statusCode, created.body).toBe(201);
    const linkId = created.json<{ id: number }>().id;

    const asOwner = await call(asha, 'GET', '/api/urls', team);
    expect(asOwner.json<{ id: number }[]>().map((link) => link.id)).toContain(linkId);
    const asViewer = await call(vikram, 'GET', `/api/urls/${linkId}`, team);
    expect(asViewer.statusCode, asViewer.body).toBe(200);

    // Not the member's own: their personal workspace neither lists nor finds it.
    const personal = await call(ben, 'GET', '/api/urls', null);
    expect(personal.json<{ id: number }[]>().map((link) => link.id)).not.toContain(linkId);
    expect((await call(ben, 'GET', `/api/urls/${linkId}`, null)).statusCode).toBe(404);

    const teamStats = await call(asha, 'GET', '/api/users/me/stats', team);
    expect(teamStats.statusCode, teamStats.body).toBe(200);
    expect(teamStats.json()).toMatchObject({ urls_this_month: 1 });
    const bensStats = await call(ben, 'GET', '/api/users/me/stats', null);
    expect(bensStats.json()).toMatchObject({ urls_this_month: 0 });
  });

  it('a viewer reads but may not create, edit or delete (403), before the body is looked at', async () => {
    const created = await call(asha, 'POST', '/api/urls', team, { original_url: 'https://example.com/viewer-test' });
    const linkId = created.json<{ id: number }>().id;
    const create = await call(vikram, 'POST', '/api/urls', team, { original_url: 'https://example.com/nope' });
    expect(create.statusCode).toBe(403);
    expect(create.json().detail).toBe(roleRefusal('viewer'));
    const malformed = await call(vikram, 'POST', '/api/urls', team, { unknown_field: true });
    expect(malformed.statusCode).toBe(403);
    expect((await call(vikram, 'PATCH', `/api/urls/${linkId}`, team, { title: 'Renamed' })).statusCode).toBe(403);
    expect((await call(vikram, 'DELETE', `/api/urls/${linkId}`, team)).statusCode).toBe(403);
    const still = await call(asha, 'GET', `/api/urls/${linkId}`, team);
    expect(still.json()).toMatchObject({ title: '' });
  });

  it('a workspace the caller is not a member of is not found, whatever the route; a malformed header is refused', async () => {
    for (const [method, url] of [
      ['GET', '/api/urls'],
      ['POST', '/api/urls'],
      ['GET', '/api/users/me/stats'],
    ] as const) {
      const answer = await call(outsider, method, url, team, method === 'POST' ? { original_url: 'https://example.com/x' } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().detail).toBe(WORKSPACE_NOT_FOUND);
    }
    // Another user's personal workspace is no different.
    expect((await call(outsider, 'GET', '/api/urls', asha.user.id)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1e3', ' ']) {
      const answer = await call(asha, 'GET', '/api/urls', bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().detail).toBe(WORKSPACE_HEADER_INVALID);
    }
  });

  it('another workspace’s link id answers 404 in this one', async () => {
    const teamLink = (await call(asha, 'POST', '/api/urls', team, { original_url: 'https://example.com/team-only' })).json<{ id: number }>().id;
    expect((await call(asha, 'GET', `/api/urls/${teamLink}`, null)).statusCode).toBe(404);
    expect((await call(asha, 'DELETE', `/api/urls/${teamLink}`, null)).statusCode).toBe(404);
    expect((await call(asha, 'GET', `/api/urls/${teamLink}`, team)).statusCode).toBe(200);
  });

  it('an API key acts in its own workspace: naming another is refused, naming its own is the same as naming none', async () => {
    const issued = await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: ben.headers });
    expect(issued.statusCode, issued.body).toBe(201);
    const key = issued.json<{ api_key: string }>().api_key;
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/urls', headers: { 'x-api-key': key, 'x-workspace-id': String(team) } });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe(API_KEY_OWN_WORKSPACE);
    const own = await t.app.inject({ method: 'GET', url: '/api/urls', headers: { 'x-api-key': key, 'x-workspace-id': String(ben.user.id) } });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a removed member is refused at their next request', async () => {
    const removed = await call(asha, 'DELETE', `/api/workspaces/${team}/members/${vikram.user.id}`, null);
    expect(removed.statusCode, removed.body).toBe(200);
    const next = await call(vikram, 'GET', '/api/urls', team);
    expect(next.statusCode).toBe(404);
  });
});
