import { startStandIn, wholeNumber, type StandIn } from './stand-in-server.ts';

/** A link as Kutt's API v2 lists it. */
export interface KuttLink {
  id: string;
  address: string;
  banned: boolean;
  created_at: string;
  updated_at: string;
  description: string | null;
  expire_in: string | null;
  password: boolean;
  target: string;
  visit_count: number;
  domain: string | null;
  link: string;
}

/** Kutt's API v2 as the importer reads it: `GET /api/v2/links` paged by `limit` and `skip` (at most 50); the API key (and the importer's user agent) checked. */
export function startKuttStandIn(apiKey: string, links: KuttLink[]): Promise<StandIn> {
  return startStandIn(({ url, headers }) => {
    if (headers['x-api-key'] !== apiKey || !headers['user-agent']?.includes('LinkledgerImporter'))
      return { answer: { status: 401, body: { error: 'Unauthorized.' } }, page: null };
    if (url.pathname !== '/api/v2/links') return { answer: { status: 404, body: { error: 'Not found.' } }, page: null };
    const limit = Math.min(50, Math.max(1, wholeNumber(url.searchParams.get('limit'), 10)));
    const skip = wholeNumber(url.searchParams.get('skip'), 0);
    return { answer: { status: 200, body: { limit, skip, total: links.length, data: links.slice(skip, skip + limit) } }, page: Math.floor(skip / limit) + 1 };
  });
}
