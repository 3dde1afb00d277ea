import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, TRAI_DOMAINS } from '@linkledger/projections';
import { monthlyGrowth } from './user-stats.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('monthly growth', () => {
  it('is the percent change over last month, one decimal', () => {
    expect(monthlyGrowth(3, 2)).toBe(50);
    expect(monthlyGrowth(1, 3)).toBe(-66.7);
    expect(monthlyGrowth(0, 4)).toBe(-100);
    expect(monthlyGrowth(4, 4)).toBe(0);
  });

  it('is 100 from an empty last month, and 0 when both months are empty', () => {
    expect(monthlyGrowth(7, 0)).toBe(100);
    expect(monthlyGrowth(0, 0)).toBe(0);
  });
});

describe('GET /api/users/me/stats and /api/users/me/domain-info', () => {
  let t: TestApp;
  let now = new Date('2026-10-10T10:00:00.000Z');
  let me: { user: { id: number } };
  const ME = 'stats@example.com';
  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    me = await signUp(t.app, ME);
  });
  afterAll(async () => t.close());

  /** A session started at the clock's current time: the test moves the clock by months. */
  const as = async (email: string) => {
    const payload = `username=${encodeURIComponent(email)}&password=${encodeURIComponent('correct horse')}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/token', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
  };
  const stats = async (email = ME) => {
    const response = await t.app.inject({ url: '/api/users/me/stats', headers: await as(email) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const createAt = async (at: string, email = ME) => {
    now = new Date(at);
    return (await t.app.inject({ method: 'POST', url: '/api/urls', headers: await as(email), payload: { original_url: 'https://example.com/' } })).json<{
      id: number;
      short_code: string;
    }>();
  };
  const settle = async () => t.platform.readModel.waitFor(await t.platform.events.headPosition(), 5000);

  it('starts at zero', async () => {
    expect(await stats()).toEqual({ total_urls: 0, total_clicks: 0, urls_this_month: 0, monthly_growth: 0, active_urls: 0, custom_domains_count: 0 });
  });

  it('counts links, human clicks, this month’s links (UTC) and growth over last month', async () => {
    await createAt('2026-10-01T00:00:00.000Z');
    await createAt('2026-10-31T23:59:59.999Z');
    const clicked = await createAt('2026-11-01T00:00:00.000Z');
    const alsoClicked = await createAt('2026-11-15T12:00:00.000Z');
    await createAt('2026-11-22T08:00:00.000Z');
    await signUp(t.app, 'stats-other@example.com');
    await createAt('2026-11-22T09:00:00.000Z', 'stats-other@example.com');
    now = new Date('2026-11-22T12:00:00.000Z');
    for (const [code, ua] of [
      [clicked.short_code, BROWSER],
      [clicked.short_code, BROWSER],
      [clicked.short_code, BOT],
      [alsoClicked.short_code, BROWSER],
    ] as const) {
      expect((await t.app.inject({ url: `/${code}`, headers: { 'user-agent': ua } })).statusCode).toBe(302);
    }
    await settle();
    expect(await stats()).toEqual({ total_urls: 5, total_clicks: 3, urls_this_month: 3, monthly_growth: 50, active_urls: 5, custom_domains_count: 0 });
    expect(await stats('stats-other@example.com')).toEqual({
      total_urls: 1,
      total_clicks: 0,
      urls_this_month: 1,
      monthly_growth: 100,
      active_urls: 1,
      custom_domains_count: 0,
    });

    // Deleted links and their clicks leave the totals.
    await t.app.inject({ method: 'DELETE', url: `/api/urls/${clicked.id}`, headers: await as(ME) });
    expect(await stats()).toEqual({ total_urls: 4, total_clicks: 1, urls_this_month: 2, monthly_growth: 0, active_urls: 4, custom_domains_count: 0 });

    // A new month: nothing yet, down 100% on November.
    now = new Date('2026-12-01T00:00:00.000Z');
    expect(await stats()).toEqual({ total_urls: 4, total_clicks: 1, urls_this_month: 0, monthly_growth: -100, active_urls: 4, custom_domains_count: 0 });
    now = new Date('2027-01-03T00:00:00.000Z');
    expect(await stats()).toMatchObject({ urls_this_month: 0, monthly_growth: 0 });
  });

  it('reports no domains while the caller has none', async () => {
    const response = await t.app.inject({ url: '/api/users/me/domain-info', headers: await as(ME) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ has_trai_domains: false, has_custom_domains: false, active_custom_domain: null, active_trai_header: null });
  });

  it('reads domains from the domains read model: the caller’s own, and which are active', async () => {
    const doc = (collection: string, id: string, fields: Record<string, unknown>) => ({ collection, id, doc: { id, dns_verified: true, ...fields } });
    await t.platform.read.commit(
      'domains-under-test',
      [
        doc(CUSTOM_DOMAINS, '1', { owner_id: me.user.id, domain: 'old.brand.example' }),
        doc(CUSTOM_DOMAINS, '2', { owner_id: me.user.id, domain: 'go.brand.example' }),
        doc(CUSTOM_DOMAINS, '3', { owner_id: me.user.id + 1000, domain: 'not.mine.example' }),
        doc(TRAI_DOMAINS, '1', { owner_id: me.user.id, header: 'ABCDEF' }),
        doc(ACTIVE_DOMAINS, String(me.user.id), { custom_domain_id: 2, trai_id: null }),
      ],
      1,
    );
    const info = (await t.app.inject({ url: '/api/users/me/domain-info', headers: await as(ME) })).json();
    expect(info).toEqual({ has_trai_domains: true, has_custom_domains: true, active_custom_domain: 'go.brand.example', active_trai_header: null });
    await signUp(t.app, 'no-domains@example.com');
    expect((await t.app.inject({ url: '/api/users/me/domain-info', headers: await as('no-domains@example.com') })).json()).toMatchObject({
      has_custom_domains: false,
      active_custom_domain: null,
    });
  });

  it('counts the links that redirect (switched on, not disabled by an admin) and the custom domains added (spec 2 §3)', async () => {
    const OWNER = 'stats-active@example.com';
    await signUp(t.app, OWNER);
    const [off, disabled] = [await createAt('2027-01-03T01:00:00.000Z', OWNER), await createAt('2027-01-03T02:00:00.000Z', OWNER)];
    await createAt('2027-01-03T03:00:00.000Z', OWNER);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/urls/${off.id}`, headers: await as(OWNER), payload: { is_active: false } })).statusCode).toBe(200);
    // The first account is the super admin: it moderates.
    const moderated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/links/${disabled.id}/disable`,
      headers: await as(ME),
      payload: { reason: 'Phishing page' },
    });
    expect(moderated.statusCode).toBe(200);
    expect(await stats(OWNER)).toMatchObject({ total_urls: 3, active_urls: 1, custom_domains_count: 0 });
    // The two domains of the test above are the caller's; the third is someone else's.
    expect(await stats()).toMatchObject({ custom_domains_count: 2 });
  });
});
