import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startPageServer, testNetwork, type PageServer } from '../testing/page-server.ts';
import { forbiddenRange } from './ip-ranges.ts';
import { safeFetch, SafeFetchError, type SafeFetchNetwork, type SafeFetchOptions } from './safe-fetch.ts';

const HTML = ['text/html'];
const limits = { maxBytes: 10_000, timeoutMs: 2_000, maxRedirects: 3, accept: HTML };

/** The reason a fetch failed for, or 'fetched'. */
async function outcome(url: string, network: SafeFetchNetwork, options: Partial<SafeFetchOptions> = {}): Promise<string> {
  try {
    await safeFetch(url, { ...limits, ...options, network });
    return 'fetched';
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
}

describe('the address rule', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::7f00:1', 'ipv4Compatible'],
    ['64:ff9b::a00:1', 'rfc6052'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

/** A page whose body is the request's headers, as JSON. */
const echoHeaders = (request: IncomingMessage, response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'text/html' }).end(JSON.stringify(request.headers));

describe('safeFetch', () => {
  let server: PageServer;
  let other: PageServer;
  let network: ReturnType<typeof testNetwork>;
  const bigPage = `<title>${'x'.repeat(20_000)}</title>`;

  beforeAll(async () => {
    other = await startPageServer({ '/secret': html('internal'), '/headers': echoHeaders });
    server = await startPageServer({
      '/page': html('<title>Hello</title>', { 'x-served-by': 'page' }),
      '/big': html(bigPage),
      '/big-chunked': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        for (let sent = 0; sent < 20; sent++) response.write('x'.repeat(1_000));
        response.end();
      },
      '/gzip': (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<title>Zipped</title>')),
      '/headers': echoHeaders,
      '/to-same-origin': (_request, response) => response.writeHead(302, { location: '/headers' }).end(),
      '/to-other-origin': (_request, response) => response.writeHead(302, { location: `http://elsewhere.test:${other.port}/headers` }).end(),
      '/never': () => undefined,
      '/stalls': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).write('<title>'),
      '/image': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end('png'),
      '/to-metadata': (_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-other': (_request, response) => response.writeHead(301, { location: `http://127.0.0.1:${other.port}/secret` }).end(),
      '/to-internal-name': (_request, response) => response.writeHead(307, { location: `http://internal.test:${other.port}/secret` }).end(),
      '/chain': (request, response) => {
        const left = Number(new URL(request.url!, 'http://page.test').searchParams.get('left'));
        response.writeHead(302, { location: left > 0 ? `/chain?left=${left - 1}` : '/page' }).end();
      },
    });
    network = testNetwork(
      {
        'page.test': '127.0.0.1',
        'loopback.test': '127.0.0.1',
        'private.test': '10.0.0.5',
        'metadata.test': '169.254.169.254',
        'v6-loopback.test': '::1',
        'mapped.test': '::ffff:127.0.0.1',
        'internal.test': '127.0.0.1',
        'public.test': '93.184.215.14',
        'mixed.test': ['93.184.215.14', '10.0.0.5'],
      },
      [server],
    );
  });

  afterAll(async () => {
    await server.close();
    await other.close();
  });

  const at = (path: string) => `http://page.test:${server.port}${path}`;

  it('answers the status, headers, body and final address of an allowed page', async () => {
    const response = await safeFetch(at('/page'), { ...limits, network });
    expect(response).toMatchObject({ url: at('/page'), status: 200 });
    expect(response.headers['x-served-by']).toBe('page');
    expect(response.body.toString()).toBe('<title>Hello</title>');
  });

  it('sends the caller’s headers to the address asked for and its own origin, never to another origin after a redirect', async () => {
    const headers = { authorization: 'Bearer secret-token', 'x-api-key': 'key-123', host: 'spoofed.test' };
    // Both servers stand in for public ones here, so the redirect is followed and what it carries can be seen.
    const bothPublic = testNetwork({ 'page.test': '127.0.0.1', 'elsewhere.test': '127.0.0.1' }, [server, other]);
    const sent = async (path: string) =>
      JSON.parse((await safeFetch(at(path), { ...limits, headers, network: bothPublic })).body.toString()) as Record<string, string>;
    expect(await sent('/headers')).toMatchObject({ authorization: 'Bearer secret-token', 'x-api-key': 'key-123', host: `page.test:${server.port}` });
    expect(await sent('/to-same-origin')).toMatchObject({ authorization: 'Bearer secret-token', 'x-api-key': 'key-123' });
    const elsewhere = await sent('/to-other-origin');
    expect(elsewhere.host).toBe(`elsewhere.test:${other.port}`);
    expect(elsewhere).not.toHaveProperty('authorization');
    expect(elsewhere).not.toHaveProperty('x-api-key');
  });

  it('inflates a compressed body', async () => {
    expect((await safeFetch(at('/gzip'), { ...limits, network })).body.toString()).toBe('<title>Zipped</title>');
  });

  it.each(['loopback.test', 'private.test', 'metadata.test', 'v6-loopback.test', 'mapped.test'])(
    'refuses a name that resolves to a forbidden address (%s), before connecting',
    async (name) => {
      const before = other.hits.length;
      expect(await outcome(`http://${name}:${other.port}/secret`, network)).toBe('blocked_address');
      expect(other.hits.length).toBe(before);
    },
  );

  it('refuses a name when any one of its addresses is forbidden', async () => {
    expect(await outcome('http://mixed.test/', network)).toBe('blocked_address');
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0x7f.1/',
    'http://2130706433/',
    'https://[fd00::1]/',
    'http://100.100.100.200/',
  ])('refuses the address literal %s', async (url) => {
    expect(await outcome(url, network)).toBe('blocked_address');
  });

  it('connects to the very address it checked (DNS rebinding: an allowed answer first, loopback a moment later)', async () => {
    // A server on another loopback address stands in for a public one: exempt, like a public address passes.
    const allowed = await startPageServer({ '/secret': html('the page that was checked') }, { address: '127.0.0.2' });
    // The same port on loopback: a second lookup at connect time would land here.
    const internal = await startPageServer({ '/secret': html('internal') }, { port: allowed.port });
    try {
      let lookups = 0;
      const answers = () => (lookups++ === 0 ? '127.0.0.2' : '127.0.0.1');
      const rebinding = { ...testNetwork({ 'rebind.test': answers }), exempt: [`127.0.0.2:${allowed.port}`] };
      const fetched = await safeFetch(`http://rebind.test:${allowed.port}/secret`, { ...limits, network: rebinding });
      expect(fetched.body.toString()).toBe('the page that was checked');
      expect(lookups).toBe(1);
      // Asked again, the name now answers loopback, which is refused before any connection.
      expect(await outcome(`http://rebind.test:${allowed.port}/secret`, rebinding)).toBe('blocked_address');
      expect(internal.hits).toEqual([]);
    } finally {
      await allowed.close();
      await internal.close();
    }
  });

  it('refuses a redirect to a forbidden address, and checks every hop', async () => {
    const before = other.hits.length;
    expect(await outcome(at('/to-metadata'), network)).toBe('blocked_address');
    expect(await outcome(at('/to-other'), network)).toBe('blocked_address');
    expect(await outcome(at('/to-internal-name'), network)).toBe('blocked_address');
    expect(other.hits.length).toBe(before);
  });

  it('follows up to maxRedirects redirects and refuses one more', async () => {
    // left=N answers N + 1 redirects before the page.
    const followed = await safeFetch(at('/chain?left=2'), { ...limits, network, maxRedirects: 3 });
    expect(followed.url).toBe(at('/page'));
    expect(await outcome(at('/chain?left=3'), network, { maxRedirects: 3 })).toBe('too_many_redirects');
  });

  it('refuses a body over maxBytes, declared or streamed, and a compressed body that inflates past it', async () => {
    expect(await outcome(at('/big'), network, { maxBytes: 10_000 })).toBe('too_large');
    expect(await outcome(at('/big'), network, { maxBytes: 30_000 })).toBe('fetched');
    expect(await outcome(at('/big-chunked'), network, { maxBytes: 10_000 })).toBe('too_large');
    // A bomb: 2 MB of zeros in a few kilobytes.
    const bomb = gzipSync(Buffer.alloc(2_000_000));
    const bombServer = await startPageServer({
      '/bomb': (_request, response) => response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb),
    });
    try {
      expect(bomb.length).toBeLessThan(10_000);
      expect(await outcome(`http://page.test:${bombServer.port}/bomb`, testNetwork({ 'page.test': '127.0.0.1' }, [bombServer]))).toBe('too_large');
    } finally {
      await bombServer.close();
    }
  });

  it('gives up at timeoutMs, whether the answer never starts or stalls midway', async () => {
    expect(await outcome(at('/never'), network, { timeoutMs: 200 })).toBe('timed_out');
    expect(await outcome(at('/stalls'), network, { timeoutMs: 200 })).toBe('timed_out');
  });

  it('takes only the media types asked for', async () => {
    expect(await outcome(at('/image'), network)).toBe('not_accepted');
    expect(await outcome(at('/image'), network, { accept: ['image/png'] })).toBe('fetched');
  });

  it.each(['ftp://page.test/file', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://page.test/', 'not a url'])('refuses %s as not http', async (url) => {
    expect(await outcome(url, network)).toBe('not_http');
  });

  it('refuses credentials in the address and ports other than 80 and 443', async () => {
    expect(await outcome('http://user:secret@public.test/', network)).toBe('blocked_url');
    expect(await outcome('http://public.test:8080/', network)).toBe('blocked_url');
    expect(await outcome('http://public.test:22/', network)).toBe('blocked_url');
  });

  it('tells a name that does not resolve as unreachable', async () => {
    expect(await outcome('http://nowhere.test/', network)).toBe('unreachable');
  });
});
