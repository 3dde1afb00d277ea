import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND, roleAllows, type WorkspaceRole } from '@linkledger/contracts';
import { roleRefusal } from '../http/access.ts';
import { NOT_YOUR_KEY, scopeBeyondRole } from '../api-keys/workspace-key-deciders.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, teamOnPro } from '../testing/workspaces.ts';

/**
 * Routes that act for the signed-in account, the installation, or on workspaces as such (their
 * members and invites, checked by the workspace's own deciders): they act in no workspace.
 */
const OUTSIDE_WORKSPACES =
  /^\/api\/(admin|auth|token|register|reset-password|forgot-password|verify-email|resend-verification|settings|support|health|plans|public|domains\/tls-allowed|oauth|workspaces|workspace-invites|notifications|payment\/(webhook|config)|subscription\/plans|shorten|analysts|users\/me\/?$)/;

/**
 * Routes on what a workspace owns that still act for the caller's personal workspace
 * (docs/workspaces.md#acting-in-a-workspace says which, and why they are next).
 */
const STILL_PERSONAL = /^\/api\/users\/me\/(api-key|generate-api-key|regenerate-api-key)/;

const ROLES: WorkspaceRole[] = ['owner', 'admin', 'member', 'viewer', 'billing'];

let t: TestApp;
let sessions: Record<WorkspaceRole, Session>;
let outsider: Session;
let team: number;

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  const fixture = await teamOnPro(t, 'roles-team', { admin: 'admin', member: 'member', viewer: 'viewer', billing: 'billing' });
  ({ outsider, team } = fixture);
  sessions = { owner: fixture.asha, ...fixture.members };
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeList.filter((route) => route.url.startsWith('/api/') && !route.hidden);
/** Never a valid body: a caller let through is answered by validation or the handler, never by a change. */
const neverValidBody = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { not_a_field: true });
/** A path with every parameter a number no row has: the routes that look a row up answer their own 404, not the workspace's. */
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '987654');

// It runs before the table of routes on a workspace as such, whose owner's last call deletes the team.
describe('a workspace’s API keys, for every role (docs/developer-api.md#workspace-keys-and-scopes)', () => {
  const send = (session: Session, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/workspaces/${team}/api-keys${path}`, headers: session.headers, ...(payload ? { payload } : {}) });

  it('every role lists them and creates keys within its role; a member revokes only their own, owners and admins any; outsiders find nothing', async () => {
    const ownersKey = async () => (await send(sessions.owner, 'POST', '', { name: 'Owner’s', scopes: ['links:read'] })).json<{ key: { id: string } }>().key;
    for (const role of ROLES) {
      const what = `as ${role}`;
      expect((await send(sessions[role], 'GET', '')).statusCode, what).toBe(200);
      const writer = await send(sessions[role], 'POST', '', { name: `${role}’s`, scopes: ['links:write'] });
      if (roleAllows(role, 'links:write')) expect(writer.statusCode, what).toBe(201);
      else {
        expect(writer.statusCode, what).toBe(403);
        expect(writer.json().detail, what).toBe(scopeBeyondRole('links:write', role));
      }
      const revoke = await send(sessions[role], 'DELETE', `/${(await ownersKey()).id}`);
      if (roleAllows(role, 'members:manage')) expect(revoke.statusCode, what).toBe(200);
      else expect([revoke.statusCode, revoke.json().detail], what).toEqual([403, NOT_YOUR_KEY]);
    }
    const key = await ownersKey();
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['DELETE', `/${key.id}`],
    ] as const) {
      const stranger = await send(outsider, method, path, method === 'POST' ? { name: 'x', scopes: ['links:read'] } : undefined);
      expect(stranger.statusCode, `${method} ${path} as an outsider`).toBe(404);
      expect(stranger.json().detail).toBe(WORKSPACE_NOT_FOUND);
    }
  });
});

describe('every route that acts in a workspace, for every role (docs/workspaces.md#acting-in-a-workspace)', () => {
  it('every /api route either declares what it needs in a workspace, acts in none, or is listed as still personal', () => {
    const unplaced = apiRoutes().filter((route) => !route.workspace && !OUTSIDE_WORKSPACES.test(route.url) && !STILL_PERSONAL.test(route.url));
    expect(unplaced.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const movedButListed = apiRoutes().filter((route) => route.workspace && (OUTSIDE_WORKSPACES.test(route.url) || STILL_PERSONAL.test(route.url)));
    expect(movedButListed.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const onAWorkspaceUndeclared = apiRoutes().filter((route) => route.url.startsWith('/api/workspaces/:id') && !route.workspaceInPath);
    expect(onAWorkspaceUndeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('lets each role through where its permissions allow, refuses it (403) where they do not, and hides the workspace (404) from outsiders', async () => {
    const routes = apiRoutes().filter((route) => route.workspace);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const call = (session: Session, workspace: number | null) =>
        callInWorkspace(t, session, route.method as 'GET', concrete(route.url), workspace, neverValidBody(route.method));
      for (const role of ROLES) {
        const answer = await call(sessions[role], team);
        const what = `${route.method} ${route.url} as ${role}`;
        if (roleAllows(role, route.workspace!)) {
          expect(answer.statusCode === 403 && answer.json().detail === roleRefusal(role), what).toBe(false);
          expect(answer.statusCode === 404 && answer.json().detail === WORKSPACE_NOT_FOUND, what).toBe(false);
        } else {
          expect(answer.statusCode, what).toBe(403);
          expect(answer.json().detail, what).toBe(roleRefusal(role));
        }
      }
      const stranger = await call(outsider, team);
      expect(stranger.statusCode, `${route.method} ${route.url} as an outsider`).toBe(404);
      expect(stranger.json().detail).toBe(WORKSPACE_NOT_FOUND);
      // Everyone is the owner of their own personal workspace, named or not.
      for (const personal of [null, sessions.viewer.user.id]) {
        const own = await call(sessions.viewer, personal);
        expect(
          [403, 404].includes(own.statusCode) && [roleRefusal('owner'), WORKSPACE_NOT_FOUND].includes(own.json().detail),
          `${route.method} ${route.url} in one's own`,
        ).toBe(false);
      }
    }
  });

  it('checks every route on a workspace as such for every role, in the team and in a workspace the caller is not in', async () => {
    const routes = apiRoutes().filter((route) => route.workspaceInPath);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // Its owner's call deletes the team, so that route comes last, and the owner last of the roles.
    const deletesTheTeam = (route: { method: string; url: string }) => route.method === 'DELETE' && route.url === '/api/workspaces/:id';
    const ordered = [...routes.filter((route) => !deletesTheTeam(route)), ...routes.filter(deletesTheTeam)];
    const elsewhere = outsider.user.id; // the outsider's personal workspace: no team member is in it
    for (const route of ordered) {
      const call = (session: Session, workspace: number) =>
        callInWorkspace(t, session, route.method as 'GET', concrete(route.url.replace(/:id(?=\/|$)/, String(workspace))), null, neverValidBody(route.method));
      for (const role of [...ROLES].reverse()) {
        const what = `${route.method} ${route.url} as ${role}`;
        const other = await call(sessions[role], elsewhere);
        expect(other.statusCode, `${what}, in a workspace they are not in`).toBe(404);
        expect(other.json().detail, `${what}, in a workspace they are not in`).toBe(WORKSPACE_NOT_FOUND);

        const own = await call(sessions[role], team);
        if (roleAllows(role, route.workspaceInPath!)) {
          // A GET of a thing in the workspace (`:pageId`, `:webhookId`, …) that does not exist is that thing's 404.
          const ofAThingInIt = /:(?!id(?=\/|$))[a-z_]+/i.test(route.url);
          if ((route.method === 'GET' && !ofAThingInIt) || deletesTheTeam(route)) expect(own.statusCode, what).toBe(200);
          else expect(own.statusCode === 404 && own.json().detail === WORKSPACE_NOT_FOUND, what).toBe(false);
          expect(own.statusCode === 403 && own.json().detail === roleRefusal(role), what).toBe(false);
        } else {
          expect(own.statusCode, what).toBe(403);
          expect(own.json().detail, what).toBe(route.workspaceRefusal ?? roleRefusal(role));
        }
      }
      const stranger = await call(outsider, team);
      expect(stranger.statusCode, `${route.method} ${route.url} as an outsider`).toBe(404);
      expect(stranger.json().detail).toBe(WORKSPACE_NOT_FOUND);
    }
  });
});
