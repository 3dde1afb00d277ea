import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';

const TARGET_IP = '203.0.113.7';

describe('custom domains verified by real DNS', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let pro: Session;
  let free: Session;
  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, DOMAIN_CNAME_TARGET: 'domains.linkledger.in', REGISTRATIONS_PER_IP: '0' });
    pro = await signUp(t.app, 'brand@example.com');
    await givePlan(t.platform, pro.user.id, 'pro');
    free = await signUp(t.app, 'free@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const add = (session: Session, domain: string) => t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: session.headers, payload: { domain } });
  const verify = (session: Session, id: number) => t.app.inject({ method: 'POST', url: `/api/custom-domains/${id}/verify`, headers: session.headers });
  const list = async (session: Session) => (await t.app.inject({ url: '/api/custom-domains', headers: session.headers })).json();

  it('adds a domain as typed, trimmed and lower-cased, unverified with its TXT token; refuses what is not a registrable domain', async () => {
    const added = await add(pro, '  Links.Acme.IN ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      domain: 'links.acme.in',
      dns_verified: false,
      is_active: false,
      dns_token: expect.stringMatching(/^linkledger-verify=[0-9a-f]{32}$/),
    });
    for (const [input, message] of [
      ['https://go.acme.in', /without http:\/\/ or https:\/\//],
      ['go.acme.in/path', /without a path/],
      ['203.0.113.9', /not an IP address/],
      ['com', /not a domain you can register/],
      ['localhost', /not a domain you can register/],
      ['go.acme.in:8080', /port/],
      ['', /Enter a domain/],
      ['domains.linkledger.in', /this service's own address/],
    ] as const) {
      const refused = await add(pro, input);
      expect(refused.statusCode, input).toBe(400);
      expect(refused.json().detail).toMatch(message);
    }
    // Claims may be pending side by side, in any spelling: an unverified one blocks nobody; twice on one account is refused.
    const other = await signUp(t.app, 'other-brand@example.com');
    await givePlan(t.platform, other.user.id, 'enterprise');
    const pending = await add(other, 'LINKS.acme.in.');
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json()).toMatchObject({ domain: 'links.acme.in', status: 'pending', expires_at: expect.any(String) });
    const twice = await add(other, 'links.acme.in');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('links.acme.in is already on your account.');
  });

  it('refuses free users with the upgrade message, and a Pro user past the plan’s two domains', async () => {
    const refused = await add(free, 'free.acme.in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Custom domains are available on the Pro and Enterprise plans. Upgrade your plan to add your own domain.');
    expect((await add(pro, 'second.acme.in')).statusCode).toBe(201);
    const third = await add(pro, 'third.acme.in');
    expect(third.statusCode).toBe(403);
    expect(third.json().detail).toMatch(/Your Pro plan allows 2 custom domains, and you have 2/);
  });

  it('verifies only when the TXT token and an A or CNAME record are right, says what is missing, and unverifies when records go', async () => {
    const domain = (await list(pro)).find((item: { domain: string }) => item.domain === 'links.acme.in');
    const check = async () => (await verify(pro, domain.id)).json();

    let answer = await check();
    expect(answer.verification_result.fully_verified).toBe(false);
    expect(answer.verification_result.failed_checks).toContain('txt_missing');
    expect(answer.verification_result.messages.join(' ')).toContain('_linkledger-verify.links.acme.in');
    expect(answer.verification_result.dns_instructions.records).toEqual(
      expect.arrayContaining([
        { type: 'TXT', name: '_linkledger-verify.links.acme.in', value: domain.dns_token, ttl: 3600 },
        expect.objectContaining({ type: 'A', name: 'links.acme.in', value: TARGET_IP, ttl: 3600 }),
        expect.objectContaining({ type: 'CNAME', name: 'links.acme.in', value: 'domains.linkledger.in', alternative: true }),
      ]),
    );

    dns.set('_linkledger-verify.links.acme.in', 'TXT', ['linkledger-verify=not-the-token']);
    expect((await check()).verification_result.failed_checks).toContain('txt_mismatch');

    dns.set('_linkledger-verify.links.acme.in', 'TXT', ['v=spf1 -all', domain.dns_token]);
    answer = await check();
    expect(answer.verification_result.failed_checks).toEqual(['not_pointing']);
    expect(answer.domain.dns_verified).toBe(false);

    dns.set('links.acme.in', 'A', ['198.51.100.1']);
    expect((await check()).verification_result.failed_checks).toEqual(['not_pointing']);
    dns.set('links.acme.in', 'A', [TARGET_IP]);
    answer = await check();
    expect(answer.verification_result).toMatchObject({ fully_verified: true, failed_checks: [] });
    expect(answer.message).toBe('links.acme.in is verified successfully.');
    expect(answer.domain.dns_verified).toBe(true);
    expect((await t.app.inject({ url: '/api/domains/tls-allowed?domain=LINKS.acme.in' })).statusCode).toBe(200);

    // Set active: it becomes the one active domain, and domain-info and the API key say so.
    const activated = await t.app.inject({ method: 'POST', url: `/api/custom-domains/${domain.id}/set-active`, headers: pro.headers });
    expect(activated.statusCode).toBe(200);
    expect((await list(pro)).filter((item: { is_active: boolean }) => item.is_active).map((item: { domain: string }) => item.domain)).toEqual([
      'links.acme.in',
    ]);
    expect((await t.app.inject({ url: '/api/users/me/domain-info', headers: pro.headers })).json()).toMatchObject({
      has_custom_domains: true,
      active_custom_domain: 'links.acme.in',
    });

    // Records removed: the next check unverifies it, it is no longer active, and no certificate is allowed.
    dns.remove('links.acme.in');
    answer = await check();
    expect(answer.domain).toMatchObject({ dns_verified: false, is_active: false });
    expect((await t.app.inject({ url: '/api/domains/tls-allowed?domain=links.acme.in' })).statusCode).toBe(404);
    const unverified = await t.platform.events.readAll({ limit: 10, filter: { types: ['CustomDomainUnverified'] } });
    expect(unverified).toHaveLength(1);
    // A CNAME to the configured target verifies it again.
    dns.set('links.acme.in', 'CNAME', ['Domains.Linkledger.IN.']);
    expect((await check()).verification_result.fully_verified).toBe(true);

    // Admins read the domain's history like any entity's (the first account is the super admin).
    const timeline = await t.app.inject({ url: `/api/admin/entities/domain/${domain.id}/timeline`, headers: pro.headers });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const types = timeline.json().entries.map((entry: { type: string }) => entry.type);
    expect(types).toEqual(['CustomDomainAdded', 'CustomDomainVerified', 'CustomDomainActivated', 'CustomDomainUnverified', 'CustomDomainVerified']);
  });

  it('answers another user’s domain as missing, and frees a deleted domain’s name', async () => {
    const [mine] = await list(pro);
    // A Free caller is refused by the plan before anything is looked up; a Pro one finds nothing.
    expect((await verify(free, mine.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/custom-domains/${mine.id}`, headers: free.headers })).statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/custom-domains/${mine.id}`, headers: pro.headers });
    expect(deleted.json()).toEqual({ message: `${mine.domain} was deleted successfully.` });
    expect((await list(pro)).map((item: { id: number }) => item.id)).not.toContain(mine.id);
    expect((await add(pro, mine.domain)).statusCode).toBe(201);
  });

  it('registers TRAI headers: on our host once approved, on a custom domain only once one is verified; unique per host', async () => {
    const addTrai = (session: Session, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/custom-domains/trai', headers: session.headers, payload });
    const ours = await addTrai(pro, { header: 'acmein', domain_type: 'our_domain' });
    expect(ours.statusCode, ours.body).toBe(201);
    expect(ours.json()).toMatchObject({
      header: 'ACMEIN',
      domain_type: 'our_domain',
      domain: null,
      dns_verified: false,
      approval: 'pending',
      is_active: false,
    });
    // On our host an administrator approves it (this suite's first account is the super admin).
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/trai-approvals/${ours.json().id}/approve`, headers: pro.headers })).statusCode).toBe(200);
    expect((await addTrai(pro, { header: 'ACME', domain_type: 'our_domain' })).json().detail).toBe(
      'A TRAI header is exactly 6 letters or digits, such as ACMEIN.',
    );
    expect((await addTrai(pro, { header: 'ACME-1', domain_type: 'our_domain' })).statusCode).toBe(400);
    const other = await signUp(t.app, 'trai-other@example.com');
    await givePlan(t.platform, other.user.id, 'pro');
    expect((await addTrai(other, { header: 'ACMEIN', domain_type: 'our_domain' })).statusCode).toBe(409);
    expect((await addTrai(other, { header: 'OTHERS', domain_type: 'custom_domain' })).json().detail).toBe(
      'No verified custom domains available. Please verify a custom domain first.',
    );
    expect((await addTrai(free, { header: 'FREEIN', domain_type: 'our_domain' })).statusCode).toBe(403);

    const verifiedDomain = (await list(pro)).find((item: { domain: string }) => item.domain === 'second.acme.in');
    dns.set('_linkledger-verify.second.acme.in', 'TXT', [verifiedDomain.dns_token]);
    dns.set('second.acme.in', 'AAAA', ['2001:db8::7']);
    expect((await verify(pro, verifiedDomain.id)).json().verification_result.failed_checks).toEqual(['not_pointing']);
    dns.set('second.acme.in', 'A', [TARGET_IP]);
    expect((await verify(pro, verifiedDomain.id)).json().verification_result.fully_verified).toBe(true);
    expect((await addTrai(pro, { header: 'BRANDS', domain_type: 'custom_domain' })).json().detail).toBe('Please select a custom domain');
    const onDomain = await addTrai(pro, { header: 'ACMEIN', domain_type: 'custom_domain', custom_domain_id: verifiedDomain.id });
    expect(onDomain.statusCode, onDomain.body).toBe(201);
    expect(onDomain.json()).toMatchObject({ header: 'ACMEIN', domain: verifiedDomain.domain, dns_verified: false });
    const verified = await t.app.inject({ method: 'POST', url: `/api/custom-domains/trai/${onDomain.json().id}/verify`, headers: pro.headers });
    expect(verified.statusCode).toBe(200);
    const active = await t.app.inject({ method: 'POST', url: `/api/custom-domains/trai/${ours.json().id}/set-active`, headers: pro.headers });
    expect(active.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me/domain-info', headers: pro.headers })).json()).toMatchObject({
      has_trai_domains: true,
      active_trai_header: 'ACMEIN',
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/custom-domains/trai/${ours.json().id}`, headers: pro.headers })).statusCode).toBe(200);
    expect((await addTrai(other, { header: 'ACMEIN', domain_type: 'our_domain' })).statusCode).toBe(201);
  });
});

describe('the daily re-check of verified domains', () => {
  let now = new Date('2026-11-23T10:00:00Z');
  let dns: DnsTestServer;
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('unverifies, once, a domain whose records are gone a day later; a recent check is not repeated', async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP }, { clock: () => now });
    const owner = await signUp(t.app, 'recheck@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
    const added = (await t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: owner.headers, payload: { domain: 'go.recheck.in' } })).json();
    dns.set('_linkledger-verify.go.recheck.in', 'TXT', [added.dns_token]);
    dns.set('go.recheck.in', 'A', [TARGET_IP]);
    expect((await t.app.inject({ method: 'POST', url: `/api/custom-domains/${added.id}/verify`, headers: owner.headers })).json().domain.dns_verified).toBe(
      true,
    );
    const unverified = () => t.platform.events.readAll({ limit: 10, filter: { types: ['CustomDomainUnverified'] } });

    await t.platform.domainRechecker!.tick(); // records in place: nothing to record
    dns.remove('go.recheck.in');
    now = new Date(now.getTime() + 3_600_000);
    await t.platform.domainRechecker!.tick(); // checked an hour ago: not due
    expect(await unverified()).toHaveLength(0);

    now = new Date(now.getTime() + 24 * 3_600_000);
    await t.platform.domainRechecker!.tick();
    expect((await unverified()).map((event) => event.data)).toEqual([expect.objectContaining({ domain: 'go.recheck.in', failed_checks: ['not_pointing'] })]);
    // The re-check answers nobody, so it does not wait for the read model; a reader does.
    await t.platform.readModel.waitFor(await t.platform.events.headPosition(), 5_000);
    expect((await t.app.inject({ url: '/api/domains/tls-allowed?domain=go.recheck.in' })).statusCode).toBe(404);
    now = new Date(now.getTime() + 25 * 3_600_000);
    await t.platform.domainRechecker!.tick(); // no longer verified: not re-checked, nothing more recorded
    expect(await unverified()).toHaveLength(1);
  });

  it('leaves a verified domain as it is when DNS cannot be reached', async () => {
    const owner = await signUp(t.app, 'dns-down@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
    const added = (await t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: owner.headers, payload: { domain: 'go.dnsdown.in' } })).json();
    dns.set('_linkledger-verify.go.dnsdown.in', 'TXT', [added.dns_token]);
    dns.set('go.dnsdown.in', 'A', [TARGET_IP]);
    await t.app.inject({ method: 'POST', url: `/api/custom-domains/${added.id}/verify`, headers: owner.headers });
    await dns.close();
    const answer = (await t.app.inject({ method: 'POST', url: `/api/custom-domains/${added.id}/verify`, headers: owner.headers })).json();
    expect(answer.verification_result.failed_checks).toEqual(['dns_unavailable']);
    expect(answer.message).toMatch(/DNS could not be reached .*try again/);
    expect(answer.domain.dns_verified).toBe(true);
  });
});
