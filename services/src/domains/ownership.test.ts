import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';

const TARGET_IP = '203.0.113.7';
const DAY = 86_400_000;

/*
 * One owner per domain (docs/domains.md#one-owner-per-name), against the attacks of issue #27:
 * a name that changes hands never serves the previous owner's codes; a deleted domain takes its
 * TRAI headers and its links with it; pending claims block nobody, the first to verify owns the
 * name, and a pending claim expires after 7 days (the app's clock is this test's).
 */
describe('a custom domain has one owner, ever', () => {
  let now = new Date('2026-11-23T10:00:00Z');
  let dns: DnsTestServer;
  let t: TestApp;
  let first: Session;
  let second: Session;

  const api = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const visit = async (host: string, path: string) => {
    const answer = await t.app.inject({ method: 'GET', url: path, headers: { host } });
    return answer.statusCode === 302 ? answer.headers.location : answer.statusCode;
  };
  const publish = (domain: string, token: string) => {
    dns.set(`_linkledger-verify.${domain}`, 'TXT', [token]);
    dns.set(domain, 'A', [TARGET_IP]);
  };
  const add = async (session: Session, domain: string) => {
    const added = await api(session, 'POST', '/api/custom-domains', { domain });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<{ id: number; dns_token: string; status: string }>();
  };
  const signIn = async (email: string) => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: `username=${encodeURIComponent(email)}&password=correct%20horse`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };
  };
  const verify = (session: Session, id: number) => api(session, 'POST', `/api/custom-domains/${id}/verify`);
  const listed = async (session: Session, domain: string) =>
    (await api(session, 'GET', '/api/custom-domains')).json<{ id: number; domain: string; status: string }[]>().find((item) => item.domain === domain);

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp(
      { DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' },
      { clock: () => now },
    );
    await signUp(t.app, 'root@example.com'); // the first account: super admin
    first = await signUp(t.app, 'first-owner@example.com');
    second = await signUp(t.app, 'second-owner@example.com');
    await givePlan(t.platform, first.user.id, 'pro');
    await givePlan(t.platform, second.user.id, 'pro');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('serves none of the previous owner’s codes, plain or under a TRAI header, on a domain deleted and claimed again by another account', async () => {
    const old = await add(first, 'links.acme.in');
    publish('links.acme.in', old.dns_token);
    expect((await verify(first, old.id)).json().domain.dns_verified).toBe(true);
    const header = (await api(first, 'POST', '/api/custom-domains/trai', { header: 'ACMEGO', domain_type: 'custom_domain', custom_domain_id: old.id })).json();
    expect((await api(first, 'POST', `/api/custom-domains/trai/${header.id}/verify`)).statusCode).toBe(200);
    const plain = (
      await api(first, 'POST', '/api/urls', { original_url: 'https://first.example/plain', custom_domain: 'links.acme.in', short_code: 'first-plain' })
    ).json();
    const underHeader = (
      await api(first, 'POST', '/api/urls', {
        original_url: 'https://first.example/sms',
        custom_domain: 'links.acme.in',
        trai_header: 'ACMEGO',
        short_code: 'first-sms',
      })
    ).json();
    expect(await visit('links.acme.in', `/${plain.short_code}`)).toBe('https://first.example/plain');
    expect(await visit('links.acme.in', `/ACMEGO/${underHeader.short_code}`)).toBe('https://first.example/sms');

    expect((await api(first, 'DELETE', `/api/custom-domains/${old.id}`)).statusCode).toBe(200);
    const taken = await add(second, 'links.acme.in');
    publish('links.acme.in', taken.dns_token);
    expect((await verify(second, taken.id)).json().domain.dns_verified).toBe(true);
    // The new owner registers the same header on it: the old owner's code under it is still nobody's.
    const newHeader = (
      await api(second, 'POST', '/api/custom-domains/trai', { header: 'ACMEGO', domain_type: 'custom_domain', custom_domain_id: taken.id })
    ).json();
    expect(newHeader.id, JSON.stringify(newHeader)).toBeGreaterThan(0);
    expect((await api(second, 'POST', `/api/custom-domains/trai/${newHeader.id}/verify`)).statusCode).toBe(200);

    expect(await visit('links.acme.in', `/${plain.short_code}`)).toBe(404);
    expect(await visit('links.acme.in', `/ACMEGO/${underHeader.short_code}`)).toBe(404);
    // The new owner's own links serve.
    const mine = (
      await api(second, 'POST', '/api/urls', { original_url: 'https://second.example/', custom_domain: 'links.acme.in', short_code: 'second-plain' })
    ).json();
    expect(await visit('links.acme.in', `/${mine.short_code}`)).toBe('https://second.example/');
  });

  it('deletes a deleted domain’s TRAI headers, stops its links and refuses new ones on it', async () => {
    const domain = await add(first, 'go.first.in');
    publish('go.first.in', domain.dns_token);
    await verify(first, domain.id);
    const header = (
      await api(first, 'POST', '/api/custom-domains/trai', { header: 'FIRSTG', domain_type: 'custom_domain', custom_domain_id: domain.id })
    ).json();
    await api(first, 'POST', `/api/custom-domains/trai/${header.id}/verify`);
    const link = (
      await api(first, 'POST', '/api/urls', { original_url: 'https://first.example/go', custom_domain: 'go.first.in', trai_header: 'FIRSTG' })
    ).json();
    expect(await visit('go.first.in', `/FIRSTG/${link.short_code}`)).toBe('https://first.example/go');

    expect((await api(first, 'DELETE', `/api/custom-domains/${domain.id}`)).statusCode).toBe(200);
    const headers = (await api(first, 'GET', '/api/custom-domains/trai')).json<{ header: string }[]>();
    expect(headers.map((item) => item.header)).not.toContain('FIRSTG');
    for (const placement of [{ custom_domain: 'go.first.in' }, { custom_domain: 'go.first.in', trai_header: 'FIRSTG' }, { trai_header: 'FIRSTG' }]) {
      const refused = await api(first, 'POST', '/api/urls', { original_url: 'https://first.example/after', ...placement });
      expect(refused.statusCode, JSON.stringify(placement)).toBe(400);
    }
    // Even with its DNS still in place, nothing is served on it.
    expect(await visit('go.first.in', `/FIRSTG/${link.short_code}`)).toBe(404);
  });

  it('lets several accounts hold pending claims; the first to verify owns the name and the other claim is dropped, visibly', async () => {
    const a = await add(first, 'contested.acme.in');
    const b = await add(second, 'contested.acme.in');
    expect(b.status).toBe('pending');
    publish('contested.acme.in', b.dns_token);
    const won = await verify(second, b.id);
    expect(won.json().domain).toMatchObject({ dns_verified: true, status: 'verified' });

    expect(await listed(first, 'contested.acme.in')).toMatchObject({ id: a.id, status: 'dropped' });
    dns.set('_linkledger-verify.contested.acme.in', 'TXT', [a.dns_token, b.dns_token]);
    const late = await verify(first, a.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Another account verified contested.acme.in first, so this claim was dropped. Delete it from your list.');
    const again = await api(first, 'POST', '/api/custom-domains', { domain: 'contested.acme.in' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already verified by another account/);
    // The dropped claim can be deleted, and the owner keeps the name.
    expect((await api(first, 'DELETE', `/api/custom-domains/${a.id}`)).statusCode).toBe(200);
    expect(await listed(second, 'contested.acme.in')).toMatchObject({ status: 'verified' });
  });

  it('expires a claim left pending for 7 days: it can no longer be verified, only deleted and added again', async () => {
    const claim = await add(first, 'slow.acme.in');
    publish('slow.acme.in', claim.dns_token);
    now = new Date(now.getTime() + 7 * DAY);
    first = { ...first, headers: await signIn('first-owner@example.com') }; // the old sign-in has expired meanwhile
    expect(await listed(first, 'slow.acme.in')).toMatchObject({ status: 'expired' });
    const late = await verify(first, claim.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'Your claim on slow.acme.in was not verified within 7 days and has expired. Delete it and add the domain again for a new token.',
    );
    expect((await api(first, 'DELETE', `/api/custom-domains/${claim.id}`)).statusCode).toBe(200);
    const fresh = await add(first, 'slow.acme.in');
    publish('slow.acme.in', fresh.dns_token);
    expect((await verify(first, fresh.id)).json().domain.status).toBe('verified');
  });
});
