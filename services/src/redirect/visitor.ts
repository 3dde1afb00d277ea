import { createHmac } from 'node:crypto';
import geoip from 'geoip-country';
import type { DailySalts } from './daily-salts.ts';

/** Addresses looked up lately: a returning visitor (or a busy client) costs no new search. */
const COUNTRY_CACHE_SIZE = 10_000;
const countries = new Map<string, string>();

/** ISO country code of an IP from the bundled database, or '' when unknown or private. */
export function countryOf(ip: string): string {
  let country = countries.get(ip);
  if (country === undefined) {
    country = geoip.lookup(ip)?.country ?? '';
    if (countries.size >= COUNTRY_CACHE_SIZE) countries.clear();
    countries.set(ip, country);
  }
  return country;
}

/** A click keeps this much of the user agent; the rest of an overlong one is noise or an attack. */
const MAX_USER_AGENT = 512;

/** The request's user agent as a click records it ('' when it sent none). */
export function userAgentOf(headers: Record<string, string | string[] | undefined>): string {
  const userAgent = headers['user-agent'];
  return typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : '';
}

/** Host of a Referer header, or '' for direct visits and unreadable values. */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return '';
  try {
    return new URL(referer).hostname.slice(0, 253).toLowerCase();
  } catch {
    return '';
  }
}

/** Browsers' speculative loads: answered, but not clicks. */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  if (!headers['sec-purpose'] && !headers['purpose'] && !headers['x-purpose'] && !headers['x-moz']) return false;
  const purpose = String(headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-purpose'] ?? headers['x-moz'] ?? '').toLowerCase();
  return purpose.includes('prefetch') || purpose.includes('preview') || purpose.includes('prerender');
}

/** Visitors remembered per day: a returning visitor (or a busy client) costs no new HMAC. */
const HASH_CACHE_SIZE = 10_000;

/**
 * Counts unique visitors without keeping IPs: an HMAC of IP and user agent under the day's
 * random salt (daily-salts.ts), so hashes of different days cannot be linked, and once a
 * day's salt is destroyed its hashes cannot be traced back to an address. Today's hashes are
 * memoised (bounded, emptied with the salt), which changes nothing about what is stored.
 */
export class VisitorHasher {
  /** The UTC day of the current salt, as [start, end) in ms. */
  private dayStart = 0;
  private dayEnd = 0;
  private salt: Buffer = Buffer.alloc(0);
  /** User agent → address → hash: no key is built per request. */
  private readonly known = new Map<string, Map<string, string>>();
  private size = 0;

  constructor(private readonly salts: Pick<DailySalts, 'saltFor'>) {}

  hash(ip: string, userAgent: string, now: Date): string {
    const ms = now.getTime();
    if (ms < this.dayStart || ms >= this.dayEnd) {
      const day = now.toISOString().slice(0, 10);
      this.salt = this.salts.saltFor(day);
      this.dayStart = Date.parse(day);
      this.dayEnd = this.dayStart + 86_400_000;
      this.forget();
    }
    let byAddress = this.known.get(userAgent);
    let hash = byAddress?.get(ip);
    if (hash === undefined) {
      hash = createHmac('sha256', this.salt).update(ip).update('\n').update(userAgent).digest('base64url').slice(0, 22);
      if (this.size >= HASH_CACHE_SIZE) this.forget();
      if (!byAddress || this.size === 0) this.known.set(userAgent, (byAddress = new Map()));
      byAddress.set(ip, hash);
      this.size += 1;
    }
    return hash;
  }

  private forget(): void {
    this.known.clear();
    this.size = 0;
  }
}
