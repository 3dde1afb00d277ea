import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/index.ts';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';
import { TARGET_IP, verifiedDomain } from '../testing/verified-domain.ts';

describe('links served by Host and TRAI path', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let brand: Session;
  let other: Session;
  const links: Record<string, { short_code: string; short_url: string }> = {};

  const api = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const visit = (host: string, path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' });
    const root = await signUp(t.app, 'root@example.com'); // the first account: super admin
    brand = await signUp(t.app, 'brand@example.com');
    other = await signUp(t.app, 'other@example.com');
    await givePlan(t.platform, brand.user.id, 'pro');
    await givePlan(t.platform, other.user.id, 'pro');
    const acme = await verifiedDomain(t.app, dns, brand, 'go.acme.in');
    await verifiedDomain(t.app, dns, other, 'go.other.in');
    const ours = (
      await api(brand, 'POST', '/api/custom-domains/trai', { header: 'ACMEIN', domain_type: 'our_domain', dlt_registration_id: '1101234567890123456' })
    ).json();
    expect((await api(root, 'POST', `/api/admin/trai-approvals/${ours.id}/approve`)).statusCode).toBe(200);
    await api(brand, 'POST', '/api/custom-domains/trai', { header: 'ACMEGO', domain_type: 'custom_domain', custom_domain_id: acme.id }).then(async (added) => {
      await api(brand, 'POST', `/api/custom-domains/trai/${added.json().id}/verify`);
    });
    for (const [name, placement] of [
      ['plain', {}],
      ['domain', { custom_domain: 'GO.acme.in' }],
      ['ours-header', { trai_header: 'acmein' }],
      ['domain-header', { custom_domain: 'go.acme.in', trai_header: 'ACMEGO' }],
    ] as const) {
      const created = await api(brand, 'POST', '/api/urls', { original_url: `https://example.com/${name}`, ...placement });
      expect(created.statusCode, created.body).toBe(201);
      links[name] = created.json();
    }
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('creates links on a verified domain or header, with the short URL of their place', () => {
    expect(links.plain!.short_url).toBe(`https://lnk.example.com/${links.plain!.short_code}`);
    expect(links.domain!.short_url).toBe(`https://go.acme.in/${links.domain!.short_code}`);
    expect(links['ours-header']!.short_url).toBe(`https://lnk.example.com/ACMEIN/${links['ours-header']!.short_code}`);
    expect(links['domain-header']!.short_url).toBe(`https://go.acme.in/ACMEGO/${links['domain-header']!.short_code}`);
  });

  it('lists links by domain filter and writes each link’s own short URL in the CSV and the QR code', async () => {
    const codes = async (domain: string) =>
      ((await api(brand, 'GET', `/api/urls?domain=${domain}`)).json() as { short_code: string }[]).map((link) => link.short_code).sort();
    expect(await codes('default')).toEqual([links.plain!.short_code]);
    expect(await codes('custom')).toEqual([links.domain!.short_code, links['ours-header']!.short_code, links['domain-header']!.short_code].sort());
    const csv = (await api(brand, 'GET', '/api/urls/export')).body;
    for (const link of Object.values(links)) expect(csv).toContain(link.short_url);
    const qr = await api(brand, 'GET', `/api/urls/${(links['domain-header'] as unknown as { id: number }).id}/qr.svg`);
    expect(qr.statusCode).toBe(200);
  });

  it('refuses a domain or header that is not the caller’s verified one, creating nothing', async () => {
    for (const placement of [
      { custom_domain: 'go.other.in' },
      { custom_domain: 'nowhere.acme.in' },
      { trai_header: 'NOPE12' },
      { custom_domain: 'go.other.in', trai_header: 'ACMEGO' },
    ]) {
      const refused = await api(brand, 'POST', '/api/urls', { original_url: 'https://example.com/refused', ...placement });
      expect(refused.statusCode, JSON.stringify(placement)).toBe(400);
      expect(refused.json().detail).toMatch(/verified/);
    }
    const mine = (await api(brand, 'GET', '/api/urls')).json();
    expect(JSON.stringify(mine)).not.toContain('https://example.com/refused');
  });

  it('serves each link only where it was created: by Host first, then the TRAI path, then the code on our host', async () => {
    const code = (name: string) => links[name]!.short_code;
    const served = async (host: string, path: string) => {
      const answer = await visit(host, path);
      return answer.statusCode === 302 ? answer.headers.location : answer.statusCode;
    };
    expect(await served('lnk.example.com', `/${code('plain')}`)).toBe('https://example.com/plain');
    expect(await served('go.acme.in', `/${code('domain')}`)).toBe('https://example.com/domain');
    expect(await served('GO.ACME.IN:443', `/${code('domain')}`)).toBe('https://example.com/domain');
    expect(await served('lnk.example.com', `/ACMEIN/${code('ours-header')}`)).toBe('https://example.com/ours-header');
    expect(await served('go.acme.in', `/ACMEGO/${code('domain-header')}`)).toBe('https://example.com/domain-header');

    // The wrong place is a 404, never someone else's link.
    expect(await served('go.acme.in', `/${code('plain')}`)).toBe(404);
    expect(await served('lnk.example.com', `/${code('domain')}`)).toBe(404);
    expect(await served('go.other.in', `/${code('domain')}`)).toBe(404);
    expect(await served('lnk.example.com', `/ACMEGO/${code('domain-header')}`)).toBe(404);
    expect(await served('go.acme.in', `/ACMEIN/${code('ours-header')}`)).toBe(404);
    expect(await served('lnk.example.com', `/ACMEGO/${code('ours-header')}`)).toBe(404);
    expect(await served('lnk.example.com', `/${code('ours-header')}`)).toBe(404);
    // An unknown Host gets the 404 page.
    const unknown = await visit('evil.example.net', `/${code('plain')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
  });

  it('stops serving on a domain that lost its records, as soon as the re-check records it', async () => {
    const code = links.domain!.short_code;
    expect((await visit('go.acme.in', `/${code}`)).statusCode).toBe(302);
    dns.remove('go.acme.in');
    const [domain] = (await api(brand, 'GET', '/api/custom-domains')).json();
    expect((await api(brand, 'POST', `/api/custom-domains/${domain.id}/verify`)).json().domain.dns_verified).toBe(false);
    expect((await visit('go.acme.in', `/${code}`)).statusCode).toBe(404);
    expect((await visit('go.acme.in', `/ACMEGO/${links['domain-header']!.short_code}`)).statusCode).toBe(404);
    // Verified again: served again.
    dns.set('go.acme.in', 'A', [TARGET_IP]);
    await api(brand, 'POST', `/api/custom-domains/${domain.id}/verify`);
    expect((await visit('go.acme.in', `/${code}`)).statusCode).toBe(302);
  });

  it('counts the clicks of links on domains like any other', async () => {
    const code = links['domain-header']!.short_code;
    expect((await visit('go.acme.in', `/ACMEGO/${code}`)).statusCode).toBe(302);
    const clicks = await t.platform.events.readAll({ limit: 100, filter: { types: ['Clicked'] } });
    expect(clicks.some((click) => (click.data as { link_id: number }).link_id === (links['domain-header'] as unknown as { id: number }).id)).toBe(true);
  });

  it('asks for a protected link’s password at its own place, and takes it only there', async () => {
    const passwordHash = await hashPassword('open sesame');
    for (const link of Object.values(links)) {
      const id = (link as unknown as { id: number }).id;
      const revision = (await t.platform.events.readStream(`link-${id}`)).length - 1;
      const metadata = { actor: { kind: 'user' as const, id: String(brand.user.id) }, correlation_id: 'pw', causation_id: 'pw', at: new Date().toISOString() };
      const changes = { link_id: id, changes: { password_hash: passwordHash } };
      await t.platform.events.append([
        { stream: `link-${id}`, expected: revision, events: [{ id: randomUUID(), type: 'LinkUpdated', version: 1, data: changes, metadata }] },
      ]);
    }
    expect(await t.platform.linkCache.progress.waitFor(await t.platform.events.headPosition(), 5000)).toBe(true);
    const code = (name: string) => links[name]!.short_code;
    const post = (host: string, path: string) =>
      t.app.inject({ method: 'POST', url: path, headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'password=open+sesame' });
    for (const [host, path, name] of [
      ['lnk.example.com', `/${code('plain')}`, 'plain'],
      ['go.acme.in', `/${code('domain')}`, 'domain'],
      ['lnk.example.com', `/ACMEIN/${code('ours-header')}`, 'ours-header'],
      ['go.acme.in', `/ACMEGO/${code('domain-header')}`, 'domain-header'],
    ] as const) {
      const page = await visit(host, path);
      expect(page.statusCode, path).toBe(401);
      expect(page.body).not.toContain(`https://example.com/${name}`);
      const right = await post(host, path);
      expect([right.statusCode, right.headers.location], path).toEqual([302, `https://example.com/${name}`]);
      expect(String(right.headers['set-cookie'])).toContain(`; Path=${path};`);
    }
    // At the wrong place the form reaches no link: the 404 page.
    expect((await post('go.acme.in', `/${code('plain')}`)).statusCode).toBe(404);
    expect((await post('lnk.example.com', `/${code('domain')}`)).statusCode).toBe(404);
    expect((await post('lnk.example.com', `/ACMEGO/${code('domain-header')}`)).statusCode).toBe(404);
    expect((await post('go.acme.in', `/ACMEIN/${code('ours-header')}`)).statusCode).toBe(404);
    expect((await post('evil.example.net', `/${code('plain')}`)).statusCode).toBe(404);
  });
});
