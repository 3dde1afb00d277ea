import { describe, expect, it } from 'vitest';
import { HOSTILE_LINE, HOSTILE_TAGS, HOSTILE_TAGS_READ, HOSTILE_TEXT, readAllPages, sourceFailure } from '../../testing/import-stand-ins/read-source.ts';
import { startShlinkStandIn, type ShlinkShortUrl, type ShlinkVisit } from '../../testing/import-stand-ins/shlink.ts';
import { standInForFile } from '../../testing/import-stand-ins/stand-in-for-file.ts';
import { SHLINK_VISITS_PER_LINK } from './shlink.ts';

const KEY = 'a5b9c8d7-shlink-api-key';

const twoDigits = (value: number) => String(value).padStart(2, '0');

const shortUrl = (index: number, changes: Partial<ShlinkShortUrl> = {}): ShlinkShortUrl => ({
  shortCode: `s${index}`,
  shortUrl: `https://s.asha.in/s${index}`,
  longUrl: `https://example.com/item/${index}`,
  // Listed newest first; the source asks for oldest first.
  dateCreated: `2024-01-01T${twoDigits(Math.floor(index / 60))}:${twoDigits(index % 60)}:00+05:30`,
  visitsSummary: { total: 0, nonBots: 0, bots: 0 },
  tags: [],
  meta: { validSince: null, validUntil: null, maxVisits: null },
  domain: null,
  title: `Item ${index}`,
  crawlable: false,
  forwardQuery: true,
  ...changes,
});

const visit = (minute: number, changes: Partial<ShlinkVisit> = {}): ShlinkVisit => ({
  referer: 'https://news.example.org/story?id=1',
  date: `2024-02-01T10:${twoDigits(minute % 60)}:00+00:00`,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0',
  visitLocation: { countryCode: 'IN', countryName: 'India', cityName: 'Pune' },
  potentialBot: false,
  ...changes,
});

/** 120 short URLs (three pages of 50), one on another domain with validity and a visit cap, one with more visits than the cap, one hostile. */
const shortUrls = Array.from({ length: 120 }, (_, index) => shortUrl(index)).reverse();
const withMeta = shortUrl(3, {
  domain: 'go.asha.in',
  shortUrl: 'https://go.asha.in/s3',
  tags: ['launch', 'email'],
  meta: { validSince: '2024-05-01T00:00:00+00:00', validUntil: '2024-06-01T00:00:00+00:00', maxVisits: 500 },
  visitsSummary: { total: 3, nonBots: 3, bots: 0 },
});
const busy = shortUrl(60, { visitsSummary: { total: SHLINK_VISITS_PER_LINK + 5, nonBots: SHLINK_VISITS_PER_LINK + 5, bots: 0 } });
const hostile = shortUrl(100, { title: HOSTILE_TEXT, tags: HOSTILE_TAGS, visitsSummary: { total: 1, nonBots: 1, bots: 0 } });
for (const link of [withMeta, busy, hostile]) shortUrls[shortUrls.findIndex((candidate) => candidate.shortCode === link.shortCode)] = link;
const visits = {
  [withMeta.shortUrl]: [visit(1), visit(2, { referer: '', visitLocation: null }), visit(3, { referer: 'android-app://com.slack', date: 'yesterday' })],
  [busy.shortUrl]: Array.from({ length: SHLINK_VISITS_PER_LINK + 5 }, (_, index) => visit(index)),
  [hostile.shortUrl]: [
    visit(9, { referer: `javascript:alert(1)`, userAgent: HOSTILE_TEXT, visitLocation: { countryCode: '<b>', countryName: '', cityName: '' } }),
  ],
};

const { standIn: shlink, open, privateAddressOutcome } = standInForFile('shlink', 'shlink.test', KEY, () => startShlinkStandIn(KEY, shortUrls, visits));

describe('the Shlink source (docs/import.md#shlink)', () => {
  it('reads every short URL oldest first, page by page, with tags, validity, visit cap, domain and visits', async () => {
    const read = await readAllPages(open());
    expect(read.totals).toEqual([120, 120, 120]);
    expect(read.cursors).toEqual(['2', '3', null]);
    expect(read.links.map((link) => link.code)).toEqual(Array.from({ length: 120 }, (_, index) => `s${index}`));
    expect(read.links[0]).toEqual({
      shortUrl: 'https://s.asha.in/s0',
      code: 's0',
      domain: null,
      destination: 'https://example.com/item/0',
      title: 'Item 0',
      tags: [],
      createdAt: '2023-12-31T18:30:00.000Z',
      startsAt: null,
      expiresAt: null,
      maxClicks: null,
      clicks: 0,
      visits: [],
    });
    expect(read.links[3]).toEqual({
      shortUrl: 'https://go.asha.in/s3',
      code: 's3',
      domain: 'go.asha.in',
      destination: 'https://example.com/item/3',
      title: 'Item 3',
      tags: ['launch', 'email'],
      createdAt: '2023-12-31T18:33:00.000Z',
      startsAt: '2024-05-01T00:00:00.000Z',
      expiresAt: '2024-06-01T00:00:00.000Z',
      maxClicks: 500,
      clicks: 3,
      // The visit with no readable date is left out.
      visits: [
        { at: '2024-02-01T10:01:00.000Z', country: 'IN', referrer: 'news.example.org', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
        { at: '2024-02-01T10:02:00.000Z', country: '', referrer: '', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
      ],
    });
  });

  it('reads a link’s visits up to the cap and still carries its whole count', async () => {
    const busyRead = (await readAllPages(open(), '2')).links.find((link) => link.code === 's60')!;
    expect(busyRead.clicks).toBe(SHLINK_VISITS_PER_LINK + 5);
    expect(busyRead.visits).toHaveLength(SHLINK_VISITS_PER_LINK);
  });

  it('refuses a wrong key with a message that names the cause and never the key', async () => {
    const failure = await sourceFailure(open('not-the-key-4242').page(null));
    expect(failure).toMatchObject({
      source: 'shlink',
      reason: 'bad_credential',
      message: 'Shlink refused the credential (HTTP 401): check that it is current and allowed to read your links.',
    });
    expect(failure.message).not.toContain('not-the-key-4242');
  });

  it('says when the address has no Shlink API', async () => {
    const failure = await sourceFailure(open(KEY, '/not-shlink/').page(null));
    expect(failure).toMatchObject({ reason: 'not_found', message: 'Shlink has no such API at that address (HTTP 404): check the address of your Shlink.' });
  });

  it('fails on the page that failed, so a job resumes at the cursor it holds', async () => {
    const first = await open().page(null);
    shlink().failing = { page: 2, status: 503 };
    expect(await sourceFailure(open().page(first.next))).toMatchObject({
      reason: 'source_failed',
      message: 'Shlink answered with an error (HTTP 503): try again later.',
    });
    shlink().failing = null;
    const resumed = await readAllPages(open(), first.next);
    expect(resumed.links.map((link) => link.code)).toEqual(Array.from({ length: 70 }, (_, index) => `s${index + 50}`));
  });

  it('carries hostile values as data: plain lines cut to the limits, a referrer only when it is a web host, a country only when it is a code', async () => {
    const hostileRead = (await readAllPages(open(), '3')).links.find((link) => link.code === 's100')!;
    expect(hostileRead.title).toBe(HOSTILE_LINE.slice(0, 255));
    expect(hostileRead.tags).toEqual(HOSTILE_TAGS_READ);
    expect(hostileRead.visits).toEqual([{ at: '2024-02-01T10:09:00.000Z', country: '', referrer: '', userAgent: HOSTILE_LINE.slice(0, 512) }]);
  });

  it('refuses a server on a private network without connecting', async () => {
    expect(await privateAddressOutcome()).toEqual({ reasons: ['blocked_address', 'blocked_address'], requests: 0 });
  });
});
