import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIO_THEMES } from '@linkledger/contracts';
import { startDnsTestServer, type DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';
import { eventually } from '../testing/eventually.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { discPng } from '../testing/test-images.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, launchTeam, linkInWorkspace } from '../testing/workspaces.ts';
import { BIO_PAGES_NOT_IN_PLAN } from './bio-page-routes.ts';
import { pageLimitReached } from './bio-page-deciders.ts';

const TARGET_IP = '203.0.113.9';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let dns: DnsTestServer;
let t: TestApp;
let team: Awaited<ReturnType<typeof launchTeam>>;
beforeAll(async () => {
  dns = await startDnsTestServer();
  t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' });
  team = await launchTeam(t);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const pages = (workspace: number) => `/api/workspaces/${workspace}/pages`;
const call = (who: Pick<Session, 'headers'>, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  callInWorkspace(t, who, method, url, null, payload);
const visit = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
  t.app.inject({ method, url: path, headers: { 'user-agent': PHONE, ...headers } });
let slugs = 0;
const freshSlug = () => `page-${++slugs}-${Date.now().toString(36)}`;

/** Pro keeps 3 pages: the oldest are deleted to make room for one more (the limit has a test of its own). */
async function makeRoom(who: Session, workspace: number) {
  const { pages: held, limit } = (await call(who, 'GET', pages(workspace))).json<{ pages: { id: number }[]; limit: number }>();
  for (const page of held.slice(0, Math.max(0, held.length - limit + 1)))
    expect((await call(who, 'DELETE', `${pages(workspace)}/${page.id}`)).statusCode).toBe(200);
}

async function newPage(who: Session, workspace: number, fields: object = {}) {
  await makeRoom(who, workspace);
  const created = await call(who, 'POST', pages(workspace), { slug: freshSlug(), title: 'Asha’s links', ...fields });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number; slug: string; url: string; links: { id: number; short_url: string }[]; avatar_url: string | null }>();
}

describe('link-in-bio pages (docs/pages.md#link-in-bio-pages)', () => {
  it('round trip: a member makes a page, a phone opens it, the view and the followed link are counted in its analytics', async () => {
    const shop = await linkInWorkspace(t, team.ben, team.team, 'https://shop.example.com/');
    const blog = await linkInWorkspace(t, team.ben, team.team, 'https://blog.example.com/');
    const page = await newPage(team.ben, team.team, { bio: 'Designer.\nMumbai', links: [blog.id, shop.id], theme: BIO_THEMES.forest });
    expect(page).toMatchObject({
      url: `https://lnk.example.com/${page.slug}`,
      bio: 'Designer.\nMumbai',
      theme: BIO_THEMES.forest,
      links: [
        { id: blog.id, short_url: `https://lnk.example.com/${blog.short_code}` },
        { id: shop.id, short_url: `https://lnk.example.com/${shop.short_code}` },
      ],
      avatar_url: null,
      views: 0,
    });

    const opened = await visit(`/${page.slug}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(opened.headers['content-security-policy']);
    expect(policy).toMatch(/default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self'/);
    expect(policy).not.toContain('script');
    expect(opened.body).not.toContain('<script');
    expect(opened.body).toContain('<h1>Asha’s links</h1>');
    const buttons = [...opened.body.matchAll(/<a class="button" href="([^"]+)">/g)].map((match) => match[1]);
    expect(buttons).toEqual([`https://lnk.example.com/${blog.short_code}`, `https://lnk.example.com/${shop.short_code}`]);
    expect(opened.body).toContain('Made with Linkledger');
    expect(opened.body).toContain('--background:#e7f3ec');

    // The editor's preview is the page itself.
    const preview = await call(team.ben, 'POST', `${pages(team.team)}/preview`, {
      title: 'Asha’s links',
      bio: 'Designer.\nMumbai',
      links: [blog.id, shop.id],
      theme: BIO_THEMES.forest,
      page_id: page.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(`${preview.json().html}`).toBe(opened.body);

    // Not views: a HEAD (headers only), a prefetch, a bot.
    const head = await visit(`/${page.slug}`, {}, 'HEAD');
    expect([head.statusCode, head.body]).toEqual([200, '']);
    await visit(`/${page.slug}`, { 'sec-purpose': 'prefetch' });
    await visit(`/${page.slug}`, { 'user-agent': GOOGLEBOT });
    await visit(`/${page.slug}`, { 'x-forwarded-for': '198.51.100.4' });

    // The visitor follows a button: a click of that link.
    const followed = await visit(new URL(buttons[1]!).pathname);
    expect([followed.statusCode, followed.headers.location]).toEqual([302, 'https://shop.example.com/']);
    await projectorsCaughtUp(t.platform);

    const analytics = await call(team.vikram, 'GET', `${pages(team.team)}/${page.id}/analytics`);
    expect(analytics.statusCode, analytics.body).toBe(200);
    const today = t.platform.clock().toISOString().slice(0, 10);
    expect(analytics.json()).toMatchObject({
      page_id: page.id,
      retention_days: 90,
      total_views: 2,
      views_by_date: [{ date: today, views: 2 }],
      links: [
        { id: blog.id, clicks: 0 },
        { id: shop.id, clicks: 1 },
      ],
    });
    expect(analytics.json().unique_visitors).toBeGreaterThanOrEqual(1);
    const listed = await call(team.vikram, 'GET', pages(team.team));
    expect(listed.json().pages.find((one: { id: number }) => one.id === page.id)).toMatchObject({ views: 2 });
  });

  it('a slug is a short code: one a link holds is refused, and a link cannot take a page’s slug; reserved words and bad codes are refused', async () => {
    const link = await linkInWorkspace(t, team.ben, team.team, 'https://taken.example.com/');
    const clash = await call(team.ben, 'POST', pages(team.team), { slug: link.short_code, title: 'Mine' });
    expect([clash.statusCode, clash.json().detail]).toEqual([409, 'This short code is already taken. Choose another one.']);

    const page = await newPage(team.ben, team.team);
    const linkOnSlug = await callInWorkspace(t, team.ben, 'POST', '/api/urls', team.team, { original_url: 'https://x.example.com/', short_code: page.slug });
    expect(linkOnSlug.statusCode).toBe(409);
    // The page still answers at its slug.
    expect((await visit(`/${page.slug}`)).statusCode).toBe(200);

    for (const slug of ['login', 'ab', 'with space']) {
      const refused = await call(team.ben, 'POST', pages(team.team), { slug, title: 'Mine' });
      expect(refused.statusCode, slug).toBe(400);
    }
    const renamed = await call(team.ben, 'PATCH', `${pages(team.team)}/${page.id}`, { slug: link.short_code });
    expect(renamed.statusCode).toBe(409);
  });

  it('a new slug is claimed, the old one stays the page’s and answers 404; a deleted page answers 404', async () => {
    const page = await newPage(team.ben, team.team);
    const next = freshSlug();
    const renamed = await call(team.ben, 'PATCH', `${pages(team.team)}/${page.id}`, { slug: next, title: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: next, title: 'Renamed' });
    expect((await visit(`/${next}`)).statusCode).toBe(200);
    expect((await visit(`/${page.slug}`)).statusCode).toBe(404);
    // The old slug is still taken: no link may have it.
    const linkOnOld = await callInWorkspace(t, team.ben, 'POST', '/api/urls', team.team, { original_url: 'https://x.example.com/', short_code: page.slug });
    expect(linkOnOld.statusCode).toBe(409);
    // Taking its own old slug back needs no new claim.
    expect((await call(team.ben, 'PATCH', `${pages(team.team)}/${page.id}`, { slug: page.slug })).statusCode).toBe(200);
    expect((await visit(`/${page.slug}`)).statusCode).toBe(200);

    expect((await call(team.ben, 'DELETE', `${pages(team.team)}/${page.id}`)).statusCode).toBe(200);
    const gone = await visit(`/${page.slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Renamed');
    expect((await call(team.ben, 'GET', `${pages(team.team)}/${page.id}`)).statusCode).toBe(404);
  });

  it('refuses unknown fields, links that are not the workspace’s live links, and colours that cannot be read (400 naming them)', async () => {
    const other = await linkInWorkspace(t, team.ben, team.ben.user.id, 'https://personal.example.com/');
    for (const [payload, detail] of [
      [{ slug: freshSlug(), title: 'X', script: 'x' }, 'remove script'],
      [{ slug: freshSlug(), title: 'X', links: [other.id] }, `not: ${other.id}`],
      [{ slug: freshSlug(), title: 'X', links: [999_999] }, 'not: 999999'],
      [{ slug: freshSlug(), title: 'X', theme: { ...BIO_THEMES.paper, text: '#f7f8f6' } }, 'contrast'],
      [{ slug: freshSlug(), title: 'X', theme: { ...BIO_THEMES.paper, button: 'red' } }, '#rrggbb'],
      [{ slug: freshSlug(), title: 'Two\nlines' }, 'one line of text'],
    ] as const) {
      const refused = await call(team.ben, 'POST', pages(team.team), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().detail).toContain(detail);
    }
  });

  it('shows hostile text as text: escaped in the page, as given in JSON', async () => {
    const title = '</title><script>alert(1)</script>';
    const bio = '"><img src=x onerror=alert(2)> & <style>*{}</style>';
    const hostileLink = await callInWorkspace(t, team.ben, 'POST', '/api/urls', team.team, {
      original_url: 'https://h.example.com/',
      title: '<b onmouseover=alert(3)>Go</b>',
    });
    expect(hostileLink.statusCode, hostileLink.body).toBe(201);
    const page = await newPage(team.ben, team.team, { title, bio, links: [hostileLink.json().id] });
    expect(page).toMatchObject({ title, bio });
    const html = (await visit(`/${page.slug}`)).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b onmouseover');
    expect(html).not.toMatch(/<style>\*\{\}/);
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#60;b onmouseover=alert(3)&#62;Go&#60;/b&#62;');
  });

  it('an avatar is checked as a QR logo is, stored in the log and served with nosniff', async () => {
    const page = await newPage(team.ben, team.team);
    const avatarUrl = `${pages(team.team)}/${page.id}/avatar`;
    const svg = await t.app.inject({
      method: 'POST',
      url: avatarUrl,
      headers: { ...team.ben.headers, 'content-type': 'image/png' },
      payload: '<svg onload="alert(1)"/>',
    });
    expect([svg.statusCode, svg.json().detail]).toEqual([400, 'SVG logos are not accepted (an SVG can carry scripts); upload a PNG or JPEG.']);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: avatarUrl,
      headers: { ...team.ben.headers, 'content-type': 'image/png' },
      payload: discPng(64),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { avatar_url } = uploaded.json<{ avatar_url: string }>();
    const image = await t.app.inject({ method: 'GET', url: avatar_url });
    expect([image.statusCode, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(image.rawPayload.equals(discPng(64))).toBe(true);
    expect((await visit(`/${page.slug}`)).body).toContain(`<img class="avatar" src="${avatar_url}"`);
  });

  it('a viewer reads but does not change pages; the plan must include link_in_bio; its page limit holds', async () => {
    const page = await newPage(team.ben, team.team);
    expect((await call(team.vikram, 'GET', `${pages(team.team)}/${page.id}`)).statusCode).toBe(200);
    expect((await call(team.vikram, 'PATCH', `${pages(team.team)}/${page.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await call(team.vikram, 'POST', pages(team.team), { slug: freshSlug(), title: 'X' })).statusCode).toBe(403);
    expect((await call(team.outsider, 'GET', pages(team.team))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pages(team.team) })).statusCode).toBe(401);

    // Ben's own workspace is on Free: no pages there, however the request is made.
    const free = await call(team.ben, 'POST', pages(team.ben.user.id), { slug: freshSlug(), title: 'X' });
    expect([free.statusCode, free.json().detail]).toEqual([403, BIO_PAGES_NOT_IN_PLAN]);
    expect((await call(team.ben, 'GET', pages(team.ben.user.id))).statusCode).toBe(403);

    // Pro keeps 3 pages.
    const held = (await call(team.ben, 'GET', pages(team.team))).json<{ pages: unknown[]; limit: number }>();
    expect(held.limit).toBe(3);
    const listed = held.pages.length;
    for (let index = listed; index < 3; index += 1)
      expect((await call(team.ben, 'POST', pages(team.team), { slug: freshSlug(), title: 'X' })).statusCode).toBe(201);
    const beyond = await call(team.ben, 'POST', pages(team.team), { slug: freshSlug(), title: 'One more' });
    expect([beyond.statusCode, beyond.json().detail]).toEqual([403, pageLimitReached({ limit: 3, planName: 'Pro' })]);
    expect(beyond.json().detail).toContain('Upgrade your plan');
  });
});

describe('a page whose workspace lost link_in_bio (docs/pages.md#link-in-bio-pages)', () => {
  it('is closed (410) and records no view after a downgrade, and is back with the plan', async () => {
    const page = await newPage(team.ben, team.team);
    expect((await visit(`/${page.slug}`)).statusCode).toBe(200);
    const viewsBefore = (await t.platform.events.readStream(`bio-views-${page.id}`)).length;

    await givePlan(t.platform, team.team, 'free');
    const closed = await visit(`/${page.slug}`);
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('This page is closed');
    expect(closed.body).not.toContain('Asha’s links');
    expect(await t.platform.events.readStream(`bio-views-${page.id}`)).toHaveLength(viewsBefore);

    await givePlan(t.platform, team.team, 'pro');
    expect((await visit(`/${page.slug}`)).statusCode).toBe(200);
  });
});

describe('a page on custom domains (docs/pages.md)', () => {
  it('answers on a verified domain of its workspace and not on another workspace’s (404)', async () => {
    const { team: teamId, asha, outsider } = team;
    const domainOf = async (who: Session, workspace: number, domain: string) => {
      const added = await callInWorkspace(t, who, 'POST', '/api/custom-domains', workspace, { domain });
      expect(added.statusCode, added.body).toBe(201);
      const { id, dns_token } = added.json<{ id: number; dns_token: string }>();
      dns.set(`_linkledger-verify.${domain}`, 'TXT', [dns_token]);
      dns.set(domain, 'A', [TARGET_IP]);
      expect((await callInWorkspace(t, who, 'POST', `/api/custom-domains/${id}/verify`, workspace)).statusCode).toBe(200);
    };
    await domainOf(asha, teamId, 'bio.launch.in');
    await givePlan(t.platform, outsider.user.id, 'pro');
    await domainOf(outsider, outsider.user.id, 'go.other.in');
    const link = await linkInWorkspace(t, asha, teamId, 'https://shop.example.com/');
    const page = await newPage(asha, teamId, { title: 'On our domain', links: [link.id] });

    await eventually(async () => (await visit(`/${page.slug}`, { host: 'bio.launch.in' })).statusCode === 200, 5_000, 'the domain to serve');
    const onDomain = (await visit(`/${page.slug}`, { host: 'bio.launch.in' })).body;
    expect(onDomain).toContain('On our domain');
    // A link on our host is listed at our address: the domain's Host serves only its own links.
    expect(onDomain).toContain(`<a class="button" href="https://lnk.example.com/${link.short_code}">`);
    const elsewhere = await visit(`/${page.slug}`, { host: 'go.other.in' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('On our domain');
  });

  it('shows its avatar on the domain, from a path outside the API that every host serves', async () => {
    const page = await newPage(team.asha, team.team, { title: 'With a face' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${pages(team.team)}/${page.id}/avatar`,
      headers: { ...team.asha.headers, 'content-type': 'image/png' },
      payload: discPng(64),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { avatar_url } = uploaded.json<{ avatar_url: string }>();
    expect(avatar_url).not.toMatch(/^\/api\//);
    const onDomain = await visit(`/${page.slug}`, { host: 'bio.launch.in' });
    expect(onDomain.body).toContain(`<img class="avatar" src="${avatar_url}"`);
    for (let view = 0; view < 2; view += 1) {
      const image = await visit(avatar_url, { host: 'bio.launch.in' });
      expect([image.statusCode, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
      expect(image.rawPayload.equals(discPng(64))).toBe(true);
    }

    // A new avatar is a new address; the old one shows nothing any more.
    const replaced = await t.app.inject({
      method: 'POST',
      url: `${pages(team.team)}/${page.id}/avatar`,
      headers: { ...team.asha.headers, 'content-type': 'image/png' },
      payload: discPng(96),
    });
    expect(replaced.json<{ avatar_url: string }>().avatar_url).not.toBe(avatar_url);
    expect((await visit(avatar_url, { host: 'bio.launch.in' })).statusCode).toBe(404);
  });
});
