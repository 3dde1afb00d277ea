import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShlinkApiClient } from '@shlinkio/shlink-js-sdk';
import { shlinkSdkOf } from '../testing/shlink-sdk.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

// Tags through the Shlink-compatible API (docs/developer-api.md#shlink-compatible-api): a
// link's tags are its names (docs/links.md#organizing-links), set on creation and edit, filtered
// on in the list, and listed with their counts.
describe('tags through Shlink’s JavaScript SDK', () => {
  let t: TestApp;
  let sdk: ShlinkApiClient;

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => new Date('2026-11-20T10:00:00.000Z') });
    const owner = await signUp(t.app, 'shlink-tags@example.com');
    ({ sdk } = await shlinkSdkOf(t, owner));
  });
  afterAll(async () => t.close());

  it('creates and edits links with tags, filters the list by any or all of them, and lists the tags with their counts', async () => {
    const launch = await sdk.createShortUrl({ longUrl: 'https://example.com/launch', customSlug: 'tag-launch', tags: ['launch', 'diwali'] });
    expect(launch.tags.sort()).toEqual(['diwali', 'launch']);
    await sdk.createShortUrl({ longUrl: 'https://example.com/promo', customSlug: 'tag-promo', tags: ['diwali'] });
    await sdk.createShortUrl({ longUrl: 'https://example.com/plain', customSlug: 'tag-plain' });

    const anyOf = await sdk.listShortUrls({ tags: ['launch', 'diwali'], tagsMode: 'any', orderBy: { field: 'shortCode', dir: 'ASC' } });
    expect(anyOf.data.map((shortUrl) => shortUrl.shortCode)).toEqual(['tag-launch', 'tag-promo']);
    expect(anyOf.pagination.totalItems).toBe(2);
    const allOf = await sdk.listShortUrls({ tags: ['launch', 'diwali'], tagsMode: 'all' });
    expect(allOf.data.map((shortUrl) => shortUrl.shortCode)).toEqual(['tag-launch']);

    const edited = await sdk.updateShortUrl({ shortCode: 'tag-plain' }, { tags: ['launch'] });
    expect(edited.tags).toEqual(['launch']);
    expect((await sdk.listTags()).data).toEqual(['diwali', 'launch']);
    const stats = await sdk.tagsStats();
    expect(stats.data).toEqual([
      { tag: 'diwali', shortUrlsCount: 2, visitsSummary: { total: 0, nonBots: 0, bots: 0 } },
      { tag: 'launch', shortUrlsCount: 2, visitsSummary: { total: 0, nonBots: 0, bots: 0 } },
    ]);
    const cleared = await sdk.updateShortUrl({ shortCode: 'tag-plain' }, { tags: [] });
    expect(cleared.tags).toEqual([]);
  });

  it('renames a tag (its links keep it under the new name) and deletes tags (their links keep the others), as Shlink does', async () => {
    await sdk.createShortUrl({ longUrl: 'https://example.com/renamed', customSlug: 'tag-renamed', tags: ['festive', 'keep'] });
    await sdk.editTag({ oldName: 'festive', newName: 'Festive 2026' });
    expect((await sdk.getShortUrl({ shortCode: 'tag-renamed' })).tags.sort()).toEqual(['Festive 2026', 'keep']);
    await expect(sdk.editTag({ oldName: 'no-such-tag', newName: 'x' })).rejects.toMatchObject({
      type: 'https://shlink.io/api/error/tag-not-found',
      status: 404,
    });
    await expect(sdk.editTag({ oldName: 'Festive 2026', newName: 'keep' })).rejects.toMatchObject({
      type: 'https://shlink.io/api/error/tag-conflict',
      status: 409,
    });

    await sdk.deleteTags(['Festive 2026', 'never-existed']);
    expect((await sdk.getShortUrl({ shortCode: 'tag-renamed' })).tags).toEqual(['keep']);
    expect((await sdk.listTags()).data).not.toContain('Festive 2026');
  });
});
