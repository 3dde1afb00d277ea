import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../http/access.ts';
import { DESTINATION_LOOPS } from './loop-guard.ts';
import { html, startPageServer, testNetwork, type PageServer } from '../testing/page-server.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, teamOnPro } from '../testing/workspaces.ts';
import { previewNetwork } from './preview-card-route.ts';

const HOSTILE_PAGE = `<!doctype html><html><head>
  <title>${'T'.repeat(5_000)}</title>
  <meta property="og:description" content="  <script>alert(&quot;x&quot;)</script>Summer &amp; &quot;Sale&quot; <b>now</b> ${'d'.repeat(2_000)}">
  <meta property="og:image" content="/img/card.png">
  <script>fetch('/steal')</script>
</head><body>Hello</body></html>`;

let t: TestApp;
let server: PageServer;
let asha: Session;
let viewer: Session;
let member: Session;
let team: number;

// In Asha's Pro team: the card fetch is a social-card feature (docs/plans.md#feature-gate).
const preview = (session: Pick<Session, 'headers'> | null, payload: object, workspace: number | null = team) =>
  session
    ? callInWorkspace(t, session, 'POST', '/api/links/preview-card', workspace, payload)
    : t.app.inject({ method: 'POST', url: '/api/links/preview-card', payload });

beforeAll(async () => {
  server = await startPageServer({
    '/product': html(HOSTILE_PAGE),
    '/moved': (_request, response) => response.writeHead(301, { location: '/shop/item' }).end(),
    '/shop/item': html('<meta property="og:title" content="Moved item"><meta property="og:image" content="pic.jpg">'),
    '/to-intranet': (_request, response) => response.writeHead(302, { location: 'http://intranet.test/admin' }).end(),
    '/file.pdf': (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF'),
    '/huge': html(`<title>${'x'.repeat(1_200_000)}</title>`),
  });
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({
    asha,
    team,
    members: { viewer, member },
  } = await teamOnPro(t, 'preview-team', { viewer: 'viewer', member: 'member' }));
  // Only this test's network leads to the local page server; the product's own is the system's, with no exemptions.
  previewNetwork.set(
    t.platform,
    testNetwork({ 'shop.test': '127.0.0.1', 'intranet.test': '10.0.0.7', 'metadata.test': '169.254.169.254', 'public.test': '93.184.215.14' }, [server]),
  );
});

afterAll(async () => {
  await t?.close();
  await server?.close();
});

const shop = (path: string) => `http://shop.test:${server.port}${path}`;

describe('POST /api/links/preview-card (docs/links.md#fetching-from-a-destination)', () => {
  it('reads a hostile page into a plain-text card cut to the card’s limits, its image absolute', async () => {
    const answer = await preview(asha, { url: shop('/product') });
    expect(answer.statusCode, answer.body).toBe(200);
    const card = answer.json<{ title: string; description: string; image_url: string | null }>();
    expect(card.title).toBe(`${'T'.repeat(199)}…`);
    expect(card.description.startsWith('Summer & "Sale" now ddd')).toBe(true);
    expect(Array.from(card.description)).toHaveLength(500);
    expect(card.image_url).toBe(shop('/img/card.png'));
    expect(answer.body).not.toMatch(/<script|alert|steal/);
  });

  it('follows a redirect and reads the image against the page’s final address', async () => {
    const answer = await preview(asha, { url: shop('/moved') }, team);
    expect(answer.json()).toEqual({ title: 'Moved item', description: '', image_url: shop('/shop/pic.jpg') });
  });

  it('refuses private and local addresses, also behind a redirect, without connecting', async () => {
    const before = server.hits.length;
    for (const url of ['http://intranet.test/', 'http://metadata.test/latest/meta-data/', 'http://127.0.0.1/', 'http://[::1]/']) {
      const answer = await preview(asha, { url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().detail, url).toBe('That address is not allowed: it leads to a private or local network, which we never fetch from.');
    }
    expect(server.hits.length).toBe(before);
    const redirected = await preview(asha, { url: shop('/to-intranet') });
    expect([redirected.statusCode, redirected.json().detail]).toEqual([400, expect.stringMatching(/^That address is not allowed/)]);
  });

  it('refuses one of our own short links, as a destination is refused', async () => {
    const answer = await preview(asha, { url: 'http://localhost/abc123' });
    expect([answer.statusCode, answer.json().detail]).toEqual([400, DESTINATION_LOOPS]);
  });

  it('tells a page it could not read from an address it will not fetch', async () => {
    const unreadable = async (url: string) => {
      const answer = await preview(asha, { url });
      expect(answer.statusCode, url).toBe(422);
      return answer.json<{ detail: string }>().detail;
    };
    expect(await unreadable('http://nowhere.test/')).toBe('We could not reach that page. Check the address, or fill in the card yourself.');
    expect(await unreadable(shop('/missing'))).toBe('We could not read that page: it answered with status 404. You can still fill in the card yourself.');
    expect(await unreadable(shop('/file.pdf'))).toMatch(/^That address is not a web page/);
    expect(await unreadable(shop('/huge'))).toMatch(/^That page is too large to read \(over 1 MB\)/);
    const port = await preview(asha, { url: 'http://public.test:8080/' });
    expect([port.statusCode, port.json().detail]).toEqual([
      400,
      expect.stringMatching(/^That address is not allowed: we only fetch pages on the usual web ports/),
    ]);
  });

  it('is for those who may write links in the workspace: anonymous 401, a viewer 403, then the body is checked', async () => {
    expect((await preview(null, { url: shop('/product') })).statusCode).toBe(401);
    const asViewer = await preview(viewer, { url: 'not a url' }, team);
    expect([asViewer.statusCode, asViewer.json().detail]).toEqual([403, roleRefusal('viewer')]);
    expect((await preview(asha, { url: 'javascript:alert(1)' })).statusCode).toBe(400);
    const unknown = await preview(asha, { url: shop('/product'), titel: 'x' });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'titel']);
  });

  it('limits each person’s fetches', async () => {
    let answer;
    for (let sent = 0; sent < 40; sent++) {
      answer = await preview(member, { url: 'http://intranet.test/' });
      if (answer.statusCode === 429) break;
    }
    expect(answer?.statusCode).toBe(429);
    expect(answer?.headers['retry-after']).toBeDefined();
    // Another person is not held back by it.
    expect((await preview(asha, { url: 'http://intranet.test/' })).statusCode).toBe(400);
  });
});
