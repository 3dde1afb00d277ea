import { describe, expect, it } from 'vitest';
import { startBitlyStandIn, type BitlyBitlink } from '../../testing/import-stand-ins/bitly.ts';
import {
  openOnStandIn,
  HOSTILE_LINE,
  HOSTILE_TAGS,
  HOSTILE_TAGS_READ,
  HOSTILE_TEXT,
  readAllPages,
  sourceFailure,
} from '../../testing/import-stand-ins/read-source.ts';
import { standInForFile } from '../../testing/import-stand-ins/stand-in-for-file.ts';

const TOKEN = 'bitly-token-0123456789abcdef';

/** 205 bitlinks: three pages of 100; one with a custom back-half on a branded domain, one hostile. */
const bitlinks: BitlyBitlink[] = Array.from({ length: 205 }, (_, index) => ({
  id: `bit.ly/b${index}`,
  link: `https://bit.ly/b${index}`,
  long_url: `https://example.com/page/${index}`,
  title: `Page ${index}`,
  tags: [],
  custom_bitlinks: [],
  created_at: '2024-03-01T10:00:00+0000',
  archived: false,
}));
bitlinks[1] = { ...bitlinks[1]!, custom_bitlinks: ['https://go.asha.in/summer-sale'], tags: ['sale', 'summer'], title: null };
bitlinks[150] = { ...bitlinks[150]!, title: HOSTILE_TEXT, tags: HOSTILE_TAGS, long_url: 'https://example.com/?q=<script>\r\n' };
const clicks = Object.fromEntries(bitlinks.map((link, index) => [link.id, index * 3]));

const { standIn: bitly, open, privateAddressOutcome } = standInForFile('bitly', 'bitly.test', TOKEN, () => startBitlyStandIn(TOKEN, bitlinks, clicks));

describe('the Bitly source (docs/import.md#bitly)', () => {
  it('reads every bitlink of the default group, page by page, with titles, tags, custom back-halves and clicks', async () => {
    const read = await readAllPages(open());
    expect(read.links).toHaveLength(205);
    expect(read.totals).toEqual([205, 205, 205]);
    expect(read.cursors.at(-1)).toBeNull();
    expect(read.links[0]).toEqual({
      shortUrl: 'https://bit.ly/b0',
      code: 'b0',
      domain: null,
      destination: 'https://example.com/page/0',
      title: 'Page 0',
      tags: [],
      createdAt: '2024-03-01T10:00:00.000Z',
      startsAt: null,
      expiresAt: null,
      maxClicks: null,
      clicks: 0,
      visits: [],
    });
    expect(read.links[1]).toMatchObject({
      shortUrl: 'https://go.asha.in/summer-sale',
      code: 'summer-sale',
      domain: 'go.asha.in',
      title: '',
      tags: ['sale', 'summer'],
      clicks: 3,
    });
    expect(read.links.map((link) => link.code)).toEqual(bitlinks.map((link, index) => (index === 1 ? 'summer-sale' : `b${index}`)));
    expect(read.links[204]!.clicks).toBe(612);
  });

  it('reads the links with no click counts from a plan without click metrics (402)', async () => {
    const free = await startBitlyStandIn(TOKEN, bitlinks.slice(0, 3), clicks, { metrics: false });
    try {
      const read = await readAllPages(openOnStandIn('bitly', free, 'bitly.test', TOKEN));
      expect(read.links.map((link) => [link.code, link.clicks])).toEqual([
        ['b0', 0],
        ['summer-sale', 0],
        ['b2', 0],
      ]);
    } finally {
      await free.server.close();
    }
  });

  it('refuses a wrong token with a message that names the cause and never the token', async () => {
    const failure = await sourceFailure(open('wrong-token-value').page(null));
    expect(failure).toMatchObject({ source: 'bitly', reason: 'bad_credential' });
    expect(failure.message).toBe('Bitly refused the credential (HTTP 403): check that it is current and allowed to read your links.');
    expect(failure.message).not.toContain('wrong-token-value');
  });

  it('fails on the page that failed, so a job resumes at the cursor it holds; a 429 says when to ask again', async () => {
    const source = open();
    const first = await source.page(null);
    bitly().failing = { page: 2, status: 500 };
    expect(await sourceFailure(source.page(first.next))).toMatchObject({
      reason: 'source_failed',
      message: 'Bitly answered with an error (HTTP 500): try again later.',
    });
    bitly().failing = { page: 2, status: 429, headers: { 'retry-after': '30' } };
    expect(await sourceFailure(source.page(first.next))).toMatchObject({ reason: 'rate_limited', retryAfterSeconds: 30 });
    bitly().failing = null;
    // After a restart: a new source, the stored cursor.
    const resumed = await readAllPages(open(), first.next);
    expect(resumed.links.map((link) => link.code)).toEqual(bitlinks.slice(100).map((link) => link.id.slice('bit.ly/'.length)));
  });

  it('carries hostile values as data: one plain line cut to the limits, markup as written', async () => {
    const hostile = (await readAllPages(open())).links[150]!;
    expect(hostile.title).toBe(HOSTILE_LINE.slice(0, 255));
    expect(hostile.tags).toEqual(HOSTILE_TAGS_READ);
    // The destination is checked where the job creates the link, like any other.
    expect(hostile.destination).toBe('https://example.com/?q=<script>\r\n');
  });

  it('refuses an API address on a private network (BITLY_API_URL pointed inward) without connecting', async () => {
    expect(await privateAddressOutcome()).toEqual({ reasons: ['blocked_address', 'blocked_address'], requests: 0 });
  });
});
