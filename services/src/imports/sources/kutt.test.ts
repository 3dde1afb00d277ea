import { describe, expect, it } from 'vitest';
import { startKuttStandIn, type KuttLink } from '../../testing/import-stand-ins/kutt.ts';
import { openOnStandIn, HOSTILE_LINE, HOSTILE_TEXT, readAllPages, sourceFailure } from '../../testing/import-stand-ins/read-source.ts';
import { standInForFile } from '../../testing/import-stand-ins/stand-in-for-file.ts';
import { html, startPageServer } from '../../testing/page-server.ts';

const KEY = 'kutt_key_Z8x7c6v5b4n3';

/** 120 links (pages of 50): two on custom domains, one with an expiry, one hostile. */
const links: KuttLink[] = Array.from({ length: 120 }, (_, index) => ({
  id: `0f8e6a1c-0000-4000-8000-${String(index).padStart(12, '0')}`,
  address: `k${index}`,
  banned: false,
  created_at: '2024-08-20T12:00:00.000Z',
  updated_at: '2024-08-21T12:00:00.000Z',
  description: index % 2 === 0 ? `Link ${index}` : null,
  expire_in: null,
  password: false,
  target: `https://example.com/k/${index}`,
  visit_count: index * 2,
  domain: null,
  link: `https://kutt.test/k${index}`,
}));
links[4] = { ...links[4]!, domain: 'l.asha.in', link: 'https://l.asha.in/k4', expire_in: '2025-01-01T00:00:00.000Z' };
// An older Kutt names a custom domain only in the link's address.
links[5] = { ...links[5]!, link: 'https://go.asha.in/k5' };
links[77] = { ...links[77]!, description: HOSTILE_TEXT, address: 'k77\r\n<x>' };

const { standIn: kutt, open, privateAddressOutcome } = standInForFile('kutt', 'kutt.test', KEY, () => startKuttStandIn(KEY, links));

describe('the Kutt source (docs/import.md#kutt)', () => {
  it('reads every link page by page with descriptions as titles, expiry, custom domains and visit counts', async () => {
    const read = await readAllPages(open());
    expect(read.totals).toEqual([120, 120, 120]);
    expect(read.cursors).toEqual(['50', '100', null]);
    expect(read.links.map((link) => link.code)).toEqual(links.map((link) => link.address));
    expect(read.links[0]).toEqual({
      shortUrl: 'https://kutt.test/k0',
      code: 'k0',
      domain: null,
      destination: 'https://example.com/k/0',
      title: 'Link 0',
      tags: [],
      createdAt: '2024-08-20T12:00:00.000Z',
      startsAt: null,
      expiresAt: null,
      maxClicks: null,
      clicks: 0,
      visits: [],
    });
    expect(read.links[1]!.title).toBe('');
    expect(read.links[4]).toMatchObject({ shortUrl: 'https://l.asha.in/k4', domain: 'l.asha.in', expiresAt: '2025-01-01T00:00:00.000Z', clicks: 8 });
    expect(read.links[5]).toMatchObject({ shortUrl: 'https://go.asha.in/k5', domain: 'go.asha.in' });
  });

  it('refuses a wrong key with a message that names the cause and never the key', async () => {
    const failure = await sourceFailure(open('kutt_key_wrong').page(null));
    expect(failure).toMatchObject({
      source: 'kutt',
      reason: 'bad_credential',
      message: 'Kutt refused the credential (HTTP 401): check that it is current and allowed to read your links.',
    });
    expect(failure.message).not.toContain('kutt_key_wrong');
  });

  it('says when the answer is not JSON, or not in the shape of Kutt’s API', async () => {
    const notKutt = await startPageServer({
      '/html/api/v2/links': html('<title>Welcome</title>'),
      '/other/api/v2/links': (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":"nope"}'),
      '/broken/api/v2/links': (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":['),
    });
    try {
      const read = (path: string) => sourceFailure(openOnStandIn('kutt', { server: notKutt, failing: null }, 'kutt.test', KEY, path).page(null));
      expect(await read('/html')).toMatchObject({
        reason: 'unreachable',
        message: 'Kutt answered with something other than JSON: check the address of your Kutt.',
      });
      expect(await read('/other')).toMatchObject({
        reason: 'malformed',
        message: 'Kutt’s answer is not in the shape its API gives (at data): check the address of your Kutt.',
      });
      expect(await read('/broken')).toMatchObject({
        reason: 'malformed',
        message: 'Kutt answered with something that is not JSON: check the address of your Kutt.',
      });
    } finally {
      await notKutt.close();
    }
  });

  it('refuses a key with a line break before any request', () => {
    expect(() => open(`${KEY}\r\nX-Admin: 1`)).toThrow('That is not a Kutt credential: paste it again, without line breaks.');
  });

  it('fails on the page that failed, so a job resumes at the cursor it holds; a 429 says when to ask again', async () => {
    const first = await open().page(null);
    kutt().failing = { page: 2, status: 429, headers: { 'retry-after': '120' } };
    expect(await sourceFailure(open().page(first.next))).toMatchObject({
      reason: 'rate_limited',
      retryAfterSeconds: 120,
      message: 'Kutt asks us to slow down (HTTP 429); it can be asked again in 120 seconds.',
    });
    kutt().failing = null;
    const resumed = await readAllPages(open(), first.next);
    expect(resumed.links.map((link) => link.code)).toEqual(links.slice(50).map((link) => link.address));
  });

  it('carries hostile values as data', async () => {
    const hostile = (await readAllPages(open(), '50')).links.find((link) => link.destination === 'https://example.com/k/77')!;
    // The code is checked where the job creates the link: one that is not a valid code gets a new one.
    expect(hostile).toMatchObject({ title: HOSTILE_LINE.slice(0, 255), code: 'k77\r\n<x>' });
  });

  it('refuses a server on a private network without connecting', async () => {
    expect(await privateAddressOutcome()).toEqual({ reasons: ['blocked_address', 'blocked_address'], requests: 0 });
  });
});
