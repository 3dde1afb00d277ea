import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp, post, put } from '../../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from '../../domains/dns/testing/dns-test-server.ts';
import { TARGET_IP, verifiedDomain } from '../../testing/verified-domain.ts';

const OUR_HOST = 'lnk.example.com';

interface CreatedLink {
  id: number;
  short_code: string;
  short_url: string;
  custom_domain: string | null;
  trai_header: string | null;
}

/*
 * Where a link made through the API goes (docs/developer-api.md#where-api-links-go): a call
 * that names no place gets the account's active TRAI header, else its active custom domain,
 * as Developer Tools says; a call that names a place gets that place.
 */
describe('links made through the API go to the active domain and header unless the call names a place', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let root: Session;
  let brand: Session;
  let key: string;
  let acme: { id: number };

  const api = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const withKey = async (payload: object): Promise<CreatedLink> => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': key }, payload });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CreatedLink>();
  };
  const cuttly = async (query: string): Promise<string> => {
    const answer = await t.app.inject({ url: `/api/shorten?key=${encodeURIComponent(key)}&${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json<{ url: { status: number; shortLink: string } }>();
    expect(url.status, answer.body).toBe(7);
    return url.shortLink;
  };
  /** Where a short URL leads when a visitor opens it: the destination, or the status. */
  const follow = async (shortUrl: string) => {
    const { host, pathname } = new URL(shortUrl);
    const answer = await t.app.inject({ method: 'GET', url: pathname, headers: { host } });
    return answer.statusCode === 302 ? answer.headers.location : answer.statusCode;
  };

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: `https://${OUR_HOST}`, REGISTRATIONS_PER_IP: '0' });
    root = await signUp(t.app, 'root@example.com'); // the first account: super admin
    brand = await signUp(t.app, 'brand@example.com');
    await givePlan(t.platform, brand.user.id, 'pro');
    key = (await api(brand, 'POST', '/api/users/me/generate-api-key')).json<{ api_key: string }>().api_key;
    acme = await verifiedDomain(t.app, dns, brand, 'go.acme.in');
    await verifiedDomain(t.app, dns, brand, 'go.beta.in');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('uses this service’s address while nothing is active', async () => {
    const link = await withKey({ original_url: 'https://example.com/nothing-active' });
    expect(link.short_url).toBe(`https://${OUR_HOST}/${link.short_code}`);
    expect((await api(brand, 'GET', '/api/users/me/api-key')).json().domains.api_links_at).toBe(`https://${OUR_HOST}/`);
    expect(await follow(link.short_url)).toBe('https://example.com/nothing-active');
  });

  it('puts a key’s link on the active custom domain, where it redirects (and nowhere else)', async () => {
    expect((await api(brand, 'POST', `/api/custom-domains/${acme.id}/set-active`)).statusCode).toBe(200);
    const link = await withKey({ original_url: 'https://example.com/on-active' });
    expect(link).toMatchObject({ custom_domain: 'go.acme.in', trai_header: null });
    expect(link.short_url).toBe(`https://go.acme.in/${link.short_code}`);
    expect(await follow(link.short_url)).toBe('https://example.com/on-active');
    expect(await follow(`https://${OUR_HOST}/${link.short_code}`)).toBe(404);
    // The key's answer names the same domain, and says where API links go now.
    expect((await api(brand, 'GET', '/api/users/me/api-key')).json().domains).toEqual({
      active_custom_domain: 'go.acme.in',
      active_trai_header: null,
      api_links_at: 'https://go.acme.in/',
    });
  });

  it('puts the link where the call says: another verified domain, or this service’s own address with null', async () => {
    const beta = await withKey({ original_url: 'https://example.com/on-beta', custom_domain: 'go.beta.in' });
    expect(beta.short_url).toBe(`https://go.beta.in/${beta.short_code}`);
    expect(await follow(beta.short_url)).toBe('https://example.com/on-beta');
    const ours = await withKey({ original_url: 'https://example.com/on-ours', custom_domain: null, trai_header: null });
    expect(ours.short_url).toBe(`https://${OUR_HOST}/${ours.short_code}`);
    expect(await follow(ours.short_url)).toBe('https://example.com/on-ours');
    const refused = await post(t.app, '/api/urls/api', { 'x-api-key': key }, { original_url: 'https://example.com/x', custom_domain: 'go.nobody.in' });
    expect(refused.statusCode).toBe(400);
  });

  it('puts it under the active TRAI header, on that header’s host', async () => {
    const header = (
      await api(brand, 'POST', '/api/custom-domains/trai', { header: 'ACMEIN', domain_type: 'our_domain', dlt_registration_id: '1101234567890123456' })
    ).json<{ id: number }>();
    expect((await api(root, 'POST', `/api/admin/trai-approvals/${header.id}/approve`)).statusCode).toBe(200);
    expect((await api(brand, 'POST', `/api/custom-domains/trai/${header.id}/set-active`)).statusCode).toBe(200);
    const link = await withKey({ original_url: 'https://example.com/under-header' });
    expect(link.short_url).toBe(`https://${OUR_HOST}/ACMEIN/${link.short_code}`);
    // The header wins over the active domain, and the key's answer says so.
    expect((await api(brand, 'GET', '/api/users/me/api-key')).json().domains).toEqual({
      active_custom_domain: 'go.acme.in',
      active_trai_header: 'ACMEIN',
      api_links_at: `https://${OUR_HOST}/ACMEIN/`,
    });
    expect(await follow(link.short_url)).toBe('https://example.com/under-header');
    // A bearer token on the API's route is an API call too.
    const bearer = (await api(brand, 'POST', '/api/urls/api', { original_url: 'https://example.com/bearer-api' })).json<CreatedLink>();
    expect(bearer.short_url).toBe(`https://${OUR_HOST}/ACMEIN/${bearer.short_code}`);
  });

  it('does the same in the cutt.ly-compatible call, which also takes cutt.ly’s userDomain, noTitle and public', async () => {
    const active = await cuttly(`short=${encodeURIComponent('https://example.com/cuttly-active')}&noTitle=1&public=1`);
    expect(active).toMatch(new RegExp(`^https://${OUR_HOST}/ACMEIN/`));
    expect(await follow(active)).toBe('https://example.com/cuttly-active');
    expect(await cuttly(`short=${encodeURIComponent('https://example.com/cuttly-user-domain')}&userDomain=1`)).toMatch(
      new RegExp(`^https://${OUR_HOST}/ACMEIN/`),
    );
    const plain = await cuttly(`short=${encodeURIComponent('https://example.com/cuttly-plain')}&userDomain=0`);
    expect(plain).toMatch(new RegExp(`^https://${OUR_HOST}/[^/]+$`));
    expect(await follow(plain)).toBe('https://example.com/cuttly-plain');
  });

  it('leaves the dashboard’s create call where it was: its own host unless it names a place', async () => {
    const link = (await api(brand, 'POST', '/api/urls', { original_url: 'https://example.com/dashboard' })).json<CreatedLink>();
    expect(link.short_url).toBe(`https://${OUR_HOST}/${link.short_code}`);
  });

  it('passes over an active domain and header the plan no longer includes, instead of refusing the call', async () => {
    await givePlan(t.platform, brand.user.id, 'free');
    // Free's 10 links a month are spent above: an admin's own limit lifts that, not the features.
    const lifted = await put(t.app, `/api/admin/api/users/${brand.user.id}/limits`, root.headers, { custom_monthly_links_limit: 100 });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const link = await withKey({ original_url: 'https://example.com/after-downgrade' });
    expect(link).toMatchObject({ custom_domain: null, trai_header: null });
    expect(await follow(link.short_url)).toBe('https://example.com/after-downgrade');
  });
});
