import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShlinkApiClient } from '@shlinkio/shlink-js-sdk';
import { shlinkSdkOf } from '../testing/shlink-sdk.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

// Shlink's own JavaScript SDK, unchanged, drives a real server of ours over HTTP
// (docs/developer-api.md#shlink-compatible-api).
describe('Shlink’s JavaScript SDK against a real server', () => {
  const now = new Date('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let base: string;
  let sdk: ShlinkApiClient;

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    const owner = await signUp(t.app, 'shlink-sdk@example.com');
    // Pro: validity and visit caps are the link_expiration feature.
    await givePlan(t.platform, owner.user.id, 'pro');
    ({ sdk, base } = await shlinkSdkOf(t, owner));
  });
  afterAll(async () => t.close());

  it('creates, lists, reads, edits and deletes short URLs, and reads their visits', async () => {
    const first = await sdk.createShortUrl({
      longUrl: 'https://example.com/launch',
      customSlug: 'sdk-launch',
      title: 'Launch',
      validUntil: '2026-12-31T00:00:00+05:30',
      maxVisits: 100,
    });
    expect(first).toMatchObject({
      shortCode: 'sdk-launch',
      longUrl: 'https://example.com/launch',
      title: 'Launch',
      dateCreated: '2026-11-20T10:00:00+00:00',
      visitsSummary: { total: 0, nonBots: 0, bots: 0 },
      meta: { validSince: null, validUntil: '2026-12-30T18:30:00+00:00', maxVisits: 100 },
      domain: null,
    });
    expect(first.shortUrl).toMatch(/\/sdk-launch$/);
    const second = await sdk.createShortUrl({ longUrl: 'https://example.com/second' });
    expect(second.shortCode).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second.title).toBeNull();

    const listed = await sdk.listShortUrls({ orderBy: { field: 'shortCode', dir: 'DESC' }, itemsPerPage: 1 });
    expect(listed.pagination).toMatchObject({ currentPage: 1, pagesCount: 2, totalItems: 2 });
    expect(listed.data.map((shortUrl) => shortUrl.shortCode)).toEqual([[first.shortCode, second.shortCode].sort().reverse()[0]]);
    const searched = await sdk.listShortUrls({ searchTerm: 'launch' });
    expect(searched.data.map((shortUrl) => shortUrl.shortCode)).toEqual(['sdk-launch']);

    const edited = await sdk.updateShortUrl({ shortCode: 'sdk-launch' }, { longUrl: 'https://example.com/launched', title: 'Launched', maxVisits: null });
    expect(edited).toMatchObject({ longUrl: 'https://example.com/launched', title: 'Launched', meta: { maxVisits: null } });
    expect(await sdk.getShortUrl({ shortCode: 'sdk-launch' })).toMatchObject({ longUrl: 'https://example.com/launched' });

    // Real redirects through the server, then the visits as Shlink shapes them.
    const visit = (agent: string, referer?: string) =>
      fetch(`${base}/sdk-launch`, { redirect: 'manual', headers: { 'user-agent': agent, ...(referer ? { referer } : {}) } });
    const redirected = await visit(PHONE, 'https://t.co/launch');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://example.com/launched');
    await visit(PHONE);
    await visit(BOT);
    await projectorsCaughtUp(t.platform);

    const visits = await sdk.getShortUrlVisits({ shortCode: 'sdk-launch' });
    expect(visits.pagination).toMatchObject({ currentPage: 1, totalItems: 3 });
    expect(visits.data).toHaveLength(3);
    expect(visits.data.filter((entry) => entry.potentialBot)).toHaveLength(1);
    expect(visits.data.map((entry) => entry.referer)).toContain('t.co');
    expect(visits.data[0]).toMatchObject({ date: '2026-11-20T10:00:00+00:00' });
    expect(visits.data.find((entry) => !entry.potentialBot)?.userAgent).toMatch(/Safari/);
    const secondPage = await sdk.getShortUrlVisits({ shortCode: 'sdk-launch' }, { page: 2, itemsPerPage: 2 });
    expect(secondPage.data).toHaveLength(1);
    expect(secondPage.pagination).toMatchObject({ currentPage: 2, pagesCount: 2, totalItems: 3 });
    const humans = await sdk.getShortUrlVisits({ shortCode: 'sdk-launch' }, { excludeBots: true });
    expect(humans.data.every((entry) => !entry.potentialBot)).toBe(true);
    expect(humans.pagination.totalItems).toBe(2);
    const overview = await sdk.getVisitsOverview();
    expect(overview).toMatchObject({ nonOrphanVisits: { total: 3, nonBots: 2, bots: 1 }, orphanVisits: { total: 0 } });
    expect((await sdk.getShortUrl({ shortCode: 'sdk-launch' })).visitsSummary).toEqual({ total: 2, nonBots: 2, bots: 0 });

    await sdk.deleteShortUrl({ shortCode: 'sdk-launch' });
    await expect(sdk.getShortUrl({ shortCode: 'sdk-launch' })).rejects.toMatchObject({
      status: 404,
      type: 'https://shlink.io/api/error/short-url-not-found',
      title: 'Short URL not found',
    });
    expect((await sdk.listShortUrls()).data.map((shortUrl) => shortUrl.shortCode)).toEqual([second.shortCode]);
  });

  it('answers health, domains and a taken slug as Shlink does', async () => {
    expect(await sdk.health()).toMatchObject({ status: 'pass' });
    const domains = await sdk.listDomains();
    expect(domains.data).toEqual([{ domain: new URL(base).host, isDefault: true, redirects: domains.defaultRedirects }]);
    await sdk.createShortUrl({ longUrl: 'https://example.com/taken', customSlug: 'sdk-taken' });
    await expect(sdk.createShortUrl({ longUrl: 'https://example.com/again', customSlug: 'sdk-taken' })).rejects.toMatchObject({
      status: 400,
      type: 'https://shlink.io/api/error/non-unique-slug',
      customSlug: 'sdk-taken',
    });
    const found = await sdk.createShortUrl({ longUrl: 'https://example.com/taken', findIfExists: true });
    expect(found.shortCode).toBe('sdk-taken');
  });
});
