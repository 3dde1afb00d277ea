import { z } from 'zod';
import type { ImportedLink, ImportPage, ImportSource } from '../import-source.ts';
import { ImportSourceError } from './import-source-error.ts';
import { codeOf, countOf, importedTitle, isoInstant } from './imported-text.ts';
import { apiAddress, requestJson, type SourceClient } from './source-request.ts';

const LINKS_PER_PAGE = 100;
const API_FILE = 'yourls-api.php';

/** YOURLS answers counts as strings (PHP) or numbers, depending on the version. */
const Count = z.union([z.string(), z.number()]).nullish();

const YourlsLink = z.object({
  shorturl: z.string().min(1),
  url: z.string(),
  title: z.string().nullish(),
  timestamp: z.string().nullish(),
  clicks: Count,
});

/** `links` is an object keyed link_1, link_2, …; absent or an empty list when there are none. */
const StatsPage = z.object({
  links: z.union([z.record(z.string(), YourlsLink), z.array(YourlsLink)]).nullish(),
  stats: z.object({ total_links: Count }).nullish(),
});

/** Where a job is: the offset of the next page, and the first link of the page before it (to notice a YOURLS that ignores `start`). */
const Cursor = z.object({ start: z.number().int().nonnegative(), previousFirst: z.string() });

/**
 * A YOURLS install through its API with the user's signature token (docs/import.md#yourls):
 * `action=stats&filter=last`, a page at a time by `start`, until a short page. Click counts only.
 */
export function yourlsSource(baseUrl: string, client: SourceClient, signature: string): ImportSource {
  // The user may give the install's address or its API file's.
  const api = baseUrl.replace(/\/+$/, '').endsWith(`/${API_FILE}`) ? new URL(baseUrl) : apiAddress(baseUrl, `/${API_FILE}`);

  return {
    name: 'yourls',
    async page(cursor: string | null): Promise<ImportPage> {
      const at = cursor === null ? null : readCursor(cursor);
      const start = at?.start ?? 0;
      const address = new URL(api);
      for (const [name, value] of Object.entries({ action: 'stats', filter: 'last', limit: LINKS_PER_PAGE, start, format: 'json', signature }))
        address.searchParams.set(name, String(value));
      const answer = await requestJson(client, address, StatsPage);
      const listed = Object.values(answer.links ?? {});
      if (at !== null && listed[0]?.shorturl === at.previousFirst)
        throw new ImportSourceError(
          'yourls',
          'source_failed',
          'This YOURLS answers the same first page again: it is too old to page through its links. Update YOURLS, or export its links as CSV and import the file.',
        );
      const total = countOf(answer.stats?.total_links);
      return {
        links: listed.map(importedLink),
        next: listed.length < LINKS_PER_PAGE ? null : JSON.stringify({ start: start + listed.length, previousFirst: listed[0]!.shorturl }),
        ...(answer.stats?.total_links != null ? { total } : {}),
      };
    },
  };
}

function readCursor(cursor: string): z.infer<typeof Cursor> | null {
  try {
    return Cursor.parse(JSON.parse(cursor));
  } catch {
    return null;
  }
}

/** A YOURLS link in our terms; its one domain is the source's default (null). Timestamps have no zone there and are read as UTC. */
const importedLink = (link: z.infer<typeof YourlsLink>): ImportedLink => ({
  shortUrl: link.shorturl,
  code: codeOf(link.shorturl),
  domain: null,
  destination: link.url,
  title: importedTitle(link.title),
  tags: [],
  createdAt: isoInstant(link.timestamp),
  startsAt: null,
  expiresAt: null,
  maxClicks: null,
  clicks: countOf(link.clicks),
  visits: [],
});
