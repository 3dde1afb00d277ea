import { CONTROL_CHARACTERS, TAG_NAME_MAX, TAGS_PER_LINK_MAX } from '@linkledger/contracts';

/**
 * What another shortener says is data, whatever it holds (docs/import.md#sources): free text
 * arrives as one plain line cut to our limits; markup stays as written (it is escaped wherever
 * it is shown), line breaks and other control characters become spaces.
 */

/** A link title's limit, as the links API takes it. */
const TITLE_MAX = 255;
const USER_AGENT_MAX = 512;
const REFERRER_MAX = 253;

const CONTROLS = new RegExp(`(${CONTROL_CHARACTERS.source})+`, 'gu');

/** One line of text, at most `max` characters (whole code points). */
function plainLine(value: string | null | undefined, max: number): string {
  const line = (value ?? '').replace(CONTROLS, ' ').replace(/\s+/gu, ' ').trim();
  const points = Array.from(line);
  return points.length <= max ? line : points.slice(0, max).join('').trimEnd();
}

export const importedTitle = (value: string | null | undefined) => plainLine(value, TITLE_MAX);

export const importedUserAgent = (value: string | null | undefined) => plainLine(value, USER_AGENT_MAX);

/** Tag names as plain lines within a tag's limit, each once (letter case aside), at most as many as a link carries. */
export function importedTags(values: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values ?? []) {
    const name = plainLine(value, TAG_NAME_MAX);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(name);
    if (tags.length === TAGS_PER_LINK_MAX) break;
  }
  return tags;
}

/** An instant as ISO 8601 in UTC, or null when the value is not one. Zone-less values are read as UTC. */
export function isoInstant(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const instant = new Date(typeof text === 'string' ? text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : text);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The host a visit came from: a referrer is a full address or a bare host; '' for direct visits and anything else. */
export function referrerHost(value: string | null | undefined): string {
  const referrer = (value ?? '').trim();
  if (referrer === '') return '';
  // A bare host (with a port or path) is read as a web address; another scheme's address is not one.
  const candidate = /^[a-z0-9.-]+(:\d+)?(\/.*)?$/i.test(referrer) ? `http://${referrer}` : referrer;
  const url = URL.canParse(candidate) ? new URL(candidate) : null;
  if (url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return plainLine(url.hostname, REFERRER_MAX);
  return '';
}

/** An ISO 3166 alpha-2 code in capitals, or '' when the value is not one. */
export const countryCode = (value: string | null | undefined) => (/^[A-Za-z]{2}$/.test(value ?? '') ? value!.toUpperCase() : '');

/** A count the source gives as a number or as digits (YOURLS answers strings); 0 otherwise. */
export function countOf(value: string | number | null | undefined): number {
  const count = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : 0;
}

/** A short link's code: its address's path without the leading slash, percent-decoded where that is valid. */
export function codeOf(shortUrl: string): string {
  const path = URL.canParse(shortUrl) ? new URL(shortUrl).pathname : shortUrl;
  const code = path.replace(/^\/+/, '');
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}
