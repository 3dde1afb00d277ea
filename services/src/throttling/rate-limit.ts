/** Addresses tracked at once: about 100 bytes each, so the tracker stays under ~10 MB. */
export const MAX_TRACKED_ADDRESSES = 100_000;

interface RateLimitOptions {
  /** Sustained requests per second per address. */
  perSecond: number;
  /** Requests an address may send at once before the sustained rate applies. */
  burst: number;
  /** Milliseconds; the product passes its monotonic clock, tests a fake one (a step back is tolerated too). */
  now: () => number;
  maxAddresses?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address, for the redirect path: O(1) per request, no timers,
 * no iteration. Each address holds up to `burst` tokens, refilled at `perSecond`; a
 * request takes one.
 *
 * Memory is bounded by two generations of buckets. Addresses seen in the current one are
 * looked up there; one seen only in the previous one is moved forward when it comes back.
 * The previous generation is dropped when the current one is `burst / perSecond` old (its
 * addresses have then been idle long enough to be full again, which is what a new address
 * gets: nothing is lost) or holds half the cap (a churn of new addresses: an address idle
 * for a whole generation may then get a fresh burst back early, while one that keeps
 * sending, as a flooder does, keeps moving forward and keeps its empty bucket).
 */
export class AddressRateLimiter {
  private current = new Map<string, Bucket>();
  private previous = new Map<string, Bucket>();
  private generationStart: number;
  private readonly perMs: number;
  private readonly refillMs: number;
  private readonly generationSize: number;

  constructor(private readonly options: RateLimitOptions) {
    this.perMs = options.perSecond / 1000;
    this.refillMs = options.burst / this.perMs;
    this.generationSize = Math.max(1, Math.floor((options.maxAddresses ?? MAX_TRACKED_ADDRESSES) / 2));
    this.generationStart = options.now();
  }

  /** Addresses currently tracked (an upper bound: one moved forward may be counted twice until dropped). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** 0 when the request may go on (and a token is taken); else the seconds to wait for the next token. */
  take(address: string): number {
    const now = this.options.now();
    // A clock that went back starts a new generation rather than waiting for the old one's time again.
    if (now - this.generationStart >= this.refillMs || now < this.generationStart) this.rotate(now);
    const key = addressKey(address);
    let bucket = this.current.get(key);
    if (bucket === undefined) {
      if (this.current.size >= this.generationSize) this.rotate(now);
      bucket = this.previous.get(key) ?? { tokens: this.options.burst, at: now };
      this.current.set(key, bucket);
    }
    // Time that went backwards refills nothing and takes nothing back: the bucket stays as it was.
    const tokens = bucket.tokens + Math.max(0, now - bucket.at) * this.perMs;
    bucket.tokens = tokens > this.options.burst ? this.options.burst : tokens;
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.options.perSecond));
  }

  private rotate(now: number): void {
    this.previous = this.current;
    this.current = new Map();
    this.generationStart = now;
  }
}

/**
 * The key an address is limited under: IPv4 as is (also when written IPv4-mapped), IPv6 by
 * its /64, since one host or subscriber is usually given a whole /64 and could otherwise
 * step to a fresh address for every request.
 */
export function addressKey(address: string): string {
  if (address.indexOf(':') === -1) return address;
  if (address.startsWith('::ffff:') && address.indexOf('.') !== -1) return address.slice(7);
  const zone = address.indexOf('%');
  const plain = zone === -1 ? address : address.slice(0, zone);
  const gap = plain.indexOf('::');
  let groups: string[];
  if (gap === -1) {
    groups = plain.split(':');
  } else {
    const head = gap === 0 ? [] : plain.slice(0, gap).split(':');
    const tail = gap + 2 >= plain.length ? [] : plain.slice(gap + 2).split(':');
    groups = [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  }
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
