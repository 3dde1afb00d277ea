import { z } from 'zod';
import type { ImportedLink, ImportPage, ImportSource } from '../import-source.ts';
import { countOf, importedTitle, isoInstant } from './imported-text.ts';
import { apiAddress, requestJson, type SourceClient } from './source-request.ts';

/** Kutt's largest page. */
const LINKS_PER_PAGE = 50;

const KuttLink = z.object({
  address: z.string().min(1),
  target: z.string(),
  description: z.string().nullish(),
  visit_count: z.union([z.number(), z.string()]).nullish(),
  created_at: z.string().nullish(),
  expire_in: z.string().nullish(),
  /** The full short address (newer Kutt); built from the server's address otherwise. */
  link: z.string().nullish(),
  /** A custom domain's name; absent or null on the server's own. */
  domain: z.string().nullish(),
});

const LinksPage = z.object({ data: z.array(KuttLink), total: z.number().nullish() });

/**
 * A Kutt server through API v2 with the user's API key (docs/import.md#kutt): links a page at a
 * time by `skip`, with their visit counts.
 */
export function kuttSource(baseUrl: string, client: SourceClient): ImportSource {
  return {
    name: 'kutt',
    async page(cursor: string | null): Promise<ImportPage> {
      const skip = cursor !== null && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
      const answer = await requestJson(client, apiAddress(baseUrl, '/api/v2/links', { limit: LINKS_PER_PAGE, skip }), LinksPage);
      const read = skip + answer.data.length;
      const more = answer.data.length > 0 && (typeof answer.total === 'number' ? read < answer.total : answer.data.length === LINKS_PER_PAGE);
      return {
        links: answer.data.map((link) => importedKuttLink(baseUrl, link)),
        next: more ? String(read) : null,
        ...(typeof answer.total === 'number' ? { total: answer.total } : {}),
      };
    },
  };
}

function importedKuttLink(baseUrl: string, link: z.infer<typeof KuttLink>): ImportedLink {
  // Kutt names a custom domain in `domain`, or only in the host of `link`.
  const linkHost = link.link && URL.canParse(link.link) ? new URL(link.link).hostname : null;
  const domain = link.domain || (linkHost !== null && linkHost !== new URL(baseUrl).hostname ? linkHost : null);
  const shortUrl =
    link.link && URL.canParse(link.link) ? link.link : new URL(`/${encodeURIComponent(link.address)}`, domain ? `https://${domain}` : baseUrl).href;
  return {
    shortUrl,
    code: link.address,
    domain,
    destination: link.target,
    title: importedTitle(link.description),
    tags: [],
    createdAt: isoInstant(link.created_at),
    startsAt: null,
    expiresAt: isoInstant(link.expire_in),
    maxClicks: null,
    clicks: countOf(link.visit_count),
    visits: [],
  };
}
