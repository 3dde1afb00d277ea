import { z } from 'zod';
import type { ImportedLink, ImportPage, ImportSource } from '../import-source.ts';
import { ImportSourceError } from './import-source-error.ts';
import { codeOf, countOf, importedTags, importedTitle, isoInstant } from './imported-text.ts';
import { apiAddress, requestJson, type SourceClient } from './source-request.ts';

/** Links per page: Bitly's largest page. */
const PAGE_SIZE = 100;
/** Click summaries asked at the same time, so a page of 100 links does not take 100 round trips in a row. */
const CLICK_REQUESTS_AT_ONCE = 5;
const PLAN_WITHOUT_METRICS = 402;
/** Bitly's own short domain: links there keep the source's default domain (null). */
const BITLY_DOMAIN = 'bit.ly';

const User = z.object({ default_group_guid: z.string().min(1) });

const Bitlink = z.object({
  id: z.string().min(1),
  link: z.string().min(1),
  long_url: z.string(),
  title: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  custom_bitlinks: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
});

const BitlinksPage = z.object({
  links: z.array(Bitlink),
  pagination: z.object({ search_after: z.string().nullish(), total: z.number().nullish() }),
});

const ClicksSummary = z.object({ total_clicks: z.number() });

/** Where a job is in a Bitly account: the group read, and Bitly's marker after the last page read. */
const Cursor = z.object({ group: z.string(), after: z.string() });

/**
 * A Bitly account through API v4 (at BITLY_API_URL) with the user's access token (docs/import.md#bitly): the links
 * of the user's default group, a page at a time by Bitly's `search_after` marker, each with its
 * clicks over all time.
 */
export function bitlySource(baseUrl: string, client: SourceClient): ImportSource {
  const clicksOf = async (bitlink: string) => {
    const path = `/v4/bitlinks/${bitlink.split('/').map(encodeURIComponent).join('/')}/clicks/summary`;
    try {
      return (await requestJson(client, apiAddress(baseUrl, path, { unit: 'month', units: -1 }), ClicksSummary)).total_clicks;
    } catch (error) {
      // A plan without click metrics answers 402 (UPGRADE_REQUIRED): the links still come, with no count.
      if (error instanceof ImportSourceError && error.details.status === PLAN_WITHOUT_METRICS) return 0;
      throw error;
    }
  };

  return {
    name: 'bitly',
    async page(cursor: string | null): Promise<ImportPage> {
      const at = cursor === null ? null : readCursor(cursor);
      const group = at?.group ?? (await requestJson(client, apiAddress(baseUrl, '/v4/user'), User)).default_group_guid;
      const query = { size: PAGE_SIZE, search_after: at?.after ?? null };
      const answer = await requestJson(client, apiAddress(baseUrl, `/v4/groups/${encodeURIComponent(group)}/bitlinks`, query), BitlinksPage);
      const clicks = await inBatches(answer.links, CLICK_REQUESTS_AT_ONCE, (link) => clicksOf(link.id));
      const after = answer.pagination.search_after ?? '';
      return {
        links: answer.links.map((link, index) => importedBitlink(link, clicks[index]!)),
        next: after === '' || answer.links.length === 0 ? null : JSON.stringify({ group, after }),
        ...(typeof answer.pagination.total === 'number' ? { total: answer.pagination.total } : {}),
      };
    },
  };
}

/** A cursor this source wrote; anything else starts over rather than guessing. */
function readCursor(cursor: string): z.infer<typeof Cursor> | null {
  try {
    return Cursor.parse(JSON.parse(cursor));
  } catch {
    return null;
  }
}

/**
 * A bitlink in our terms: a custom back-half (Bitly lists them as full addresses) is the address
 * people know, so it gives the code and domain; otherwise the bitlink's own.
 */
function importedBitlink(link: z.infer<typeof Bitlink>, clicks: number): ImportedLink {
  const shortUrl = link.custom_bitlinks?.find((address) => URL.canParse(address)) ?? (URL.canParse(link.link) ? link.link : `https://${link.id}`);
  const hostname = URL.canParse(shortUrl) ? new URL(shortUrl).hostname : BITLY_DOMAIN;
  return {
    shortUrl,
    code: codeOf(shortUrl),
    domain: hostname === BITLY_DOMAIN ? null : hostname,
    destination: link.long_url,
    title: importedTitle(link.title),
    tags: importedTags(link.tags),
    createdAt: isoInstant(link.created_at),
    startsAt: null,
    expiresAt: null,
    maxClicks: null,
    clicks: countOf(clicks),
    visits: [],
  };
}

/** `work` for every item, at most `size` at a time, answers in the items' order. */
async function inBatches<Item, Answer>(items: readonly Item[], size: number, work: (item: Item) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < items.length; start += size) answers.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return answers;
}
