import { z } from 'zod';
import type { ImportedLink, ImportedVisit, ImportPage, ImportSource } from '../import-source.ts';
import { countOf, countryCode, importedTags, importedTitle, importedUserAgent, isoInstant, referrerHost } from './imported-text.ts';
import { apiAddress, requestJson, type SourceClient } from './source-request.ts';

const LINKS_PER_PAGE = 50;
const VISITS_PER_PAGE = 1_000;
/** The most visits read one by one per link (the newest, as Shlink lists them first); its total count is carried whole. */
export const SHLINK_VISITS_PER_LINK = 10_000;

const Pagination = z.object({ currentPage: z.number(), pagesCount: z.number(), totalItems: z.number().nullish() });

const ShortUrl = z.object({
  shortCode: z.string().min(1),
  shortUrl: z.string(),
  longUrl: z.string(),
  dateCreated: z.string().nullish(),
  title: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  domain: z.string().nullish(),
  meta: z.object({ validSince: z.string().nullish(), validUntil: z.string().nullish(), maxVisits: z.number().nullish() }).nullish(),
  /** API v3; v2 answered `visitsCount`. */
  visitsSummary: z.object({ total: z.number() }).nullish(),
  visitsCount: z.number().nullish(),
});

const ShortUrlsPage = z.object({ shortUrls: z.object({ data: z.array(ShortUrl), pagination: Pagination }) });

const Visit = z.object({
  date: z.string(),
  referer: z.string().nullish(),
  userAgent: z.string().nullish(),
  visitLocation: z.object({ countryCode: z.string().nullish() }).nullish(),
});

const VisitsPage = z.object({ visits: z.object({ data: z.array(Visit), pagination: Pagination }) });

/**
 * A Shlink server through its REST API v3 with an API key (docs/import.md#shlink): short URLs a
 * page at a time, oldest first so links created during the import do not shift the pages, each
 * with its visits one by one up to SHLINK_VISITS_PER_LINK.
 */
export function shlinkSource(baseUrl: string, client: SourceClient): ImportSource {
  async function visitsOf(link: z.infer<typeof ShortUrl>, counted: number): Promise<ImportedVisit[]> {
    const visits: ImportedVisit[] = [];
    for (let page = 1; counted > 0 && visits.length < SHLINK_VISITS_PER_LINK; page++) {
      const query = { page, itemsPerPage: VISITS_PER_PAGE, domain: link.domain ?? null };
      const answer = await requestJson(client, apiAddress(baseUrl, `/rest/v3/short-urls/${encodeURIComponent(link.shortCode)}/visits`, query), VisitsPage);
      visits.push(...answer.visits.data.slice(0, SHLINK_VISITS_PER_LINK - visits.length).flatMap(importedVisit));
      if (answer.visits.data.length === 0 || page >= answer.visits.pagination.pagesCount) break;
    }
    return visits;
  }

  return {
    name: 'shlink',
    async page(cursor: string | null): Promise<ImportPage> {
      const page = cursor !== null && /^[1-9]\d{0,8}$/.test(cursor) ? Number(cursor) : 1;
      const query = { page, itemsPerPage: LINKS_PER_PAGE, orderBy: 'dateCreated-ASC' };
      const { shortUrls } = await requestJson(client, apiAddress(baseUrl, '/rest/v3/short-urls', query), ShortUrlsPage);
      const links: ImportedLink[] = [];
      // One link after another: a Shlink server is often small, and its visits pages are large.
      for (const link of shortUrls.data) {
        const clicks = countOf(link.visitsSummary?.total ?? link.visitsCount);
        links.push(importedShortUrl(link, clicks, await visitsOf(link, clicks)));
      }
      const { pagesCount, totalItems } = shortUrls.pagination;
      return {
        links,
        next: page < pagesCount && shortUrls.data.length > 0 ? String(page + 1) : null,
        ...(typeof totalItems === 'number' ? { total: totalItems } : {}),
      };
    },
  };
}

function importedShortUrl(link: z.infer<typeof ShortUrl>, clicks: number, visits: ImportedVisit[]): ImportedLink {
  const maxVisits = link.meta?.maxVisits;
  return {
    shortUrl: link.shortUrl,
    code: link.shortCode,
    domain: link.domain ?? null,
    destination: link.longUrl,
    title: importedTitle(link.title),
    tags: importedTags(link.tags),
    createdAt: isoInstant(link.dateCreated),
    startsAt: isoInstant(link.meta?.validSince),
    expiresAt: isoInstant(link.meta?.validUntil),
    maxClicks: typeof maxVisits === 'number' && Number.isSafeInteger(maxVisits) && maxVisits > 0 ? maxVisits : null,
    clicks,
    visits,
  };
}

/** A visit in our terms; one without a readable date is left out (it could not be placed in time). */
function importedVisit(visit: z.infer<typeof Visit>): ImportedVisit[] {
  const at = isoInstant(visit.date);
  if (at === null) return [];
  return [{ at, country: countryCode(visit.visitLocation?.countryCode), referrer: referrerHost(visit.referer), userAgent: importedUserAgent(visit.userAgent) }];
}
