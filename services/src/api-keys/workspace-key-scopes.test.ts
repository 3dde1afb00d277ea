import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, WorkspaceApiKey } from '@linkledger/contracts';
import { API_KEY_OWN_WORKSPACE, creatorRoleNarrows, missingScope } from '../http/access.ts';
import { startDnsTestServer, type DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';
import { callInWorkspace, callWithKey, teamOnPro } from '../testing/workspaces.ts';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

const TARGET_IP = '203.0.113.7';

let dns: DnsTestServer;
let t: TestApp;
let root: Session;
let asha: Session;
let adam: Session;
let ben: Session;
let dana: Session;
let team: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A request as the session in the team workspace. */
const call = (session: Session, method: Method, url: string, payload?: object) => callInWorkspace(t, session, method, url, team, payload);
const withKey = (key: string, method: Method, url: string, payload?: object) => callWithKey(t, key, method, url, payload);

async function keyOf(session: Session, scopes: ApiKeyScope[], name = `Script ${scopes.join(' ')}`) {
  const created = await t.app.inject({ method: 'POST', url: `/api/workspaces/${team}/api-keys`, headers: session.headers, payload: { name, scopes } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ key: WorkspaceApiKey; api_key: string }>().api_key;
}

/** Asserts the key is refused the call with 403 naming the scope it lacks. */
async function lacksScope(key: string, scope: ApiKeyScope, method: Method, url: string, payload?: object) {
  const refused = await withKey(key, method, url, payload);
  expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(403);
  expect(refused.json().detail).toBe(missingScope(scope));
}

beforeAll(async () => {
  dns = await startDnsTestServer();
  t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' });
  const fixture = await teamOnPro(t, 'scoped-team', { adam: 'admin', ben: 'member', dana: 'admin' });
  ({ root, asha, team } = fixture);
  ({ adam, ben, dana } = fixture.members);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('domains:read (docs/developer-api.md#what-each-scope-opens)', () => {
  it('lists the workspace’s custom domains and TRAI headers with their state; a key without it gets 403 naming it', async () => {
    const added = await call(asha, 'POST', '/api/custom-domains', { domain: 'read.scoped.in' });
    expect(added.statusCode, added.body).toBe(201);
    const key = await keyOf(ben, ['domains:read']);

    const domains = await withKey(key, 'GET', '/api/custom-domains');
    expect(domains.statusCode, domains.body).toBe(200);
    expect(domains.json()).toEqual([
      expect.objectContaining({ domain: 'read.scoped.in', dns_verified: false, status: 'pending', dns_instructions: expect.anything() }),
    ]);
    expect((await withKey(key, 'GET', '/api/custom-domains/trai')).statusCode).toBe(200);
    await lacksScope(key, 'domains:write', 'POST', '/api/custom-domains', { domain: 'not.scoped.in' });
    // Refused before its body is read: what the call accepts is not revealed.
    await lacksScope(key, 'domains:write', 'POST', '/api/custom-domains', { unknown_field: true });
    await lacksScope(key, 'domains:write', 'DELETE', `/api/custom-domains/${added.json().id}`);

    const linksOnly = await keyOf(ben, ['links:read']);
    await lacksScope(linksOnly, 'domains:read', 'GET', '/api/custom-domains');
    await lacksScope(linksOnly, 'domains:read', 'GET', '/api/custom-domains/trai');
    expect((await call(asha, 'DELETE', `/api/custom-domains/${added.json().id}`)).statusCode).toBe(200);
  });
});

describe('domains:write', () => {
  it('adds, verifies, activates and removes a custom domain, and submits and removes a TRAI header, in the key’s workspace', async () => {
    const key = await keyOf(adam, ['domains:read', 'domains:write']);
    const added = await withKey(key, 'POST', '/api/custom-domains', { domain: 'go.scoped.in' });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json<{ id: number; dns_token: string }>();
    dns.set('_linkledger-verify.go.scoped.in', 'TXT', [domain.dns_token]);
    dns.set('go.scoped.in', 'A', [TARGET_IP]);
    const verified = await withKey(key, 'POST', `/api/custom-domains/${domain.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().verification_result.fully_verified).toBe(true);
    expect((await withKey(key, 'POST', `/api/custom-domains/${domain.id}/set-active`)).statusCode).toBe(200);
    // The team's, as its members see it: not the key creator's personal workspace.
    expect((await call(asha, 'GET', '/api/custom-domains')).json()).toEqual([expect.objectContaining({ id: domain.id, is_active: true })]);
    expect((await t.app.inject({ url: '/api/custom-domains', headers: adam.headers })).json()).toEqual([]);

    const header = await withKey(key, 'POST', '/api/custom-domains/trai', { header: 'SCOPED', domain_type: 'custom_domain', custom_domain_id: domain.id });
    expect(header.statusCode, header.body).toBe(201);
    const traiId = header.json<{ id: number }>().id;
    expect((await withKey(key, 'POST', `/api/custom-domains/trai/${traiId}/verify`)).statusCode).toBe(200);
    expect((await withKey(key, 'POST', `/api/custom-domains/trai/${traiId}/set-active`)).statusCode).toBe(200);
    expect((await withKey(key, 'DELETE', `/api/custom-domains/trai/${traiId}`)).statusCode).toBe(200);
    expect((await withKey(key, 'DELETE', `/api/custom-domains/${domain.id}`)).statusCode).toBe(200);
    expect((await call(asha, 'GET', '/api/custom-domains')).json()).toEqual([]);

    // A key with domains:write alone changes domains but does not read them.
    const writeOnly = await keyOf(adam, ['domains:write']);
    await lacksScope(writeOnly, 'domains:read', 'GET', '/api/custom-domains');
    const linksKey = await keyOf(adam, ['links:write']);
    await lacksScope(linksKey, 'domains:write', 'POST', '/api/custom-domains', { domain: 'links.scoped.in' });
    await lacksScope(linksKey, 'domains:write', 'POST', '/api/custom-domains/trai', { header: 'LINKSX', domain_type: 'our_domain' });
  });

  it('narrows with its creator’s role: once the admin who made it is a viewer, it reads domains but changes none', async () => {
    const key = await keyOf(dana, ['domains:read', 'domains:write']);
    expect((await withKey(key, 'POST', '/api/custom-domains', { domain: 'before.narrowed.in' })).statusCode).toBe(201);

    const lowered = await call(asha, 'PATCH', `/api/workspaces/${team}/members/${dana.user.id}`, { role: 'viewer' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const refused = await withKey(key, 'POST', '/api/custom-domains', { domain: 'after.narrowed.in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(creatorRoleNarrows('viewer', 'domains:write'));
    const listed = await withKey(key, 'GET', '/api/custom-domains');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((each: { domain: string }) => each.domain)).toEqual(['before.narrowed.in']);
  });
});

describe('workspace:read', () => {
  it('reads the workspace, its members and its activity, and no other workspace; a key without it gets 403 naming it', async () => {
    const key = await keyOf(ben, ['workspace:read']);
    const workspace = await withKey(key, 'GET', `/api/workspaces/${team}`);
    expect(workspace.statusCode, workspace.body).toBe(200);
    expect(workspace.json()).toMatchObject({ id: team, slug: 'scoped-team' });
    const members = await withKey(key, 'GET', `/api/workspaces/${team}/members`);
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json().members.map((member: { user_id: number }) => member.user_id)).toEqual(expect.arrayContaining([asha.user.id, ben.user.id]));
    const activity = await withKey(key, 'GET', `/api/workspaces/${team}/activity`);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(JSON.stringify(activity.json())).toContain('Script workspace:read');

    const elsewhere = await withKey(key, 'GET', `/api/workspaces/${ben.user.id}`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe(API_KEY_OWN_WORKSPACE);

    const linksOnly = await keyOf(ben, ['links:read', 'analytics:read']);
    for (const path of ['', '/members', '/activity']) await lacksScope(linksOnly, 'workspace:read', 'GET', `/api/workspaces/${team}${path}`);
  });
});

describe('what no key ever does', () => {
  it('a key holding every scope still mints no key, manages no member or invite, renames, hands over or deletes no workspace, and pays nothing (401)', async () => {
    const key = await keyOf(asha, ['links:read', 'links:write', 'analytics:read', 'domains:read', 'domains:write', 'workspace:read'], 'Everything');
    const refusals: [Method, string, object?][] = [
      ['GET', `/api/workspaces/${team}/api-keys`],
      ['POST', `/api/workspaces/${team}/api-keys`, { name: 'Minted by a key', scopes: ['links:read'] }],
      ['PATCH', `/api/workspaces/${team}`, { name: 'Renamed by a key' }],
      ['DELETE', `/api/workspaces/${team}`],
      ['PATCH', `/api/workspaces/${team}/members/${ben.user.id}`, { role: 'viewer' }],
      ['DELETE', `/api/workspaces/${team}/members/${ben.user.id}`],
      ['POST', `/api/workspaces/${team}/invites`, { email: 'eve@example.com', role: 'admin' }],
      ['POST', `/api/workspaces/${team}/transfer`, { user_id: ben.user.id }],
      ['POST', '/api/payment/create-intent', { plan_type: 'enterprise', billing_cycle: 'yearly' }],
    ];
    for (const [method, url, payload] of refusals) {
      const refused = await withKey(key, method, url, payload);
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(401);
    }
    const members = (await call(asha, 'GET', `/api/workspaces/${team}/members`)).json<{ members: { user_id: number; role: string }[] }>();
    expect(members.members.find((member) => member.user_id === ben.user.id)?.role).toBe('member');
    expect((await call(asha, 'GET', `/api/workspaces/${team}`)).json().name).toBe('Team');
    const keys = (await call(asha, 'GET', `/api/workspaces/${team}/api-keys`)).json<{ keys: WorkspaceApiKey[] }>().keys;
    expect(keys.map((each) => each.name)).not.toContain('Minted by a key');
  });

  it('the account’s own key keeps the scopes it always had: links and analytics, not domains or the workspace', async () => {
    const solo = await signUpVerified(t, 'solo@example.com');
    const { api_key } = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: solo.headers })).json<{ api_key: string }>();
    expect((await withKey(api_key, 'GET', '/api/urls')).statusCode).toBe(200);
    await lacksScope(api_key, 'domains:read', 'GET', '/api/custom-domains');
    await lacksScope(api_key, 'domains:write', 'POST', '/api/custom-domains', { domain: 'solo.scoped.in' });
    await lacksScope(api_key, 'workspace:read', 'GET', `/api/workspaces/${solo.user.id}`);
    await lacksScope(api_key, 'workspace:read', 'GET', `/api/workspaces/${solo.user.id}/activity`);
  });
});

describe('the admin history viewer', () => {
  it('sums up a workspace key’s creation and revocation in words, with its name as written and never the key', async () => {
    const name = '</script><img src=x onerror=alert(1)> "ops"';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${team}/api-keys`,
      headers: asha.headers,
      payload: { name, scopes: ['links:read', 'workspace:read'] },
    });
    const { key, api_key } = created.json<{ key: WorkspaceApiKey; api_key: string }>();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}/api-keys/${key.id}`, headers: asha.headers })).statusCode).toBe(200);

    const page = await t.app.inject({
      url: `/api/admin/events?stream=workspace-${team}&type=WorkspaceApiKeyCreated,WorkspaceApiKeyRevoked`,
      headers: root.headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).not.toContain(api_key);
    const summaries = page.json<{ events: { summary: string }[] }>().events.map((event) => event.summary);
    expect(summaries).toContain(`Workspace ${team} API key “${name}” (…${key.last_four}) created by user ${asha.user.id}: links:read, workspace:read`);
    expect(summaries).toContain(`Workspace ${team} API key “${name}” of user ${asha.user.id} revoked by user ${asha.user.id}`);
  });
});
