// Shlink's SDK ships declarations whose re-exports name files without their extension, which
// NodeNext resolution does not follow: its entry points are declared here, with the parts
// the tests use (the package's own types describe the rest).
declare module '@shlinkio/shlink-js-sdk' {
  type Visit = { referer: string; date: string; userAgent: string; potentialBot: boolean; visitLocation: { countryCode: string | null } | null };
  type Pagination = { currentPage: number; pagesCount: number; totalItems: number };
  type ShortUrl = {
    shortCode: string;
    shortUrl: string;
    longUrl: string;
    dateCreated: string;
    domain: string | null;
    title?: string | null;
    tags: string[];
    visitsSummary: { total: number; nonBots: number; bots: number };
    meta: { validSince: string | null; validUntil: string | null; maxVisits: number | null };
  };
  type Identifier = { shortCode: string; domain?: string | null };
  type Edit = { longUrl?: string; title?: string | null; tags?: string[]; validSince?: string | null; validUntil?: string | null; maxVisits?: number | null };
  type Summary = { total: number; nonBots: number; bots: number };
  export class ShlinkApiClient {
    constructor(httpClient: unknown, serverInfo: { baseUrl: string; apiKey: string });
    listShortUrls(params?: {
      page?: string;
      itemsPerPage?: number;
      searchTerm?: string;
      tags?: string[];
      tagsMode?: 'all' | 'any';
      orderBy?: { field?: string; dir?: 'ASC' | 'DESC' };
    }): Promise<{ data: ShortUrl[]; pagination: Pagination }>;
    createShortUrl(data: Edit & { longUrl: string; customSlug?: string; domain?: string; findIfExists?: boolean }): Promise<ShortUrl>;
    getShortUrl(id: Identifier): Promise<ShortUrl>;
    updateShortUrl(id: Identifier, data: Edit): Promise<ShortUrl>;
    deleteShortUrl(id: Identifier): Promise<void>;
    getShortUrlVisits(
      id: Identifier,
      params?: { page?: number; itemsPerPage?: number; excludeBots?: boolean },
    ): Promise<{ data: Visit[]; pagination: Pagination }>;
    getVisitsOverview(): Promise<{ nonOrphanVisits: Summary; orphanVisits: Summary }>;
    listTags(): Promise<{ data: string[] }>;
    tagsStats(): Promise<{ data: { tag: string; shortUrlsCount: number; visitsSummary: Summary }[] }>;
    deleteTags(tags: string[]): Promise<{ tags: string[] }>;
    editTag(renaming: { oldName: string; newName: string }): Promise<{ oldName: string; newName: string }>;
    listDomains(): Promise<{ data: { domain: string; isDefault: boolean; redirects: unknown }[]; defaultRedirects: unknown }>;
    health(): Promise<{ status: 'pass' | 'fail'; version: string }>;
  }
}
declare module '@shlinkio/shlink-js-sdk/fetch' {
  export class FetchHttpClient {
    constructor(fetch?: typeof globalThis.fetch);
  }
}
