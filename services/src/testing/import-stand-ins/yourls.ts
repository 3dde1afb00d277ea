import { startStandIn, wholeNumber, type StandIn } from './stand-in-server.ts';

/** A link as YOURLS's API lists it: every value a string, as PHP answers them. */
export interface YourlsLink {
  shorturl: string;
  url: string;
  title: string;
  timestamp: string;
  ip: string;
  clicks: string;
}

/**
 * YOURLS's `yourls-api.php` as the importer reads it: `action=stats&filter=last` (the list as
 * given, newest first) paged by `limit` and `start`, links keyed link_1, link_2, …; the signature
 * token checked. `readsStart: false` plays a YOURLS too old to page.
 */
export function startYourlsStandIn(signature: string, links: YourlsLink[], { readsStart = true } = {}): Promise<StandIn> {
  return startStandIn(({ url }) => {
    if (url.pathname !== '/yourls-api.php') return { answer: { status: 404, body: { errorCode: 404, message: 'Not found' } }, page: null };
    if (url.searchParams.get('signature') !== signature)
      return { answer: { status: 403, body: { errorCode: 403, message: 'Please log in', callback: '' } }, page: null };
    if (url.searchParams.get('action') !== 'stats' || url.searchParams.get('filter') !== 'last' || url.searchParams.get('format') !== 'json')
      return { answer: { status: 400, body: { errorCode: 400, message: 'Unknown or missing "action" parameter' } }, page: null };
    const limit = Math.max(1, wholeNumber(url.searchParams.get('limit'), 10));
    // An older YOURLS has no `start`: every request answers the first page.
    const start = readsStart ? wholeNumber(url.searchParams.get('start'), 0) : 0;
    const listed = links.slice(start, start + limit);
    const totalClicks = links.reduce((sum, link) => sum + Number(link.clicks), 0);
    const body = {
      // PHP leaves `links` out when there are none.
      ...(listed.length > 0 ? { links: Object.fromEntries(listed.map((link, index) => [`link_${index + 1}`, link])) } : {}),
      stats: { total_links: String(links.length), total_clicks: String(totalClicks) },
      statusCode: 200,
      message: 'success',
    };
    return { answer: { status: 200, body }, page: Math.floor(start / limit) + 1 };
  });
}
