import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, WorkspaceApiKey } from '@linkledger/contracts';
import { keyScopeNeedsAdvancedApi } from '../http/access.ts';
import { givePlan } from '../testing/plans.ts';
import { callInWorkspace, callWithKey, inviteTokenMailedTo, sendInvite, teamOnPro } from '../testing/workspaces.ts';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { ONE_KEY_WITHOUT_ADVANCED_API } from './workspace-key-deciders.ts';

let t: TestApp;
let asha: Session;
let team: number;
let bill: Session;

const call = (session: Session, method: InjectOptions['method'], url: string, payload?: object) => callInWorkspace(t, session, method, url, null, payload);
const withKey = (key: string, url: string) => callWithKey(t, key, 'GET', url);

async function createKey(session: Session, workspaceId: number, scopes: ApiKeyScope[], name = 'Attack') {
  const created = await call(session, 'POST', `/api/workspaces/${workspaceId}/api-keys`, { name, scopes });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ key: WorkspaceApiKey; api_key: string }>();
}

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  const fixture = await teamOnPro(t, 'attack-team', { bill: 'billing' });
  ({ asha, team } = fixture);
  bill = fixture.members.bill;
});
afterAll(() => t.close());

describe('without Advanced API, the one key cannot be doubled through the account’s key calls', () => {
  it('a Free account holding a workspace key gets no account key beside it, by generate or by regenerate', async () => {
    const solo = await signUpVerified(t, 'doubler@example.com');
    await createKey(solo, solo.user.id, ['links:read', 'links:write']);
    for (const path of ['generate-api-key', 'regenerate-api-key']) {
      const second = await call(solo, 'POST', `/api/users/me/${path}`);
      expect(second.statusCode, `${path}: ${second.body}`).toBe(403);
      expect(second.json().detail).toBe(ONE_KEY_WITHOUT_ADVANCED_API);
    }
    expect((await call(solo, 'GET', '/api/users/me/api-key')).statusCode).toBe(404);
    expect((await call(solo, 'GET', `/api/workspaces/${solo.user.id}/api-keys`)).json().keys).toHaveLength(1);
  });
});

describe('keys of a creator who left', () => {
  it('stay dead when the creator is invited back: rejoining does not revive a key made before', async () => {
    const erin = await signUpVerified(t, 'erin@example.com');
    const join = async () => {
      const sent = await sendInvite(t, asha, team, 'erin@example.com', 'member');
      expect(sent.statusCode, sent.body).toBe(201);
      const token = inviteTokenMailedTo(t.dataDir, 'erin@example.com');
      const accepted = await call(erin, 'POST', '/api/workspace-invites/accept', { token });
      expect(accepted.statusCode, accepted.body).toBe(200);
    };
    await join();
    const { api_key } = await createKey(erin, team, ['links:read']);
    expect((await withKey(api_key, '/api/urls')).statusCode).toBe(200);
    expect((await call(asha, 'DELETE', `/api/workspaces/${team}/members/${erin.user.id}`)).statusCode).toBe(200);
    expect((await withKey(api_key, '/api/urls')).statusCode).toBe(401);

    await join();
    expect((await withKey(api_key, '/api/urls')).statusCode).toBe(401);
    const listed = (await call(asha, 'GET', `/api/workspaces/${team}/api-keys`)).json<{ keys: WorkspaceApiKey[] }>();
    expect(listed.keys.map((key) => key.created_by.id)).not.toContain(erin.user.id);
  });
});

describe('the activity feed to those who may not read links', () => {
  it('leaves out the links’ events for a workspace:read key without links:read and for a billing member; their members’ events remain', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...asha.headers, 'x-workspace-id': String(team) },
      payload: { original_url: 'https://example.com/secret-destination' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const { api_key } = await createKey(asha, team, ['workspace:read'], 'Feed reader');
    expect((await withKey(api_key, '/api/urls')).statusCode).toBe(403);
    const asOwner = await call(asha, 'GET', `/api/workspaces/${team}/activity`);
    expect(asOwner.body).toContain('secret-destination');

    const byKey = await withKey(api_key, `/api/workspaces/${team}/activity`);
    const byBilling = await call(bill, 'GET', `/api/workspaces/${team}/activity`);
    for (const feed of [byKey, byBilling]) {
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.body).not.toContain('secret-destination');
      expect(feed.json<{ events: { link_id: number | null }[] }>().events.every((entry) => entry.link_id === null)).toBe(true);
      expect(feed.body).toContain('Feed reader');
    }
    const linkId = link.json<{ id: number }>().id;
    expect((await call(bill, 'GET', `/api/workspaces/${team}/activity?link=${linkId}`)).statusCode).toBe(404);
  });
});

describe('a key’s name', () => {
  it('is one line: a name with a line break or another control character is refused (400), so it cannot forge lines where it is shown', async () => {
    for (const name of ['Deploy\nWorkspace 1 API key “x” revoked by user 1', 'Tab\there', 'Bell\u0007']) {
      const refused = await call(asha, 'POST', `/api/workspaces/${team}/api-keys`, { name, scopes: ['links:read'] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().detail).toContain('one line');
    }
  });
});

describe('a workspace whose plan loses Advanced API', () => {
  it('keeps its keys to the basic scopes: domains and workspace calls are refused naming the feature, links still answer', async () => {
    const { api_key } = await createKey(asha, team, ['links:read', 'domains:read', 'workspace:read'], 'Wide');
    expect((await withKey(api_key, '/api/custom-domains')).statusCode).toBe(200);
    expect((await withKey(api_key, `/api/workspaces/${team}`)).statusCode).toBe(200);

    await givePlan(t.platform, team, 'free');
    for (const [url, scope] of [
      ['/api/custom-domains', 'domains:read'],
      [`/api/workspaces/${team}`, 'workspace:read'],
      [`/api/workspaces/${team}/members`, 'workspace:read'],
    ] as const) {
      const refused = await withKey(api_key, url);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
      expect(refused.json().detail).toBe(keyScopeNeedsAdvancedApi(scope));
    }
    expect((await withKey(api_key, '/api/urls')).statusCode).toBe(200);
    // Signed-in members read as before: only keys are narrowed.
    expect((await call(asha, 'GET', `/api/workspaces/${team}`)).statusCode).toBe(200);
  });
});
