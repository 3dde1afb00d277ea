import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import { roleRefusal } from '../http/access.ts';
import { givePlan } from '../testing/plans.ts';
import { callInWorkspace, launchTeam } from '../testing/workspaces.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';
import { DOMAINS_NOT_IN_PLAN } from './domain-access.ts';
import { DOMAIN_NOT_FOUND } from './domain-deciders.ts';
import { TRAI_NOT_FOUND } from './trai-deciders.ts';

const TARGET_IP = '203.0.113.7';

let dns: DnsTestServer;
let t: TestApp;
let asha: Session;
let ben: Session;
let vikram: Session;
let outsider: Session;
let team: number;
let teamDomain: { id: number; domain: string; dns_token: string };
let teamHeader: { id: number; header: string };

const call = (session: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, workspace: number | null, payload?: object) =>
  callInWorkspace(t, session, method, url, workspace, payload);
const visit = (host: string, path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });

beforeAll(async () => {
  dns = await startDnsTestServer();
  t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' });
  // The team is on Pro; its members' own workspaces stay on Free.
  ({ asha, outsider, team, ben, vikram } = await launchTeam(t));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('custom domains and TRAI headers act in the workspace', () => {
  it('an admin of the team adds and verifies a domain for the team, on the team’s plan, not their own', async () => {
    // Asha's personal workspace is on Free: no domains there.
    const personal = await call(asha, 'POST', '/api/custom-domains', null, { domain: 'go.launch.in' });
    expect(personal.statusCode).toBe(403);
    expect(personal.json().detail).toBe(DOMAINS_NOT_IN_PLAN);

    const added = await call(asha, 'POST', '/api/custom-domains', team, { domain: 'go.launch.in' });
    expect(added.statusCode, added.body).toBe(201);
    teamDomain = added.json();
    dns.set(`_linkledger-verify.go.launch.in`, 'TXT', [teamDomain.dns_token]);
    dns.set('go.launch.in', 'A', [TARGET_IP]);
    const verified = await call(asha, 'POST', `/api/custom-domains/${teamDomain.id}/verify`, team);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().verification_result.fully_verified).toBe(true);
    const activated = await call(asha, 'POST', `/api/custom-domains/${teamDomain.id}/set-active`, team);
    expect(activated.statusCode, activated.body).toBe(200);

    const header = await call(asha, 'POST', '/api/custom-domains/trai', team, {
      header: 'LAUNCH',
      domain_type: 'custom_domain',
      custom_domain_id: teamDomain.id,
    });
    expect(header.statusCode, header.body).toBe(201);
    teamHeader = header.json();
    expect((await call(asha, 'POST', `/api/custom-domains/trai/${teamHeader.id}/verify`, team)).statusCode).toBe(200);

    // The team's, not Asha's own: her personal workspace lists none and knows no active domain.
    expect((await call(asha, 'GET', '/api/custom-domains', null)).json()).toEqual([]);
    expect((await call(asha, 'GET', '/api/custom-domains/trai', null)).json()).toEqual([]);
    expect((await call(asha, 'GET', '/api/users/me/domain-info', null)).json()).toMatchObject({ has_custom_domains: false, active_custom_domain: null });
    expect((await call(asha, 'GET', '/api/users/me/domain-info', team)).json()).toMatchObject({
      has_custom_domains: true,
      active_custom_domain: 'go.launch.in',
    });
    // The reverse proxy's TLS ask answers for the team's verified domain.
    expect((await t.app.inject({ url: '/api/domains/tls-allowed?domain=go.launch.in' })).statusCode).toBe(200);
  });

  it('a member and a viewer list the team’s domains and headers but may not add, verify, activate or delete (403)', async () => {
    for (const reader of [ben, vikram]) {
      const domains = await call(reader, 'GET', '/api/custom-domains', team);
      expect(domains.statusCode, domains.body).toBe(200);
      expect(domains.json()).toEqual([expect.objectContaining({ id: teamDomain.id, domain: 'go.launch.in', dns_verified: true, is_active: true })]);
      const headers = await call(reader, 'GET', '/api/custom-domains/trai', team);
      expect(headers.json()).toEqual([expect.objectContaining({ id: teamHeader.id, header: 'LAUNCH', dns_verified: true })]);
    }
    for (const [who, role] of [
      [ben, 'member'],
      [vikram, 'viewer'],
    ] as const) {
      for (const [method, url, payload] of [
        ['POST', '/api/custom-domains', { domain: 'go.member.in' }],
        ['POST', `/api/custom-domains/${teamDomain.id}/verify`, undefined],
        ['POST', `/api/custom-domains/${teamDomain.id}/set-active`, undefined],
        ['DELETE', `/api/custom-domains/${teamDomain.id}`, undefined],
        ['POST', '/api/custom-domains/trai', { header: 'MEMBER', domain_type: 'our_domain' }],
        ['POST', `/api/custom-domains/trai/${teamHeader.id}/verify`, undefined],
        ['POST', `/api/custom-domains/trai/${teamHeader.id}/set-active`, undefined],
        ['DELETE', `/api/custom-domains/trai/${teamHeader.id}`, undefined],
      ] as const) {
        const answer = await call(who, method, url, team, payload);
        expect(answer.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(answer.json().detail).toBe(roleRefusal(role));
      }
    }
    // Nothing changed.
    expect((await call(asha, 'GET', '/api/custom-domains', team)).json()).toHaveLength(1);
    expect((await call(asha, 'GET', '/api/custom-domains/trai', team)).json()).toHaveLength(1);
  });

  it('an outsider naming the team workspace is not found, whatever the domain route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/custom-domains', undefined],
      ['POST', '/api/custom-domains', { domain: 'go.outsider.in' }],
      ['DELETE', `/api/custom-domains/${teamDomain.id}`, undefined],
      ['GET', '/api/custom-domains/trai', undefined],
      ['DELETE', `/api/custom-domains/trai/${teamHeader.id}`, undefined],
      ['GET', '/api/users/me/domain-info', undefined],
    ] as const) {
      const answer = await call(outsider, method, url, team, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().detail).toBe(WORKSPACE_NOT_FOUND);
    }
  });

  it('a domain or header of another workspace answers 404 by id', async () => {
    for (const [method, url, detail] of [
      ['POST', `/api/custom-domains/${teamDomain.id}/verify`, DOMAIN_NOT_FOUND],
      ['DELETE', `/api/custom-domains/${teamDomain.id}`, DOMAIN_NOT_FOUND],
      ['POST', `/api/custom-domains/trai/${teamHeader.id}/set-active`, TRAI_NOT_FOUND],
      ['DELETE', `/api/custom-domains/trai/${teamHeader.id}`, TRAI_NOT_FOUND],
    ] as const) {
      // Asha acts in her personal workspace, now on Pro so that the plan is not what refuses.
      await givePlan(t.platform, asha.user.id, 'pro');
      const answer = await call(asha, method, url, null);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().detail).toBe(detail);
    }
    expect((await call(asha, 'GET', '/api/custom-domains', team)).json()).toEqual([expect.objectContaining({ id: teamDomain.id, dns_verified: true })]);
  });

  it('a member’s link in the team workspace is placed on the team’s verified domain and header, and served there', async () => {
    const onDomain = await call(ben, 'POST', '/api/urls', team, { original_url: 'https://example.com/launch', custom_domain: 'go.launch.in' });
    expect(onDomain.statusCode, onDomain.body).toBe(201);
    const link = onDomain.json<{ short_code: string; short_url: string }>();
    expect(link.short_url).toBe(`https://go.launch.in/${link.short_code}`);
    const underHeader = await call(ben, 'POST', '/api/urls', team, {
      original_url: 'https://example.com/sms',
      custom_domain: 'go.launch.in',
      trai_header: 'LAUNCH',
    });
    expect(underHeader.statusCode, underHeader.body).toBe(201);
    const headerLink = underHeader.json<{ short_code: string; short_url: string }>();
    expect(headerLink.short_url).toBe(`https://go.launch.in/LAUNCH/${headerLink.short_code}`);

    const served = await visit('go.launch.in', `/${link.short_code}`);
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toBe('https://example.com/launch');
    expect((await visit('go.launch.in', `/LAUNCH/${headerLink.short_code}`)).headers.location).toBe('https://example.com/sms');
    expect((await visit('lnk.example.com', `/${link.short_code}`)).statusCode).toBe(404);

    // In Ben's own workspace the team's domain is not his to use.
    await givePlan(t.platform, ben.user.id, 'pro');
    const personal = await call(ben, 'POST', '/api/urls', null, { original_url: 'https://example.com/mine', custom_domain: 'go.launch.in' });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().detail).toMatch(/not one of your verified custom domains/);
  });

  it('an admin (not only the owner) manages the team’s domains, and the team’s plan limit counts the team’s domains', async () => {
    const promoted = await call(asha, 'PATCH', `/api/workspaces/${team}/members/${ben.user.id}`, null, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const once = { domain: 'links.launch.in' };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/custom-domains',
      headers: { ...ben.headers, 'x-workspace-id': String(team), 'idempotency-key': 'k-1' },
      payload: once,
    });
    expect(added.statusCode, added.body).toBe(201);
    // The same key and body in another workspace is another request: refused, not answered with the team's domain.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: { ...ben.headers, 'idempotency-key': 'k-1' }, payload: once });
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json().detail).toMatch(/Idempotency-Key was already used for a different request/);
    // Pro allows two: the team has two now, whatever its members hold in their own workspaces.
    const third = await call(ben, 'POST', '/api/custom-domains', team, { domain: 'more.launch.in' });
    expect(third.statusCode).toBe(403);
    expect(third.json().detail).toBe('Your Pro plan allows 2 custom domains, and you have 2. Delete one, or upgrade your plan on the pricing page.');
    expect((await call(ben, 'POST', '/api/custom-domains', null, { domain: 'more.launch.in' })).statusCode).toBe(201);
    const removed = await call(ben, 'DELETE', `/api/custom-domains/${added.json<{ id: number }>().id}`, team);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(asha, 'GET', '/api/custom-domains', team)).json()).toHaveLength(1);
  });
});
