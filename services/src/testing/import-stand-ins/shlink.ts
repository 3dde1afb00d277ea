import { pageOf, startStandIn, wholeNumber, type StandIn } from './stand-in-server.ts';

/** A visit as Shlink's REST API v3 lists it. */
export interface ShlinkVisit {
  referer: string;
  date: string;
  userAgent: string;
  visitLocation: { countryCode: string; countryName: string; cityName: string } | null;
  potentialBot: boolean;
}

/** A short URL as Shlink's REST API v3 lists it. */
export interface ShlinkShortUrl {
  shortCode: string;
  shortUrl: string;
  longUrl: string;
  dateCreated: string;
  visitsSummary: { total: number; nonBots: number; bots: number };
  tags: string[];
  meta: { validSince: string | null; validUntil: string | null; maxVisits: number | null };
  domain: string | null;
  title: string | null;
  crawlable: boolean;
  forwardQuery: boolean;
}

const problem = (status: number, type: string, title: string, detail: string) => ({ status, body: { type, title, detail, status } });

/**
 * Shlink's REST API v3 as the importer reads it: short URLs (oldest first, as asked) and each
 * one's visits, both paged the way Shlink pages; the API key checked.
 */
export function startShlinkStandIn(apiKey: string, shortUrls: ShlinkShortUrl[], visits: Record<string, ShlinkVisit[]>): Promise<StandIn> {
  return startStandIn(({ url, headers }) => {
    if (headers['x-api-key'] !== apiKey)
      return {
        answer: problem(401, 'https://shlink.io/api/error/invalid-api-key', 'Invalid API key', 'Provided API key does not exist or is invalid.'),
        page: null,
      };
    const page = Math.max(1, wholeNumber(url.searchParams.get('page'), 1));
    const size = Math.max(1, wholeNumber(url.searchParams.get('itemsPerPage'), 10));
    const paged = <Item>(items: Item[]) => {
      const data = pageOf(items, page, size);
      return {
        data,
        pagination: {
          currentPage: page,
          pagesCount: Math.ceil(items.length / size),
          itemsPerPage: size,
          itemsInCurrentPage: data.length,
          totalItems: items.length,
        },
      };
    };
    if (url.pathname === '/rest/v3/short-urls') {
      const ordered =
        url.searchParams.get('orderBy') === 'dateCreated-ASC' ? [...shortUrls].sort((a, b) => a.dateCreated.localeCompare(b.dateCreated)) : shortUrls;
      return { answer: { status: 200, body: { shortUrls: paged(ordered) } }, page };
    }
    const visitsPath = /^\/rest\/v3\/short-urls\/([^/]+)\/visits$/.exec(url.pathname);
    const code = visitsPath ? decodeURIComponent(visitsPath[1]!) : null;
    const shortUrl = shortUrls.find((candidate) => candidate.shortCode === code && candidate.domain === url.searchParams.get('domain'));
    if (shortUrl) return { answer: { status: 200, body: { visits: paged(visits[shortUrl.shortUrl] ?? []) } }, page: null };
    return {
      answer: problem(404, 'https://shlink.io/api/error/short-url-not-found', 'Short URL not found', `No URL found with short code "${code}"`),
      page: null,
    };
  });
}
