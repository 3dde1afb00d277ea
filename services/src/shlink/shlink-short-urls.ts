import {
  CreateLinkBody,
  UpdateLinkBody,
  type LinkResponse,
  type Query,
  type ShlinkCreateShortUrlBody,
  type ShlinkEditShortUrlBody,
  type ShlinkShortUrlsQuery,
  type Where,
} from '@linkledger/contracts';
import type { LinkView } from '@linkledger/projections';
import type { z } from 'zod';
import { linkFilter, linkSort } from '../links/index.ts';
import { invalidData, shlinkField } from './shlink-problems.ts';

/** A moment as Shlink writes it: ISO 8601 to the second with the offset (`2026-11-28T05:00:00+00:00`). */
export const shlinkDate = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}+00:00`;

/** How many human visits a short URL has had: bots are never counted in a link's totals (docs/developer-api.md#shlink-compatible-api). */
const visitsSummary = (humans: number) => ({ total: humans, nonBots: humans, bots: 0 });

/** A link in Shlink's shape, from our answer of it (its tags by name) and its document. */
export function shlinkShortUrl(answer: LinkResponse, link: LinkView) {
  return {
    shortCode: answer.short_code,
    shortUrl: answer.short_url,
    longUrl: answer.original_url,
    deviceLongUrls: { android: null, ios: null, desktop: null },
    dateCreated: shlinkDate(answer.created_at),
    visitsSummary: visitsSummary(answer.total_clicks),
    tags: answer.tags,
    meta: {
      validSince: answer.starts_at ? shlinkDate(answer.starts_at) : null,
      validUntil: answer.expires_at ? shlinkDate(answer.expires_at) : null,
      maxVisits: answer.max_clicks,
    },
    domain: link.custom_domain,
    title: answer.title === '' ? null : answer.title,
    crawlable: false,
    forwardQuery: false,
    hasRedirectRules: (link.rules?.length ?? 0) > 0 || (link.variants?.length ?? 0) > 0,
  };
}
export type ShlinkShortUrl = ReturnType<typeof shlinkShortUrl>;

/** Our schema's refusal as Shlink's "Invalid data", its fields in Shlink's names. */
function parsedOrRefused<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => shlinkField(String(issue.path[0] ?? '')));
  throw invalidData([...new Set(fields)], parsed.error.issues[0]?.message);
}

/** The Shlink body's schedule and cap in our fields: absent stays absent, null clears. */
function controlsOf(body: Pick<ShlinkEditShortUrlBody, 'validSince' | 'validUntil' | 'maxVisits'>) {
  return {
    ...(body.validSince === undefined ? {} : { starts_at: body.validSince }),
    ...(body.validUntil === undefined ? {} : { expires_at: body.validUntil }),
    ...(body.maxVisits === undefined ? {} : { max_clicks: body.maxVisits }),
  };
}

/** A Shlink creation as our API's body, checked by our schema (`domain` is the link's custom domain, or ours when it names our host). */
export function createBodyOf(body: ShlinkCreateShortUrlBody, ourHost: string): CreateLinkBody {
  const { validSince, validUntil, maxVisits } = body;
  return parsedOrRefused(CreateLinkBody, {
    original_url: body.longUrl,
    ...(body.title ? { title: body.title } : {}),
    ...(body.customSlug === undefined ? {} : { short_code: body.customSlug }),
    ...(body.domain && body.domain.toLowerCase() !== ourHost ? { custom_domain: body.domain } : {}),
    // Shlink's clients send an empty list for a link without tags: on creation it is as good as absent, as null is.
    ...(body.tags?.length ? { tags: body.tags } : {}),
    ...controlsOf({ validSince: validSince ?? undefined, validUntil: validUntil ?? undefined, maxVisits: maxVisits ?? undefined }),
  });
}

/** A Shlink edit as our API's body: a null title removes it; null validity or cap clears it. */
export function updateBodyOf(body: ShlinkEditShortUrlBody): UpdateLinkBody {
  return parsedOrRefused(UpdateLinkBody, {
    ...(body.longUrl === undefined ? {} : { original_url: body.longUrl }),
    ...(body.title === undefined ? {} : { title: body.title ?? '' }),
    ...(body.tags === undefined ? {} : { tags: body.tags }),
    ...controlsOf(body),
  });
}

/** Shlink's `orderBy` (`field-DIR`) as our sort; without one, the newest first. */
const SORT_FIELDS: Record<string, string> = {
  dateCreated: 'created_at',
  shortCode: 'short_code',
  longUrl: 'original_url',
  title: 'title_key',
  visits: 'total_clicks',
  nonBotVisits: 'total_clicks',
};
export function shlinkSort(orderBy: string | undefined): NonNullable<Query['sort']> {
  if (!orderBy) return linkSort('newest');
  const [field = '', dir = 'ASC'] = orderBy.split('-');
  const ours = SORT_FIELDS[field];
  if (!ours || !['ASC', 'DESC'].includes(dir.toUpperCase()))
    throw invalidData(['orderBy'], `orderBy must be one of ${Object.keys(SORT_FIELDS).join(', ')}, then -ASC or -DESC`);
  const direction = dir.toUpperCase() === 'DESC' ? 'desc' : 'asc';
  return [
    { field: ours, direction },
    { field: 'id', direction },
  ];
}

/** An ISO date and time from a query, or a refusal that names the parameter. */
function instantOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw invalidData([name], `${name} must be an ISO date and time, e.g. 2026-12-31T18:30:00+05:30`);
  return new Date(at).toISOString();
}

/** The time range a list or visits query asks for, as ISO instants (either end open). */
export function shlinkRange(query: { startDate?: string | undefined; endDate?: string | undefined }) {
  return { from: instantOf('startDate', query.startDate), to: instantOf('endDate', query.endDate) };
}

/** The short-URL list's filter on the read model: search, creation time, domain. Tags are filtered on the answers (`withTags`). */
export function shlinkListFilter(workspaceId: number, query: ShlinkShortUrlsQuery, ourHost: string): Where {
  const where = linkFilter(workspaceId, { search: query.searchTerm });
  const { from, to } = shlinkRange(query);
  if (from || to) where['created_at'] = { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
  if (query.domain === 'DEFAULT' || (query.domain && query.domain.toLowerCase() === ourHost)) where['custom_domain'] = null;
  else if (query.domain) where['custom_domain'] = query.domain.toLowerCase();
  return where;
}

/** The tags a list asks for (`tags[]=a&tags[]=b`), and whether a link must carry all of them or any. */
export function tagsFilterOf(query: ShlinkShortUrlsQuery): { tags: string[]; mode: 'any' | 'all' } | null {
  const asked = [query['tags[]'], query.tags].flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  return asked.length ? { tags: asked, mode: query.tagsMode ?? 'any' } : null;
}

export const withTags = (filter: { tags: string[]; mode: 'any' | 'all' }) => (shortUrl: Pick<ShlinkShortUrl, 'tags'>) =>
  filter.mode === 'all' ? filter.tags.every((tag) => shortUrl.tags.includes(tag)) : filter.tags.some((tag) => shortUrl.tags.includes(tag));

/** Shlink's paging: 1-based pages of `itemsPerPage` (10 by default; -1 for all, here at most MAX_ITEMS_PER_PAGE). */
const MAX_ITEMS_PER_PAGE = 1000;
export function paging(query: { page?: number | undefined; itemsPerPage?: number | undefined }) {
  const page = Math.max(1, query.page ?? 1);
  const asked = query.itemsPerPage ?? 10;
  const itemsPerPage = asked < 1 ? MAX_ITEMS_PER_PAGE : Math.min(asked, MAX_ITEMS_PER_PAGE);
  return { page, itemsPerPage, skip: (page - 1) * itemsPerPage };
}

export const pagination = (page: number, itemsPerPage: number, totalItems: number) => ({
  currentPage: page,
  pagesCount: Math.ceil(totalItems / itemsPerPage),
  itemsPerPage,
  itemsInCurrentPage: Math.max(0, Math.min(itemsPerPage, totalItems - (page - 1) * itemsPerPage)),
  totalItems,
});
