/** The public API's calls as the endpoints tab lists them (services/src/api-keys, links/routes.ts). */

interface EndpointDoc {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  auth: string;
  params: { name: string; where: 'body' | 'query' | 'path'; text: string }[];
  responses: { status: string; text: string }[];
}

const RATE_LIMITED = { status: '429', text: 'Your plan’s calls per minute are used up; the Retry-After header says how many seconds to wait.' };
const NO_KEY = { status: '401', text: 'No key, or a wrong or replaced key.' };
const INACTIVE = { status: '403', text: 'The account the key belongs to is not active.' };

export const ENDPOINTS: EndpointDoc[] = [
  {
    method: 'POST',
    path: '/api/urls/api',
    summary: 'Create a short link. It is listed under API URLs on your dashboard.',
    auth: 'X-API-Key header',
    params: [
      { name: 'original_url', where: 'body', text: 'Required. The address to shorten, starting with http:// or https:// (up to 2,048 characters).' },
      { name: 'title', where: 'body', text: 'Optional, up to 255 characters.' },
      { name: 'description', where: 'body', text: 'Optional, up to 2,000 characters.' },
      { name: 'short_code', where: 'body', text: 'Optional code of your choice: 3 to 32 letters, digits, hyphens or underscores.' },
      {
        name: 'custom_domain, trai_header',
        where: 'body',
        text: 'Optional place: one of your verified custom domains and/or TRAI headers. Send neither and the link goes to your active domain and header; send both as null for this site’s own address.',
      },
    ],
    responses: [
      { status: '201', text: 'The new link: id, short_code, short_url, original_url, title, total_clicks, created_at …' },
      { status: '400', text: 'A field is invalid; detail says which.' },
      NO_KEY,
      { status: '403', text: 'Your plan’s monthly link limit is reached (or the account is not active).' },
      { status: '409', text: 'The short_code is already taken.' },
      RATE_LIMITED,
    ],
  },
  {
    method: 'GET',
    path: '/api/urls',
    summary: 'List your links, filtered, sorted and paged.',
    auth: 'X-API-Key header',
    params: [
      { name: 'skip, limit', where: 'query', text: 'Paging: skip from 0, limit 1 to 100 (default 10).' },
      { name: 'search', where: 'query', text: 'Part of the title, destination or short code.' },
      { name: 'created_via', where: 'query', text: 'manual or api.' },
      { name: 'sort_by', where: 'query', text: 'newest (default), oldest, clicks or title.' },
      { name: 'date_from, date_to', where: 'query', text: 'Created on or between these days (YYYY-MM-DD, UTC).' },
      { name: 'include_counts', where: 'query', text: 'true answers { urls, total, manual, api } instead of a plain list.' },
    ],
    responses: [{ status: '200', text: 'A list of links.' }, { status: '400', text: 'A query parameter is invalid.' }, NO_KEY, INACTIVE, RATE_LIMITED],
  },
  {
    method: 'GET',
    path: '/api/urls/{id}/analytics',
    summary: 'Click analytics of one of your links (human clicks only).',
    auth: 'X-API-Key header',
    params: [
      { name: 'id', where: 'path', text: 'The link’s id.' },
      {
        name: 'date_from, date_to',
        where: 'query',
        text: 'Optional days (YYYY-MM-DD, UTC), at most 366 apart; by default the daily series covers the last 30 days.',
      },
    ],
    responses: [
      {
        status: '200',
        text: 'total_clicks, clicks_today, clicks_this_week, clicks_this_month, clicks_by_date, top_referrers (scans without a referrer as "QR code"), top_countries, devices, browsers, operating_systems, unique_visitors, qr_scans, shares (clicks per share channel: the short URL with ?src=whatsapp, email, x, linkedin, facebook, telegram, copy or native), by_rule and by_variant (clicks and unique visitors per targeting rule and A/B variant, with the destination each sent to).',
      },
      { status: '400', text: 'Invalid dates, or a range longer than 366 days.' },
      NO_KEY,
      INACTIVE,
      { status: '404', text: 'No such link among yours.' },
      RATE_LIMITED,
    ],
  },
  {
    method: 'GET',
    path: '/api/shorten',
    summary: 'Shorten in the compatible query-string style, for scripts written for cutt.ly.',
    auth: 'key query parameter',
    params: [
      { name: 'key', where: 'query', text: 'Your API key.' },
      { name: 'short', where: 'query', text: 'The URL-encoded address to shorten (http:// or https://).' },
      { name: 'name', where: 'query', text: 'Optional short code of your choice.' },
      { name: 'userDomain', where: 'query', text: 'Optional: 1 (or left out) for your active domain and header, 0 for this site’s own address.' },
    ],
    responses: [{ status: '200', text: 'Always, with { url: { status, … } }: read url.status below.' }, RATE_LIMITED],
  },
];
