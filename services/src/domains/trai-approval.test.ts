import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

const OUR_HOST = 'lnk.example.com';

/*
 * TRAI headers on this service's own host need proof (docs/domains.md#headers-on-our-host):
 * nothing is "verified" for a fresh account; an administrator approves the header, with the DLT
 * registration id its owner gave, before any link serves under it (issue #27: /HDFCBK/kyc-update
 * redirected to a phishing page).
 */
describe('TRAI headers on our host wait for an administrator', () => {
  let t: TestApp;
  let root: Session;
  let squatter: Session;
  let bank: Session;

  const api = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const visit = async (path: string) => {
    const answer = await t.app.inject({ method: 'GET', url: path, headers: { host: OUR_HOST } });
    return answer.statusCode === 302 ? answer.headers.location : answer.statusCode;
  };
  const queue = async () =>
    (await api(root, 'GET', '/api/admin/trai-approvals')).json<
      { id: number; header: string; owner_email: string | null; dlt_registration_id: string | null }[]
    >();

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: `https://${OUR_HOST}`, REGISTRATIONS_PER_IP: '0' });
    root = await signUp(t.app, 'root@example.com');
    squatter = await signUp(t.app, 'fresh-pro@example.com');
    bank = await signUp(t.app, 'dlt@bank.example');
    await givePlan(t.platform, squatter.user.id, 'pro');
    await givePlan(t.platform, bank.user.id, 'pro');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts a header on our host pending: no link can use it, verify and set-active say it awaits approval', async () => {
    const added = await api(bank, 'POST', '/api/custom-domains/trai', {
      header: 'acme1n',
      domain_type: 'our_domain',
      dlt_registration_id: ' 1101234567890123456 ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ header: 'ACME1N', dns_verified: false, approval: 'pending', dlt_registration_id: '1101234567890123456' });
    const refused = await api(bank, 'POST', '/api/urls', { original_url: 'https://bank.example/offer', trai_header: 'ACME1N' });
    expect(refused.statusCode).toBe(400);
    for (const action of ['verify', 'set-active']) {
      const answer = await api(bank, 'POST', `/api/custom-domains/trai/${added.json().id}/${action}`);
      expect(answer.statusCode, action).toBe(409);
      expect(answer.json().detail).toMatch(/awaits an administrator's approval/);
    }
  });

  it('lists it in the administrators’ queue with its evidence, for administrators only; approved, links use it, at any case of the path', async () => {
    const [pending] = await queue();
    expect(pending).toMatchObject({ header: 'ACME1N', owner_email: 'dlt@bank.example', dlt_registration_id: '1101234567890123456' });
    expect((await api(bank, 'GET', '/api/admin/trai-approvals')).statusCode).toBe(403);
    expect((await api(bank, 'POST', `/api/admin/trai-approvals/${pending!.id}/approve`)).statusCode).toBe(403);

    expect((await api(root, 'POST', `/api/admin/trai-approvals/${pending!.id}/approve`)).json()).toEqual({
      message: "The TRAI header ACME1N was approved successfully: its owner's links can use it.",
    });
    expect(await queue()).toEqual([]);
    const link = await api(bank, 'POST', '/api/urls', { original_url: 'https://bank.example/offer', trai_header: 'acme1n', short_code: 'offer' });
    expect(link.statusCode, link.body).toBe(201);
    expect(await visit('/ACME1N/offer')).toBe('https://bank.example/offer');
    expect(await visit('/acme1n/offer')).toBe('https://bank.example/offer');
    expect(await visit('/AcMe1N/offer')).toBe('https://bank.example/offer');
    expect((await api(root, 'POST', `/api/admin/trai-approvals/${pending!.id}/approve`)).statusCode).toBe(409);
  });

  it('answers 404 under a header registered before approvals existed, until an administrator approves it', async () => {
    // The attack as the log holds it: a header on our host "verified" at once, and a phishing link under it.
    const at = new Date().toISOString();
    const metadata = { actor: { kind: 'user' as const, id: String(squatter.user.id) }, correlation_id: 'old', causation_id: 'old', at };
    const event = (type: string, data: object) => ({ id: randomUUID(), type, version: 1, data, metadata });
    const [traiId, linkId] = [900_001, 900_002];
    await t.platform.events.append([
      {
        stream: `trai-${traiId}`,
        expected: 'no_stream',
        events: [
          event('TraiHeaderAdded', {
            trai_id: traiId,
            user_id: squatter.user.id,
            header: 'HDFCBK',
            domain_type: 'our_domain',
            custom_domain_id: null,
            domain: null,
            dns_token: 'linkledger-verify=old',
          }),
          event('TraiHeaderVerified', { trai_id: traiId, user_id: squatter.user.id, header: 'HDFCBK' }),
        ],
      },
      { stream: 'trai-name-ours-HDFCBK', expected: 'no_stream', events: [event('TraiHeaderClaimed', { header: 'HDFCBK', domain: null, trai_id: traiId })] },
      { stream: 'shortcode-kyc-update', expected: 'no_stream', events: [event('ShortCodeClaimed', { short_code: 'kyc-update', link_id: linkId })] },
      {
        stream: `link-${linkId}`,
        expected: 'no_stream',
        events: [
          event('LinkCreated', {
            link_id: linkId,
            owner_id: squatter.user.id,
            short_code: 'kyc-update',
            original_url: 'https://phish.example/kyc',
            title: '',
            description: '',
            created_via: 'manual',
            custom_domain: null,
            trai_header: 'HDFCBK',
          }),
        ],
      },
    ]);
    await t.platform.readModel.waitFor(await t.platform.events.headPosition(), 5_000);

    expect(await visit('/HDFCBK/kyc-update')).toBe(404);
    expect((await api(squatter, 'GET', '/api/custom-domains/trai')).json()).toEqual([
      expect.objectContaining({ header: 'HDFCBK', dns_verified: false, approval: 'pending' }),
    ]);
    expect((await queue()).map((item) => item.header)).toEqual(['HDFCBK']);
    expect((await api(squatter, 'POST', '/api/urls', { original_url: 'https://phish.example/2', trai_header: 'HDFCBK' })).statusCode).toBe(400);
  });

  it('rejects with a reason its owner reads; the header never serves and is free for its real owner', async () => {
    const [pending] = await queue();
    const rejected = await api(root, 'POST', `/api/admin/trai-approvals/${pending!.id}/reject`, {
      reason: 'Not registered to this account on the DLT platform.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await api(squatter, 'GET', '/api/custom-domains/trai')).json()).toEqual([
      expect.objectContaining({ header: 'HDFCBK', approval: 'rejected', rejection_reason: 'Not registered to this account on the DLT platform.' }),
    ]);
    expect(await visit('/HDFCBK/kyc-update')).toBe(404);
    const real = await api(bank, 'POST', '/api/custom-domains/trai', {
      header: 'HDFCBK',
      domain_type: 'our_domain',
      dlt_registration_id: '1101000000000000042',
    });
    expect(real.statusCode, real.body).toBe(201);
  });

  it('refuses an unknown field or malformed evidence with a 400 that names it', async () => {
    const unknown = await api(bank, 'POST', '/api/custom-domains/trai', { header: 'OTHER1', domain_type: 'our_domain', evidence: 'trust me' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/evidence/);
    const hostile = await api(bank, 'POST', '/api/custom-domains/trai', {
      header: 'OTHER1',
      domain_type: 'our_domain',
      dlt_registration_id: '<script>alert(1)</script>',
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toMatchObject({ detail: expect.stringMatching(/^DLT registration ID /), field: 'dlt_registration_id' });
    const reason = await api(root, 'POST', '/api/admin/trai-approvals/1/reject', { reason: 'x', extra: true });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().detail).toMatch(/extra/);
  });
});
