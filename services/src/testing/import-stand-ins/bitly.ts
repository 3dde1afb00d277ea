import { startStandIn, wholeNumber, type StandIn } from './stand-in-server.ts';

/** A bitlink as Bitly's API v4 lists it. */
export interface BitlyBitlink {
  id: string;
  link: string;
  long_url: string;
  title: string | null;
  tags: string[];
  custom_bitlinks: string[];
  created_at: string;
  archived: boolean;
}

const BITLY_GROUP = 'Bk1a2b3c4d5';

/**
 * Bitly's API v4 as the importer reads it: the user (their default group), the group's bitlinks
 * paged by an opaque `search_after`, each bitlink's click summary (402 on a plan without
 * `metrics`); the bearer token checked.
 */
export function startBitlyStandIn(token: string, bitlinks: BitlyBitlink[], clicks: Record<string, number>, { metrics = true } = {}): Promise<StandIn> {
  return startStandIn(({ url, headers }) => {
    if (headers.authorization !== `Bearer ${token}`) return { answer: { status: 403, body: { message: 'FORBIDDEN', resource: 'bitlinks' } }, page: null };
    if (url.pathname === '/v4/user') return { answer: { status: 200, body: { login: 'asha', default_group_guid: BITLY_GROUP } }, page: null };
    if (url.pathname === `/v4/groups/${BITLY_GROUP}/bitlinks`) {
      const size = wholeNumber(url.searchParams.get('size'), 50);
      const after = url.searchParams.get('search_after');
      const start = after === null ? 0 : Number(Buffer.from(after, 'base64url').toString());
      const links = bitlinks.slice(start, start + size);
      const end = start + links.length;
      const searchAfter = end < bitlinks.length ? Buffer.from(String(end)).toString('base64url') : '';
      const pagination = {
        prev: '',
        next: searchAfter === '' ? '' : `${url.pathname}?search_after=${searchAfter}`,
        size,
        page: start / size + 1,
        total: bitlinks.length,
        search_after: searchAfter,
      };
      return { answer: { status: 200, body: { links, pagination } }, page: start / size + 1 };
    }
    const summary = /^\/v4\/bitlinks\/(.+)\/clicks\/summary$/.exec(url.pathname);
    if (summary && !metrics)
      return {
        answer: { status: 402, body: { message: 'UPGRADE_REQUIRED', resource: 'bitlinks', description: 'Upgrade to access click metrics' } },
        page: null,
      };
    if (summary && url.searchParams.get('unit') === 'month' && url.searchParams.get('units') === '-1') {
      const id = decodeURIComponent(summary[1]!);
      if (!(id in clicks)) return { answer: { status: 404, body: { message: 'NOT_FOUND' } }, page: null };
      return { answer: { status: 200, body: { unit_reference: '2026-11-28T00:00:00+0000', total_clicks: clicks[id], units: -1, unit: 'month' } }, page: null };
    }
    return { answer: { status: 404, body: { message: 'NOT_FOUND' } }, page: null };
  });
}
