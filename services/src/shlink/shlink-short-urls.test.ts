import { describe, expect, it } from 'vitest';
import type { LinkResponse } from '@linkledger/contracts';
import type { LinkView } from '@linkledger/projections';
import { createBodyOf, pagination, paging, shlinkDate, shlinkShortUrl, shlinkSort, tagsFilterOf, updateBodyOf, withTags } from './shlink-short-urls.ts';

// How the Shlink-compatible API maps between Shlink's shapes and ours (docs/developer-api.md#shlink-compatible-api).
describe('Shlink’s shapes and ours', () => {
  it('answers a link in Shlink’s shape, its tags by name and its controls as validity and cap', () => {
    const answer = {
      short_code: 'diwali',
      short_url: 'https://lnk.example/diwali',
      original_url: 'https://example.com/sale',
      created_at: '2026-11-20T10:00:00.123Z',
      total_clicks: 7,
      tags: ['sale', 'diwali'],
      starts_at: null,
      expires_at: '2026-12-01T00:00:00.000Z',
      max_clicks: 500,
      title: '',
    } as unknown as LinkResponse;
    const link = { custom_domain: 'go.example.in', rules: [], variants: [{ url: 'https://example.com/b', weight: 50 }] } as unknown as LinkView;
    expect(shlinkShortUrl(answer, link)).toMatchObject({
      shortCode: 'diwali',
      dateCreated: '2026-11-20T10:00:00+00:00',
      visitsSummary: { total: 7, nonBots: 7, bots: 0 },
      tags: ['sale', 'diwali'],
      meta: { validSince: null, validUntil: '2026-12-01T00:00:00+00:00', maxVisits: 500 },
      domain: 'go.example.in',
      title: null,
      hasRedirectRules: true,
    });
  });

  it('puts a Shlink body in our shape: null on creation is absent, null on an edit clears', () => {
    expect(
      createBodyOf({ longUrl: 'https://example.com/a', tags: [], validUntil: null, maxVisits: null, title: null, domain: 'LNK.example' }, 'lnk.example'),
    ).toEqual({
      original_url: 'https://example.com/a',
      title: '',
      description: '',
    });
    expect(updateBodyOf({ title: null, validUntil: null, maxVisits: null })).toEqual({ title: '', expires_at: null, max_clicks: null });
  });

  it('filters on tags, any or all, from tags[] or tags', () => {
    const filter = tagsFilterOf({ 'tags[]': ['sale', 'diwali'], tagsMode: 'all' })!;
    expect(filter).toEqual({ tags: ['sale', 'diwali'], mode: 'all' });
    expect(withTags(filter)({ tags: ['diwali', 'sale', 'x'] })).toBe(true);
    expect(withTags(filter)({ tags: ['sale'] })).toBe(false);
    expect(withTags(tagsFilterOf({ tags: 'sale' })!)({ tags: ['sale'] })).toBe(true);
    expect(tagsFilterOf({})).toBeNull();
  });

  it('pages and sorts as Shlink does', () => {
    expect(paging({ page: 3, itemsPerPage: 20 })).toEqual({ page: 3, itemsPerPage: 20, skip: 40 });
    expect(paging({ itemsPerPage: -1 })).toMatchObject({ page: 1, itemsPerPage: 1000 });
    expect(pagination(3, 20, 45)).toMatchObject({ currentPage: 3, pagesCount: 3, itemsInCurrentPage: 5, totalItems: 45 });
    expect(shlinkSort('visits-DESC')[0]).toEqual({ field: 'total_clicks', direction: 'desc' });
    expect(shlinkSort('title-ASC')[0]).toEqual({ field: 'title_key', direction: 'asc' });
    expect(() => shlinkSort('owner_id-ASC')).toThrow(/orderBy/);
    expect(shlinkDate('2026-11-20T15:30:00+05:30')).toBe('2026-11-20T10:00:00+00:00');
  });
});
