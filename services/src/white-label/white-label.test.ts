import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { DEFAULT_PLANS } from '@linkledger/contracts';
import { discPng } from '../testing/test-images.ts';
import { visitorBrandFor } from '../public-pages/visitor-brand.ts';
import { LinkCache } from '../redirect/link-cache.ts';
import { startDnsTestServer, type DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';
import { TARGET_IP, verifiedDomain } from '../testing/verified-domain.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };
const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1' };
const HOSTILE_NAME = '</title><script>alert(1)</script> "Acme" & Co';
const ESCAPED_NAME = '&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#34;Acme&#34; &#38; Co';

// White label (docs/pages.md#white-label): on a verified domain of a workspace whose plan has
// `white_label` and which set a brand, every page a visitor can see is the workspace's.
describe('white label', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let acme: Session;
  let plain: Session;
  let root: Session;
  const codes: Record<string, string> = {};
  let now = Date.parse('2026-11-28T09:00:00Z');

  const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload }) });
  const visit = (host: string, path: string, headers: Record<string, string> = BROWSER) =>
    t.app.inject({ method: 'GET', url: path, headers: { host, ...headers } });

  async function link(session: Session, name: string, fields: object) {
    const created = await api(session, 'POST', '/api/urls', { original_url: `https://example.com/${name}`, ...fields });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number; short_code: string }>();
  }

  /** Each visitor page of a domain: the 404 of an unknown code and of a deep path, expired, not started, password, click cap, disabled. */
  const pages = (host: string, prefix: string) => ({
    'not found': () => visit(host, '/no-such-code'),
    'deep not found': () => visit(host, '/a/b/c'),
    expired: () => visit(host, `/${codes[`${prefix}-expired`]}`),
    'not started': () => visit(host, `/${codes[`${prefix}-later`]}`),
    password: () => visit(host, `/${codes[`${prefix}-password`]}`),
    'wrong password': () =>
      t.app.inject({
        method: 'POST',
        url: `/${codes[`${prefix}-password`]}`,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=nope',
      }),
    disabled: () => visit(host, `/${codes[`${prefix}-disabled`]}`),
  });

  async function linksOn(session: Session, host: string, prefix: string) {
    const day = 86_400_000;
    codes[`${prefix}-expired`] = (await link(session, `${prefix}-expired`, { custom_domain: host, expires_at: new Date(now + day).toISOString() })).short_code;
    codes[`${prefix}-later`] = (await link(session, `${prefix}-later`, { custom_domain: host, starts_at: new Date(now + 2 * day).toISOString() })).short_code;
    codes[`${prefix}-password`] = (await link(session, `${prefix}-password`, { custom_domain: host, password: 'open sesame' })).short_code;
    codes[`${prefix}-card`] = (
      await link(session, `${prefix}-card`, { custom_domain: host, og: { title: 'Spring sale', description: 'Half off', image_url: null } })
    ).short_code;
    const disabled = await link(session, `${prefix}-disabled`, { custom_domain: host });
    codes[`${prefix}-disabled`] = disabled.short_code;
    expect((await api(root, 'POST', `/api/admin/links/${disabled.id}/disable`, { reason: 'Spam' })).statusCode).toBe(200);
  }

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp(
      { DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' },
      { clock: () => new Date(now) },
    );
    root = await signUp(t.app, 'root@example.com');
    acme = await signUp(t.app, 'acme@example.com');
    plain = await signUp(t.app, 'plain@example.com');
    await givePlan(t.platform, acme.user.id, 'enterprise');
    await givePlan(t.platform, plain.user.id, 'pro');
    await verifiedDomain(t.app, dns, acme, 'go.acme.in');
    await verifiedDomain(t.app, dns, plain, 'go.plain.in');
    await linksOn(acme, 'go.acme.in', 'acme');
    await linksOn(plain, 'go.plain.in', 'plain');
    // Move past the first link's expiry: its page is the "expired" one from now on.
    now += 86_400_000 + 1000;
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${acme.user.id}/branding/logo`,
      headers: { ...acme.headers, 'content-type': 'image/png' },
      payload: discPng(64),
    });
    expect(logo.statusCode, logo.body).toBe(201);
    const set = await api(acme, 'PUT', `/api/workspaces/${acme.user.id}/branding`, {
      name: HOSTILE_NAME,
      primary_color: '#7A1F5C',
      background_color: '#fdf2f8',
      logo_id: logo.json().id,
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('answers the brand as set, its logo at a path visitors can load on the domain', async () => {
    const brand = (await api(acme, 'GET', `/api/workspaces/${acme.user.id}/branding`)).json();
    expect(brand).toEqual({
      brand: { name: HOSTILE_NAME, primary_color: '#7a1f5c', background_color: '#fdf2f8', logo_id: 1, logo_url: `/_brand/${acme.user.id}/1` },
    });
    const logo = await visit('go.acme.in', brand.brand.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(discPng(64))).toBe(true);
    expect((await visit('go.acme.in', `/_brand/${acme.user.id}/2`)).statusCode).toBe(404);
  });

  it("shows every visitor page on the workspace's domain with its name (escaped), logo and colours, and never ours", async () => {
    const statuses: Record<string, number> = {};
    for (const [name, open] of Object.entries(pages('go.acme.in', 'acme'))) {
      const page = await open();
      statuses[name] = page.statusCode;
      expect(page.body, name).toContain(`<span>${ESCAPED_NAME}</span>`);
      expect(page.body, name).toContain(`<img src="/_brand/${acme.user.id}/1" alt="">`);
      expect(page.body, name).toContain('body{background:#fdf2f8}');
      expect(page.body, name).toContain('background:#7a1f5c');
      expect(page.body, name).not.toMatch(/linkledger/i);
      expect(page.body, name).not.toContain('<script>');
      expect(page.headers['content-security-policy'], name).toContain("img-src 'self'");
    }
    expect(statuses).toEqual({
      'not found': 404,
      'deep not found': 404,
      expired: 410,
      'not started': 404,
      password: 401,
      'wrong password': 401,
      disabled: 410,
    });
    const card = await visit('go.acme.in', `/${codes['acme-card']}`, CRAWLER);
    expect(card.body).toContain(`<meta property="og:site_name" content="${ESCAPED_NAME}">`);
    expect(card.body).not.toMatch(/linkledger/i);
  });

  it('hands bio pages and surveys the brand of the domain they are asked on, and none on our host or a domain without the feature', async () => {
    expect(await visitorBrandFor(t.platform, { host: 'go.acme.in', workspaceId: acme.user.id })).toEqual({
      name: HOSTILE_NAME,
      logoUrl: `/_brand/${acme.user.id}/1`,
      primaryColor: '#7a1f5c',
      backgroundColor: '#fdf2f8',
    });
    expect(await visitorBrandFor(t.platform, { host: null, workspaceId: null })).toBeNull();
    expect(await visitorBrandFor(t.platform, { host: 'go.plain.in', workspaceId: plain.user.id })).toBeNull();
  });

  it('a process started later folds the brand, its logo and the plan from the log', async () => {
    const later = new LinkCache(t.platform.events);
    await later.start();
    try {
      expect(later.brands.forHost('go.acme.in', new Date(now))).toMatchObject({ name: HOSTILE_NAME, logoUrl: `/_brand/${acme.user.id}/1` });
      expect(later.brands.logo(acme.user.id, 1, new Date(now))?.bytes.equals(discPng(64))).toBe(true);
      expect(later.brands.forHost('go.plain.in', new Date(now))).toBeNull();
    } finally {
      await later.stop();
    }
  });

  it('keeps our pages on our host and on the domain of a plan without white label', async () => {
    for (const [name, open] of Object.entries(pages('go.plain.in', 'plain'))) {
      const page = await open();
      expect(page.body, name).not.toContain('Acme');
      expect(page.body, name).not.toContain('#7a1f5c');
      if (!name.includes('not found')) expect(page.body, name).toContain('<span>Linkledger</span>');
    }
    // The same workspace's links on our host are ours too.
    const ours = await link(acme, 'ours', { password: 'open sesame' });
    const page = await visit('lnk.example.com', `/${ours.short_code}`);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('<span>Linkledger</span>');
    expect(page.body).not.toContain('Acme');
    // A plan without the feature cannot set a brand at all.
    const refused = await api(plain, 'PUT', `/api/workspaces/${plain.user.id}/branding`, {
      name: 'Plain',
      primary_color: '#123456',
      background_color: '#ffffff',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses colours that cannot be read, a logo that is not the workspace’s, and fields it does not know', async () => {
    const put = (body: object) => api(acme, 'PUT', `/api/workspaces/${acme.user.id}/branding`, { name: 'Acme', background_color: '#ffffff', ...body });
    const pale = await put({ primary_color: '#ffee00' });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().detail).toMatch(/contrast/);
    expect((await put({ primary_color: '#123456', logo_id: 99 })).statusCode).toBe(400);
    expect((await put({ primary_color: '#123456', colour: '#000000' })).json().field).toBe('colour');
    expect((await put({ primary_color: 'red' })).statusCode).toBe(400);
  });

  it('takes the brand off at once when the plan no longer grants white label, and back when it does', async () => {
    await givePlan(t.platform, acme.user.id, 'pro');
    const downgraded = await visit('go.acme.in', `/${codes['acme-password']}`);
    expect(downgraded.body).toContain('<span>Linkledger</span>');
    expect(downgraded.body).not.toContain('Acme');
    expect((await visit('go.acme.in', `/_brand/${acme.user.id}/1`)).statusCode).toBe(404);
    await givePlan(t.platform, acme.user.id, 'enterprise');
    expect((await visit('go.acme.in', `/${codes['acme-password']}`)).body).toContain(`<span>${ESCAPED_NAME}</span>`);
    // A paid period that ends takes it off at its end, before anything is recorded.
    await givePlan(t.platform, acme.user.id, 'enterprise', { period_end: new Date(now + 3_600_000).toISOString() });
    expect((await visit('go.acme.in', `/${codes['acme-password']}`)).body).toContain(`<span>${ESCAPED_NAME}</span>`);
    now += 2 * 3_600_000;
    expect((await visit('go.acme.in', `/${codes['acme-password']}`)).body).toContain('<span>Linkledger</span>');
    await givePlan(t.platform, acme.user.id, 'enterprise');
  });

  it("follows an admin's edit of the plan: without white_label in Enterprise the brand is off, with it back on", async () => {
    const enterprise = DEFAULT_PLANS.find((plan) => plan.name === 'enterprise')!;
    const edit = (features: string[]) => api(root, 'PUT', `/api/subscription/plans/${enterprise.id}`, { features });
    expect((await edit(enterprise.features.filter((key) => key !== 'white_label'))).statusCode).toBe(200);
    expect((await visit('go.acme.in', `/${codes['acme-password']}`)).body).toContain('<span>Linkledger</span>');
    expect((await edit([...enterprise.features])).statusCode).toBe(200);
    expect((await visit('go.acme.in', `/${codes['acme-password']}`)).body).toContain(`<span>${ESCAPED_NAME}</span>`);
  });

  it('shows ours again once the brand is removed', async () => {
    expect((await api(acme, 'DELETE', `/api/workspaces/${acme.user.id}/branding`)).statusCode).toBe(200);
    expect((await api(acme, 'GET', `/api/workspaces/${acme.user.id}/branding`)).json()).toEqual({ brand: null });
    const page = await visit('go.acme.in', `/${codes['acme-password']}`);
    expect(page.body).toContain('<span>Linkledger</span>');
  });
});
