import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUTTLY_STATUS, type ApiKeyScope, type WorkspaceApiKey } from '@linkledger/contracts';
import { API_KEY_OWN_WORKSPACE, creatorRoleNarrows, missingScope } from '../http/access.ts';
import { WORKSPACE_API_KEYS } from '@linkledger/projections';
import { callInWorkspace, callWithKey, teamOnPro } from '../testing/workspaces.ts';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { INVALID_API_KEY } from './authenticate-key.ts';
import { apiUsageMeter } from './usage-meter.ts';
import { NOT_YOUR_KEY, ONE_KEY_WITHOUT_ADVANCED_API, scopeBeyondRole, scopeNeedsAdvancedApi } from './workspace-key-deciders.ts';

let t: TestApp;
let asha: Session;
let ben: Session;
let vikram: Session;
let chitra: Session;
let outsider: Session;
let team: number;
/** The clock the app runs on: real time, moved on by the tests. */
let minutesAhead = 0;

const call = (session: Session, method: InjectOptions['method'], url: string, payload?: object) => callInWorkspace(t, session, method, url, null, payload);
const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  callWithKey(t, key, method, url, payload, headers);

async function createKey(session: Session, workspaceId: number, scopes: ApiKeyScope[], name = 'Integration') {
  const created = await call(session, 'POST', `/api/workspaces/${workspaceId}/api-keys`, { name, scopes });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ key: WorkspaceApiKey; api_key: string }>();
}
const listKeys = async (session: Session, workspaceId: number) => {
  const listed = await call(session, 'GET', `/api/workspaces/${workspaceId}/api-keys`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed;
};
const createLink = (key: string, path: string) => withKey(key, 'POST', '/api/urls/api', { original_url: `https://example.com/${path}` });
const teamLinks = async () =>
  (await t.app.inject({ url: '/api/urls', headers: { ...asha.headers, 'x-workspace-id': String(team) } })).json<{ original_url: string }[]>();

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => new Date(Date.now() + minutesAhead * 60_000) });
  const fixture = await teamOnPro(t, 'keys-team', { ben: 'member', vikram: 'viewer', chitra: 'member' });
  ({ asha, outsider, team } = fixture);
  ({ ben, vikram, chitra } = fixture.members);
});
afterAll(() => t.close());

describe('a workspace’s scoped API keys (docs/developer-api.md#workspace-keys-and-scopes)', () => {
  it('a links:read key reads the workspace’s links but may not create one (403 naming the scope)', async () => {
    const { api_key } = await createKey(ben, team, ['links:read']);
    expect((await withKey(api_key, 'GET', '/api/urls')).statusCode).toBe(200);
    const refused = await createLink(api_key, 'read-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(missingScope('links:write'));
    // The dashboard's own create takes a signed-in session only, never a key.
    expect((await withKey(api_key, 'POST', '/api/urls', { original_url: 'https://example.com/read-only' })).statusCode).toBe(401);
    // The cutt.ly-style call checks the same scope.
    const shortened = await t.app.inject({ url: `/api/shorten?key=${api_key}&short=${encodeURIComponent('https://example.com/read-only')}` });
    expect(shortened.json().url.status).toBe(CUTTLY_STATUS.invalidKey);
    expect((await teamLinks()).map((link) => link.original_url)).not.toContain('https://example.com/read-only');
  });

  it('a links:write key creates a link in its workspace, counted against the workspace’s month, and acts in no other', async () => {
    const { api_key } = await createKey(ben, team, ['links:write']);
    const before = (await t.app.inject({ url: '/api/users/me/stats', headers: { ...asha.headers, 'x-workspace-id': String(team) } })).json();
    const created = await createLink(api_key, 'by-key');
    expect(created.statusCode, created.body).toBe(201);
    const shortened = await t.app.inject({ url: `/api/shorten?key=${api_key}&short=${encodeURIComponent('https://example.com/by-cuttly')}` });
    expect(shortened.json().url.status).toBe(CUTTLY_STATUS.ok);
    expect((await teamLinks()).map((link) => link.original_url)).toEqual(
      expect.arrayContaining(['https://example.com/by-key', 'https://example.com/by-cuttly']),
    );
    const after = (await t.app.inject({ url: '/api/users/me/stats', headers: { ...asha.headers, 'x-workspace-id': String(team) } })).json();
    expect(after.urls_this_month).toBe(before.urls_this_month + 2);
    // Not Ben's own: his personal workspace has none of them.
    expect((await call(ben, 'GET', '/api/urls')).json()).toEqual([]);

    const elsewhere = await withKey(api_key, 'POST', '/api/urls/api', { original_url: 'https://example.com/x' }, { 'x-workspace-id': String(ben.user.id) });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe(API_KEY_OWN_WORKSPACE);
  });

  it('scopes are never wider than the creator’s role: a viewer may not make a links:write key, a member no domains:write one', async () => {
    const viewerWrites = await call(vikram, 'POST', `/api/workspaces/${team}/api-keys`, { name: 'Mine', scopes: ['links:read', 'links:write'] });
    expect(viewerWrites.statusCode).toBe(403);
    expect(viewerWrites.json().detail).toBe(scopeBeyondRole('links:write', 'viewer'));
    const memberDomains = await call(ben, 'POST', `/api/workspaces/${team}/api-keys`, { name: 'Mine', scopes: ['domains:write'] });
    expect(memberDomains.json().detail).toBe(scopeBeyondRole('domains:write', 'member'));
    await createKey(vikram, team, ['links:read', 'analytics:read']);
    const listed = (await listKeys(vikram, team)).json();
    expect(listed.grantable_scopes).toEqual(['links:read', 'analytics:read', 'domains:read', 'workspace:read']);
    expect(listed).toMatchObject({ advanced_api: true, room_for_another: true });
  });

  it('a lowered role narrows its members’ keys at once; a removed creator’s key stops (401)', async () => {
    const { api_key } = await createKey(chitra, team, ['links:read', 'links:write']);
    expect((await createLink(api_key, 'while-member')).statusCode).toBe(201);

    const lowered = await call(asha, 'PATCH', `/api/workspaces/${team}/members/${chitra.user.id}`, { role: 'viewer' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const narrowed = await createLink(api_key, 'as-viewer');
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json().detail).toBe(creatorRoleNarrows('viewer', 'links:write'));
    expect((await withKey(api_key, 'GET', '/api/urls')).statusCode).toBe(200);

    const removed = await call(asha, 'DELETE', `/api/workspaces/${team}/members/${chitra.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const stopped = await withKey(api_key, 'GET', '/api/urls');
    expect(stopped.statusCode).toBe(401);
    // The removal takes the creator's keys out for good, so the key is one nobody knows.
    expect(stopped.json().detail).toBe(INVALID_API_KEY);
    const shortened = await t.app.inject({ url: `/api/shorten?key=${api_key}&short=${encodeURIComponent('https://example.com/gone')}` });
    expect(shortened.json().url.status).toBe(CUTTLY_STATUS.invalidKey);
  });

  it('a revoked key stops at once; a member revokes their own, owners any', async () => {
    const bens = await createKey(ben, team, ['links:read'], 'Ben’s');
    const ashas = await createKey(asha, team, ['links:read'], 'Asha’s');
    const notHis = await call(ben, 'DELETE', `/api/workspaces/${team}/api-keys/${ashas.key.id}`);
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json().detail).toBe(NOT_YOUR_KEY);
    expect((await withKey(ashas.api_key, 'GET', '/api/urls')).statusCode).toBe(200);

    expect((await withKey(bens.api_key, 'GET', '/api/urls')).statusCode).toBe(200);
    const revoked = await call(asha, 'DELETE', `/api/workspaces/${team}/api-keys/${bens.key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await withKey(bens.api_key, 'GET', '/api/urls')).statusCode).toBe(401);
    expect((await listKeys(asha, team)).json().keys.map((key: WorkspaceApiKey) => key.id)).not.toContain(bens.key.id);
    expect((await call(ben, 'DELETE', `/api/workspaces/${team}/api-keys/${ashas.key.id}`)).statusCode).toBe(403);
    expect((await call(asha, 'DELETE', `/api/workspaces/${team}/api-keys/${ashas.key.id}`)).statusCode).toBe(200);
  });

  it('the key is shown once: lists give its name, scopes, creator and last four, never the key', async () => {
    const { key, api_key } = await createKey(ben, team, ['links:read', 'analytics:read'], 'Reporting');
    expect(api_key).toMatch(/^llw_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Reporting', scopes: ['links:read', 'analytics:read'], last_four: api_key.slice(-4), created_by: { id: ben.user.id } });
    const listed = await listKeys(asha, team);
    expect(listed.body).not.toContain(api_key);
    expect(listed.body).not.toContain(api_key.slice(4, 40));
    expect(listed.json().keys.find((each: WorkspaceApiKey) => each.id === key.id)).toEqual({ ...key, created_at: expect.any(String) });
  });

  it('last used moves, to the minute, with the usage meter’s reading (no event per call)', async () => {
    const { key, api_key } = await createKey(ben, team, ['links:read'], 'Dashboard');
    const lastUsed = async () => (await listKeys(ben, team)).json().keys.find((each: WorkspaceApiKey) => each.id === key.id).last_used_at;
    expect(await lastUsed()).toBeNull();

    const flushed = async () => t.platform.readModel.waitFor(await apiUsageMeter(t.platform).flush(), 5000);
    for (let i = 0; i < 3; i++) await withKey(api_key, 'GET', '/api/urls');
    await flushed();
    const first = await lastUsed();
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    expect(Math.abs(Date.parse(first) - Date.now())).toBeLessThan(2 * 60_000);
    const uses = await t.platform.events.readAll({ after: 0, limit: 1000, filter: { types: ['WorkspaceApiKeysUsed'] } });
    expect(uses.filter((use) => JSON.stringify(use.data).includes(key.id))).toHaveLength(1);

    minutesAhead += 5;
    await withKey(api_key, 'GET', '/api/urls');
    await flushed();
    expect(Date.parse(await lastUsed()) - Date.parse(first)).toBeGreaterThanOrEqual(4 * 60_000);
  });

  it('a hostile name comes back as the text it is, in JSON', async () => {
    const name = '</script><img src=x onerror=alert(1)> "quoted" \\ back';
    const { key } = await createKey(ben, team, ['links:read'], name);
    expect(key.name).toBe(name);
    const listed = await listKeys(asha, team);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.json().keys.find((each: WorkspaceApiKey) => each.id === key.id).name).toBe(name);
  });

  it('outsiders find no keys (404); a body the API does not know is refused naming the field, after authorization', async () => {
    const stranger = await call(outsider, 'GET', `/api/workspaces/${team}/api-keys`);
    expect(stranger.statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/workspaces/${team}/api-keys`, { nonsense: true })).statusCode).toBe(404);
    const unknown = await call(ben, 'POST', `/api/workspaces/${team}/api-keys`, { name: 'x', scopes: ['links:read'], expires: 'never' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('expires');
    const badScope = await call(ben, 'POST', `/api/workspaces/${team}/api-keys`, { name: 'x', scopes: ['members:manage'] });
    expect(badScope.statusCode).toBe(400);
  });
});

describe('a deleted workspace', () => {
  it('takes its keys with it: out of the read model, so the key is one nobody knows (401)', async () => {
    const created = await call(asha, 'POST', '/api/workspaces', { name: 'Short-lived', slug: 'short-lived' });
    const workspaceId = created.json<{ workspace: { id: number } }>().workspace.id;
    const { api_key } = await createKey(asha, workspaceId, ['links:read']);
    expect((await withKey(api_key, 'GET', '/api/urls')).statusCode).toBe(200);
    // The command waits for the read model, so the key is gone when the answer comes.
    expect((await call(asha, 'DELETE', `/api/workspaces/${workspaceId}`)).statusCode).toBe(200);
    expect(await t.platform.read.count(WORKSPACE_API_KEYS, { workspace_id: workspaceId })).toBe(0);
    const stopped = await withKey(api_key, 'GET', '/api/urls');
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().detail).toBe(INVALID_API_KEY);
  });
});

describe('without Advanced API (the Free plan)', () => {
  it('a workspace holds one key with links:read, links:write and analytics:read only; more is refused naming the feature', async () => {
    const solo = await signUpVerified(t, 'solo@example.com');
    const offered = (await listKeys(solo, solo.user.id)).json();
    expect(offered).toMatchObject({ advanced_api: false, grantable_scopes: ['links:read', 'links:write', 'analytics:read'], room_for_another: true });
    const wider = await call(solo, 'POST', `/api/workspaces/${solo.user.id}/api-keys`, { name: 'Wide', scopes: ['links:read', 'domains:read'] });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().detail).toBe(scopeNeedsAdvancedApi('domains:read'));

    const { key, api_key } = await createKey(solo, solo.user.id, ['links:read', 'links:write', 'analytics:read']);
    expect((await createLink(api_key, 'free-key')).statusCode).toBe(201);
    const second = await call(solo, 'POST', `/api/workspaces/${solo.user.id}/api-keys`, { name: 'Second', scopes: ['links:read'] });
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe(ONE_KEY_WITHOUT_ADVANCED_API);
    expect((await listKeys(solo, solo.user.id)).json().room_for_another).toBe(false);
    expect((await call(solo, 'DELETE', `/api/workspaces/${solo.user.id}/api-keys/${key.id}`)).statusCode).toBe(200);
    await createKey(solo, solo.user.id, ['links:read']);
  });

  it('the account’s own key (the personal workspace’s) counts as its one key, and keeps working as before', async () => {
    const legacy = await signUpVerified(t, 'legacy@example.com');
    const { api_key } = (await call(legacy, 'POST', '/api/users/me/generate-api-key')).json<{ api_key: string }>();
    const refused = await call(legacy, 'POST', `/api/workspaces/${legacy.user.id}/api-keys`, { name: 'Another', scopes: ['links:read'] });
    expect(refused.json().detail).toBe(ONE_KEY_WITHOUT_ADVANCED_API);
    expect((await listKeys(legacy, legacy.user.id)).json().room_for_another).toBe(false);
    expect((await createLink(api_key, 'legacy')).statusCode).toBe(201);
    expect((await call(legacy, 'GET', '/api/users/me/api-key')).json().api_key).toBe(api_key);
  });
});
