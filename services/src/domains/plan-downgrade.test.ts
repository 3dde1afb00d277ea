import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';
import { DOMAINS_NOT_IN_PLAN, TRAI_NOT_IN_PLAN } from './domain-access.ts';

const TARGET_IP = '203.0.113.7';

/*
 * Features follow the plan (docs/domains.md#after-a-downgrade): after a downgrade to Free the
 * server refuses every paid use of domains and headers, while the lists stay readable and
 * Delete keeps working; links made before the downgrade keep serving until deleted.
 */
describe('custom domains and TRAI headers after a downgrade', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let user: Session;
  let domain: { id: number; dns_token: string };
  let domainHeader: { id: number };
  let oursHeader: { id: number };
  const links: Record<string, { short_code: string }> = {};

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const visit = async (host: string, path: string) => (await t.app.inject({ method: 'GET', url: path, headers: { host } })).statusCode;

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' });
    const root = await signUp(t.app, 'root@example.com');
    user = await signUp(t.app, 'downgraded@example.com');
    await givePlan(t.platform, user.user.id, 'pro');
    domain = (await api('POST', '/api/custom-domains', { domain: 'go.down.in' })).json();
    dns.set('_linkledger-verify.go.down.in', 'TXT', [domain.dns_token]);
    dns.set('go.down.in', 'A', [TARGET_IP]);
    expect((await api('POST', `/api/custom-domains/${domain.id}/verify`)).json().domain.dns_verified).toBe(true);
    domainHeader = (await api('POST', '/api/custom-domains/trai', { header: 'DOWNGO', domain_type: 'custom_domain', custom_domain_id: domain.id })).json();
    expect((await api('POST', `/api/custom-domains/trai/${domainHeader.id}/verify`)).statusCode).toBe(200);
    oursHeader = (
      await api('POST', '/api/custom-domains/trai', { header: 'DOWNIN', domain_type: 'our_domain', dlt_registration_id: '1107000000000000001' })
    ).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/trai-approvals/${oursHeader.id}/approve`, headers: root.headers })).statusCode).toBe(200);
    for (const [name, placement] of [
      ['domain', { custom_domain: 'go.down.in' }],
      ['domain-header', { custom_domain: 'go.down.in', trai_header: 'DOWNGO' }],
      ['ours-header', { trai_header: 'DOWNIN' }],
    ] as const) {
      const created = await api('POST', '/api/urls', { original_url: `https://example.com/${name}`, ...placement });
      expect(created.statusCode, created.body).toBe(201);
      links[name] = created.json();
    }
    await givePlan(t.platform, user.user.id, 'free');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('refuses links on the domain or under a header, activation and verify, with the feature’s refusal', async () => {
    for (const [placement, refusal] of [
      [{ custom_domain: 'go.down.in' }, DOMAINS_NOT_IN_PLAN],
      [{ custom_domain: 'go.down.in', trai_header: 'DOWNGO' }, TRAI_NOT_IN_PLAN],
      [{ trai_header: 'downin' }, TRAI_NOT_IN_PLAN],
    ] as const) {
      const refused = await api('POST', '/api/urls', { original_url: 'https://example.com/after', ...placement });
      expect(refused.statusCode, JSON.stringify(placement)).toBe(403);
      expect(refused.json().detail).toBe(refusal);
    }
    for (const [url, refusal] of [
      [`/api/custom-domains/${domain.id}/verify`, DOMAINS_NOT_IN_PLAN],
      [`/api/custom-domains/${domain.id}/set-active`, DOMAINS_NOT_IN_PLAN],
      [`/api/custom-domains/trai/${domainHeader.id}/verify`, TRAI_NOT_IN_PLAN],
      [`/api/custom-domains/trai/${oursHeader.id}/set-active`, TRAI_NOT_IN_PLAN],
    ] as const) {
      const refused = await api('POST', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().detail).toBe(refusal);
    }
    // A plain link on our host is still the Free plan's.
    expect((await api('POST', '/api/urls', { original_url: 'https://example.com/plain' })).statusCode).toBe(201);
  });

  it('still lists the domains and headers, and keeps serving the links made before the downgrade', async () => {
    expect((await api('GET', '/api/custom-domains')).json()).toEqual([
      expect.objectContaining({ domain: 'go.down.in', dns_verified: true, status: 'verified' }),
    ]);
    expect(
      (await api('GET', '/api/custom-domains/trai'))
        .json()
        .map((item: { header: string }) => item.header)
        .sort(),
    ).toEqual(['DOWNGO', 'DOWNIN']);
    expect(await visit('go.down.in', `/${links.domain!.short_code}`)).toBe(302);
    expect(await visit('go.down.in', `/DOWNGO/${links['domain-header']!.short_code}`)).toBe(302);
    expect(await visit('lnk.example.com', `/DOWNIN/${links['ours-header']!.short_code}`)).toBe(302);
  });

  it('lets the user delete what still serves: the domain with its header, and the header on our host', async () => {
    expect((await api('DELETE', `/api/custom-domains/${domain.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/custom-domains/trai/${oursHeader.id}`)).statusCode).toBe(200);
    expect((await api('GET', '/api/custom-domains')).json()).toEqual([]);
    expect((await api('GET', '/api/custom-domains/trai')).json()).toEqual([]);
    expect(await visit('go.down.in', `/${links.domain!.short_code}`)).toBe(404);
    expect(await visit('go.down.in', `/DOWNGO/${links['domain-header']!.short_code}`)).toBe(404);
    expect(await visit('lnk.example.com', `/DOWNIN/${links['ours-header']!.short_code}`)).toBe(404);
  });
});
