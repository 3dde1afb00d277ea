import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { LINKS, type LinkView } from '@linkledger/projections';
import type { ImportJobDetails, ImportJobResponse } from '@linkledger/contracts';
import { giveUnlimitedRetention, givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { testNetwork } from '../testing/page-server.ts';
import { post, signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startBitlyStandIn, type BitlyBitlink } from '../testing/import-stand-ins/bitly.ts';
import { startShlinkStandIn, type ShlinkShortUrl } from '../testing/import-stand-ins/shlink.ts';
import { startYourlsStandIn, type YourlsLink } from '../testing/import-stand-ins/yourls.ts';
import { startKuttStandIn, type KuttLink } from '../testing/import-stand-ins/kutt.ts';
import type { StandIn } from '../testing/import-stand-ins/stand-in-server.ts';
import { importNetwork, openImportSource } from './open-source.ts';

/**
 * Imports from the four shorteners' APIs end to end (docs/import.md): a job started through the
 * API reads a local stand-in of the source through the fetch guard, page by page; the stand-in
 * fails on page 2, the job stops resumable, a resume finishes it with no duplicate, a taken code
 * is replaced and mapped in the result file, and the credential is never recorded.
 */

const TOKEN = { bitly: 'bitly-token-5f1e', shlink: 'shlink-key-77a1', yourls: 'yourls-signature-9c2b', kutt: 'kutt-key-31d0' };
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const iso = (index: number) => new Date(Date.UTC(2024, 0, 1, 0, index)).toISOString();

const bitlinks: BitlyBitlink[] = Array.from({ length: 130 }, (_, i) => ({
  id: `bit.ly/bt${i}`,
  link: `https://bit.ly/bt${i}`,
  long_url: `https://example.com/bitly/${i}`,
  title: `Bitly ${i}`,
  tags: i === 0 ? ['spring'] : [],
  custom_bitlinks: [],
  created_at: iso(i),
  archived: false,
}));
const shlinkUrls: ShlinkShortUrl[] = Array.from({ length: 70 }, (_, i) => ({
  shortCode: `sh${i}`,
  shortUrl: `https://s.example/sh${i}`,
  longUrl: `https://example.com/shlink/${i}`,
  dateCreated: iso(i),
  visitsSummary: { total: i === 0 ? 2 : 0, nonBots: i === 0 ? 2 : 0, bots: 0 },
  tags: i === 0 ? ['launch'] : [],
  meta: { validSince: null, validUntil: null, maxVisits: null },
  domain: null,
  title: `Shlink ${i}`,
  crawlable: false,
  forwardQuery: true,
}));
const shlinkVisits = {
  'https://s.example/sh0': [
    {
      referer: 'https://news.example.org/a',
      date: '2024-02-01T10:00:00+00:00',
      userAgent: PHONE,
      visitLocation: { countryCode: 'IN', countryName: 'India', cityName: 'Pune' },
      potentialBot: false,
    },
    { referer: '', date: '2024-02-02T10:00:00+00:00', userAgent: PHONE, visitLocation: null, potentialBot: false },
  ],
};
const yourlsLinks: YourlsLink[] = Array.from({ length: 130 }, (_, i) => ({
  shorturl: `https://y.example/yo${i}`,
  url: `https://example.com/yourls/${i}`,
  title: `YOURLS ${i}`,
  timestamp: '2024-01-01 10:00:00',
  ip: '203.0.113.9',
  clicks: String(i),
}));
const kuttLinks: KuttLink[] = Array.from({ length: 70 }, (_, i) => ({
  id: `k-${i}`,
  address: `ku${i}`,
  banned: false,
  created_at: iso(i),
  updated_at: iso(i),
  description: `Kutt ${i}`,
  expire_in: null,
  password: false,
  target: `https://example.com/kutt/${i}`,
  visit_count: 1,
  domain: null,
  link: `https://kutt.example/ku${i}`,
}));

type Source = keyof typeof TOKEN;
const standIns = {} as Record<Source, StandIn>;
/** The code of each source's second link, held by another account here, so it must be replaced. */
const TAKEN = { bitly: 'bt1', shlink: 'sh1', yourls: 'yo1', kutt: 'ku1' };
const SIZES = { bitly: bitlinks.length, shlink: shlinkUrls.length, yourls: yourlsLinks.length, kutt: kuttLinks.length };

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  standIns.bitly = await startBitlyStandIn(TOKEN.bitly, bitlinks, Object.fromEntries(bitlinks.map((bitlink, i) => [bitlink.id, i])));
  standIns.shlink = await startShlinkStandIn(TOKEN.shlink, shlinkUrls, shlinkVisits);
  standIns.yourls = await startYourlsStandIn(TOKEN.yourls, yourlsLinks);
  standIns.kutt = await startKuttStandIn(TOKEN.kutt, kuttLinks);
  t = await startTestApp({ PUBLIC_URL: 'https://lnk.example', BITLY_API_URL: `http://bitly.test:${standIns.bitly.server.port}` });
  const names = { 'bitly.test': '127.0.0.1', 'shlink.test': '127.0.0.1', 'yourls.test': '127.0.0.1', 'kutt.test': '127.0.0.1', 'intranet.test': '10.0.0.7' };
  importNetwork.set(
    t.platform,
    testNetwork(
      names,
      Object.values(standIns).map((standIn) => standIn.server),
    ),
  );
  // The runner works on its own copy of the platform: its sources open with the test's network too.
  t.platform.importRunner!.openSource = (started, file) => openImportSource(t.platform, started, file);
  owner = await signUp(t.app, 'mover@example.com');
  await givePlan(t.platform, owner.user.id, 'enterprise');
  const holder = await signUp(t.app, 'holder@example.com');
  for (const code of Object.values(TAKEN))
    await post(t.app, '/api/urls', holder.headers, { original_url: `https://example.com/held/${code}`, short_code: code });
});

afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(standIns).map((standIn) => standIn.server.close()));
});

const startBody = (source: Source) => ({
  source,
  credential: TOKEN[source],
  ...(source === 'bitly' ? {} : { url: `http://${source}.test:${standIns[source].server.port}` }),
});

async function jobAfterRounds(id: number): Promise<ImportJobDetails> {
  await t.platform.importRunner!.tick();
  return (await t.app.inject({ url: `/api/imports/${id}`, headers: owner.headers })).json<ImportJobDetails>();
}

describe('imports from other shorteners’ APIs, through the job runner (docs/import.md#sources)', () => {
  it.each(['bitly', 'shlink', 'yourls', 'kutt'] as const)(
    'imports every %s link: a failure on page 2 stops the job resumable, a resume finishes it, a taken code is mapped',
    async (source) => {
      standIns[source].failing = { page: 2, status: 503 };
      const started = await post(t.app, '/api/imports', owner.headers, startBody(source));
      expect(started.statusCode, started.body).toBe(201);
      const job = started.json<ImportJobResponse>();

      const stopped = await jobAfterRounds(job.id);
      expect(stopped, JSON.stringify(stopped.failure)).toMatchObject({ status: 'failed', pages: 1, failure: { resumable: true } });
      expect(stopped.failure!.reason).not.toContain(TOKEN[source]);

      standIns[source].failing = null;
      expect((await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/resume`, headers: owner.headers })).statusCode).toBe(200);
      const done = await jobAfterRounds(job.id);
      expect(done).toMatchObject({
        status: 'finished',
        rows_done: SIZES[source],
        counts: { created: SIZES[source] - 1, code_changed: 1, duplicate: 0, failed: 0 },
      });

      const links = (await t.platform.read.find<LinkView>(LINKS, { where: { owner_id: owner.user.id }, limit: 10_000 })).filter(
        (link) => link.imported_from?.job_id === job.id,
      );
      expect(links).toHaveLength(SIZES[source]);
      expect(new Set(links.map((link) => link.short_code)).size).toBe(SIZES[source]);
      const changed = done.outcomes.find((row) => row.outcome === 'code_changed')!;
      expect(changed.short_url).not.toBe(`https://lnk.example/${TAKEN[source]}`);

      const result = parseCsv((await t.app.inject({ url: `/api/imports/${job.id}/result.csv`, headers: owner.headers })).body, { bom: true }) as string[][];
      const mapped = result.find((row) => row[3] === 'code_changed')!;
      expect(mapped[1]).toContain(TAKEN[source]);
      expect(mapped[2]).toBe(changed.short_url);

      // The credential is sealed: the log never holds it in plain text.
      expect(JSON.stringify(await t.platform.events.readAll({ limit: 100_000 }))).not.toContain(TOKEN[source]);
    },
  );

  it('carries tags and Shlink’s listed visits, shown as imported in the link’s analytics', async () => {
    const links = await t.platform.read.find<LinkView>(LINKS, { where: { owner_id: owner.user.id }, limit: 10_000 });
    const byCode = (code: string) => links.find((link) => link.short_code === code)!;
    const tagged = await t.app.inject({ url: `/api/urls/${byCode('sh0').id}`, headers: owner.headers });
    expect(tagged.json()).toMatchObject({ tags: ['launch'], title: 'Shlink 0', original_url: 'https://example.com/shlink/0' });
    expect((await t.app.inject({ url: `/api/urls/${byCode('bt0').id}`, headers: owner.headers })).json()).toMatchObject({ tags: ['spring'] });
    // The visits are of 2024, further back than a plan's retention shows (docs/privacy.md#analytics-retention).
    await giveUnlimitedRetention(t.platform, owner.user.id);
    await projectorsCaughtUp(t.platform);
    const analytics = await t.app.inject({ url: `/api/urls/${byCode('sh0').id}/analytics?date_from=2024-01-01&date_to=2024-12-31`, headers: owner.headers });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json()).toMatchObject({ imported_clicks: 2, total_clicks: 2 });
    // Never counted as live clicks.
    expect(byCode('sh0').total_clicks).toBe(0);
  });

  it('fails a job whose key the source refuses, saying so without the key; refuses a source address on a private network', async () => {
    const wrong = await post(t.app, '/api/imports', owner.headers, { ...startBody('kutt'), credential: 'not-the-key-8812' });
    const failed = await jobAfterRounds(wrong.json<ImportJobResponse>().id);
    expect(failed.status).toBe('failed');
    expect(failed.failure!.reason).toMatch(/Kutt/);
    expect(failed.failure!.reason).not.toContain('not-the-key-8812');

    const hits = standIns.shlink.server.hits.length;
    const inside = await post(t.app, '/api/imports', owner.headers, { source: 'shlink', credential: TOKEN.shlink, url: 'http://intranet.test' });
    const blocked = await jobAfterRounds(inside.json<ImportJobResponse>().id);
    expect(blocked.status).toBe('failed');
    expect(blocked.counts.created).toBe(0);
    expect(standIns.shlink.server.hits.length).toBe(hits);
  });
});
