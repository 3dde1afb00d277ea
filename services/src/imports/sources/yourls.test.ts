import { describe, expect, it } from 'vitest';
import { openOnStandIn, HOSTILE_LINE, HOSTILE_TEXT, readAllPages, sourceFailure } from '../../testing/import-stand-ins/read-source.ts';
import { standInForFile } from '../../testing/import-stand-ins/stand-in-for-file.ts';
import { startYourlsStandIn, type YourlsLink } from '../../testing/import-stand-ins/yourls.ts';

const SIGNATURE = '1002a612b4';

/** 230 links (pages of 100, the last one short), newest first as `filter=last` lists them; one hostile. */
const links: YourlsLink[] = Array.from({ length: 230 }, (_, index) => ({
  shorturl: `https://sho.rt/y${index}`,
  url: `https://example.com/post/${index}`,
  title: `Post ${index}`,
  timestamp: '2023-07-14 09:30:00',
  ip: '203.0.113.9',
  clicks: String(index),
}));
links[201] = { ...links[201]!, title: HOSTILE_TEXT, shorturl: 'https://sho.rt/caf%C3%A9', url: 'https://example.com/"><img src=x onerror=alert(1)>' };

const { standIn: yourls, open, privateAddressOutcome } = standInForFile('yourls', 'yourls.test', SIGNATURE, () => startYourlsStandIn(SIGNATURE, links));

describe('the YOURLS source (docs/import.md#yourls)', () => {
  it('reads every link page by page until a short page, with titles and click counts', async () => {
    const read = await readAllPages(open());
    expect(read.totals).toEqual([230, 230, 230]);
    expect(read.cursors.at(-1)).toBeNull();
    expect(read.links).toHaveLength(230);
    expect(read.links[7]).toEqual({
      shortUrl: 'https://sho.rt/y7',
      code: 'y7',
      domain: null,
      destination: 'https://example.com/post/7',
      title: 'Post 7',
      tags: [],
      createdAt: '2023-07-14T09:30:00.000Z',
      startsAt: null,
      expiresAt: null,
      maxClicks: null,
      clicks: 7,
      visits: [],
    });
    expect(read.links.map((link) => link.clicks)).toEqual(links.map((_, index) => index));
  });

  it('takes the address of the API file as well as the install’s', async () => {
    expect((await open(SIGNATURE, '/yourls-api.php').page(null)).links).toHaveLength(100);
  });

  it('stops after a full last page on the empty page that follows', async () => {
    const exact = await startYourlsStandIn(SIGNATURE, links.slice(0, 200));
    try {
      const source = openOnStandIn('yourls', exact, 'yourls.test', SIGNATURE);
      const read = await readAllPages(source);
      expect(read.links).toHaveLength(200);
      expect(read.cursors).toHaveLength(3);
    } finally {
      await exact.server.close();
    }
  });

  it('notices a YOURLS too old to page (it answers the first page again) instead of reading it forever', async () => {
    const old = await startYourlsStandIn(SIGNATURE, links, { readsStart: false });
    try {
      const source = openOnStandIn('yourls', old, 'yourls.test', SIGNATURE);
      const first = await source.page(null);
      expect(await sourceFailure(source.page(first.next))).toMatchObject({
        reason: 'source_failed',
        message:
          'This YOURLS answers the same first page again: it is too old to page through its links. Update YOURLS, or export its links as CSV and import the file.',
      });
    } finally {
      await old.server.close();
    }
  });

  it('refuses a wrong signature with a message that never holds it, nor the address that carries it', async () => {
    const failure = await sourceFailure(open('0000wrong0').page(null));
    expect(failure).toMatchObject({
      source: 'yourls',
      reason: 'bad_credential',
      message: 'YOURLS refused the credential (HTTP 403): check that it is current and allowed to read your links.',
    });
    expect(failure.message).not.toMatch(/0000wrong0|signature/);
  });

  it('fails on the page that failed, so a job resumes at the cursor it holds', async () => {
    const first = await open().page(null);
    yourls().failing = { page: 2, status: 500 };
    expect(await sourceFailure(open().page(first.next))).toMatchObject({ reason: 'source_failed' });
    yourls().failing = null;
    const resumed = await readAllPages(open(), first.next);
    expect(resumed.links.map((link) => link.shortUrl)).toEqual(links.slice(100).map((link) => link.shorturl));
  });

  it('carries hostile values as data', async () => {
    const hostile = (await readAllPages(open())).links[201]!;
    expect(hostile).toMatchObject({ title: HOSTILE_LINE.slice(0, 255), code: 'café', destination: 'https://example.com/"><img src=x onerror=alert(1)>' });
  });

  it('refuses an install on a private network without connecting', async () => {
    expect(await privateAddressOutcome()).toEqual({ reasons: ['blocked_address', 'blocked_address'], requests: 0 });
  });
});
