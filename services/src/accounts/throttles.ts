import { DomainError, tooManyRequests } from '../commands/domain-error.ts';
import { perPlatform } from '../platform/per-platform.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import { whenAgain } from '../throttling/when-again.ts';

const FIFTEEN_MINUTES_MS = 15 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

export { whenAgain };

const tooManyFailures = (waitMs: number) =>
  tooManyRequests(`Too many failed sign-in attempts. Please try again ${whenAgain(waitMs)}, or reset your password.`, waitMs);

/** Milliseconds on the platform's monotonic clock (tests move their injected clock forward). */
type Now = () => number;

/**
 * Failed sign-ins against one account, from any address: the first FREE within an hour cost
 * nothing; from then on each failure makes the next attempt wait twice as long as the one
 * before (30 s, 1 min, 2 min … never more than 15 min), so guessing from many addresses at
 * once gets one guess per wait. It is never a lock: the wait always ends, an hour without a
 * failure forgets the count, and a completed password reset drops it at once.
 */
export class AccountBackoff {
  static readonly FREE = 10;
  static readonly FIRST_WAIT_MS = 30_000;
  static readonly LONGEST_WAIT_MS = FIFTEEN_MINUTES_MS;
  static readonly FORGET_AFTER_MS = ONE_HOUR_MS;
  private readonly failures: WindowCounter;
  private readonly waitUntil = new Map<string, number>();

  constructor(private readonly now: Now) {
    this.failures = new WindowCounter(Number.MAX_SAFE_INTEGER, AccountBackoff.FORGET_AFTER_MS, now, { slides: true });
  }

  /** How long (ms) this account's next attempt must wait; 0 when it may go now. */
  waitFor(account: string): number {
    if (this.failures.count(account) < AccountBackoff.FREE) return 0;
    // Never longer than the longest wait, whatever the clock did since the failure.
    return Math.min(AccountBackoff.LONGEST_WAIT_MS, Math.max(0, (this.waitUntil.get(account) ?? 0) - this.now()));
  }

  failed(account: string): void {
    const failures = this.failures.add(account);
    if (failures < AccountBackoff.FREE) return;
    const wait = Math.min(AccountBackoff.FIRST_WAIT_MS * 2 ** (failures - AccountBackoff.FREE), AccountBackoff.LONGEST_WAIT_MS);
    this.waitUntil.delete(account); // re-inserted last, so the oldest entries are the ones dropped when full
    this.waitUntil.set(account, this.now() + wait);
    if (this.waitUntil.size > WindowCounter.MAX_KEYS) this.waitUntil.delete(this.waitUntil.keys().next().value!);
  }

  clear(account: string): void {
    this.failures.delete(account);
    this.waitUntil.delete(account);
  }
}

/**
 * Slows password guessing without handing anyone a way to lock the owner out for good:
 * 5 failed sign-ins per (account, network) and 20 per network in 15 minutes, then that pair
 * or that network is refused until the window ends; and per account from everywhere, a
 * growing wait after 10 failures (AccountBackoff). A network is an IPv4 address or an IPv6
 * /64 (addressKey: one subscriber usually holds a whole /64). A completed password reset
 * clears every count against the account. Counts live in this process's memory, so each
 * API replica counts on its own.
 */
export class LoginThrottle {
  static readonly PER_ACCOUNT_AND_ADDRESS = 5;
  static readonly PER_ADDRESS = 20;
  private readonly pair: WindowCounter;
  private readonly address: WindowCounter;
  private readonly account: AccountBackoff;
  /** Bumped by a password reset: the account's earlier (account, network) counts no longer apply. */
  private readonly generations = new Map<string, number>();

  constructor(now: Now) {
    this.pair = new WindowCounter(LoginThrottle.PER_ACCOUNT_AND_ADDRESS, FIFTEEN_MINUTES_MS, now);
    this.address = new WindowCounter(LoginThrottle.PER_ADDRESS, FIFTEEN_MINUTES_MS, now);
    this.account = new AccountBackoff(now);
  }

  private pairKey(email: string, ip: string): string {
    return `${email}\n${this.generations.get(email) ?? 0}\n${addressKey(ip)}`;
  }

  /** Throws a 429 with Retry-After when this account, this account from this network, or this network has failed too often. */
  check(email: string, ip: string): Promise<void> {
    const wait = Math.max(this.account.waitFor(email), this.pair.waitFor(this.pairKey(email, ip)), this.address.waitFor(addressKey(ip)));
    return wait > 0 ? Promise.reject(tooManyFailures(wait)) : Promise.resolve();
  }

  failed(email: string, ip: string): Promise<void> {
    this.pair.add(this.pairKey(email, ip));
    this.address.add(addressKey(ip));
    this.account.failed(email);
    return Promise.resolve();
  }

  /** A correct password clears that pair's count (not the network's: one network, many accounts; not the account's: see AccountBackoff). */
  succeeded(email: string, ip: string): Promise<void> {
    this.pair.delete(this.pairKey(email, ip));
    return Promise.resolve();
  }

  /** A completed reset proves the owner: every count against the account is dropped. */
  passwordReset(email: string): void {
    this.generations.set(email, (this.generations.get(email) ?? 0) + 1);
    this.account.clear(email);
  }
}

/** One sign-in throttle per running platform, shared by sign-in and password reset; it counts time on the platform's monotonic clock. */
export const loginThrottle = perPlatform((platform) => new LoginThrottle(platform.monotonic));

/**
 * Slows mass account creation: REGISTRATIONS_PER_IP sign-ups per network (an IPv4 address
 * or an IPv6 /64) per hour (0 turns it off). Only requests that could create an account count.
 */
export class RegistrationThrottle {
  private readonly limiter: WindowCounter | null;
  constructor(perHour: number, now: Now) {
    this.limiter = perHour > 0 ? new WindowCounter(perHour, ONE_HOUR_MS, now) : null;
  }

  take(ip: string): Promise<void> {
    const wait = this.limiter?.take(addressKey(ip)) ?? 0;
    return wait > 0
      ? Promise.reject(tooManyRequests(`Too many accounts were created from your address. Please try again ${whenAgain(wait)}.`, wait))
      : Promise.resolve();
  }
}

/** Keeps the mail links from becoming a way to flood someone's inbox: 5 messages per address per hour. */
export class MailThrottle {
  static readonly PER_ADDRESS = 5;
  private readonly limiter: WindowCounter;
  constructor(now: Now) {
    this.limiter = new WindowCounter(MailThrottle.PER_ADDRESS, ONE_HOUR_MS, now);
  }

  /** Counts one message; resolves with 0 when it may go, else how long (ms) until one may. */
  take(email: string): Promise<number> {
    return Promise.resolve(this.limiter.take(email));
  }

  static refusal(waitMs: number): DomainError {
    return tooManyRequests(`Too many emails were sent to this address. Please try again ${whenAgain(waitMs)}.`, waitMs);
  }
}
