import { createHmac } from 'node:crypto';
import geoip from 'geoip-country';
import type { DailySalts } from './daily-salts.ts';

/** ISO country code of an IP from the bundled database, or '' when unknown or private. */
export function countryOf(ip: string): string {
  return geoip.lookup(ip)?.country ?? '';
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
  private day = '';
  private salt: Buffer = Buffer.alloc(0);
  private readonly known = new Map<string, string>();

  constructor(private readonly salts: Pick<DailySalts, 'saltFor'>) {}

  hash(ip: string, userAgent: string, now: Date): string {
    const day = now.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.salt = this.salts.saltFor(day);
      this.day = day;
      this.known.clear();
    }
    const key = `${ip}\n${userAgent}`;
    let hash = this.known.get(key);
    if (hash === undefined) {
      hash = createHmac('sha256', this.salt).update(ip).update('\n').update(userAgent).digest('base64url').slice(0, 22);
      if (this.known.size >= HASH_CACHE_SIZE) this.known.clear();
      this.known.set(key, hash);
    }
    return hash;
  }
}
