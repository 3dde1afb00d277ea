import { tooManyRequests } from '../commands/domain-error.ts';
import { whenAgain } from '../accounts/index.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import type { Platform } from '../platform/platform.ts';
import { perPlatform } from '../platform/per-platform.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { WrongSecondFactorCode } from './second-factor-deciders.ts';

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * Slows guessing of second-factor codes the way the sign-in throttle slows passwords: 5
 * wrong codes per (account, network: an IPv6 /64 counts as one) and 10 per account in 15
 * minutes, then codes for that pair or account are refused until the window passes. A
 * replayed code counts as wrong. Only someone past the first factor (password, provider or
 * reset link) can spend these guesses. Counts live in this process's memory, on the
 * platform's monotonic clock.
 */
class SecondFactorThrottle {
  static readonly PER_ACCOUNT_AND_ADDRESS = 5;
  static readonly PER_ACCOUNT = 10;
  private readonly pair: WindowCounter;
  private readonly account: WindowCounter;

  constructor(now: () => number) {
    this.pair = new WindowCounter(SecondFactorThrottle.PER_ACCOUNT_AND_ADDRESS, FIFTEEN_MINUTES_MS, now);
    this.account = new WindowCounter(SecondFactorThrottle.PER_ACCOUNT, FIFTEEN_MINUTES_MS, now);
  }

  /** Throws a 429 with Retry-After while this account, from this network or at all, has had too many wrong codes. */
  check(userId: number, ip: string): void {
    const wait = Math.max(this.pair.waitFor(pairKey(userId, ip)), this.account.waitFor(String(userId)));
    if (wait > 0) throw tooManyRequests(`Too many wrong codes. Please try again ${whenAgain(wait)}.`, wait);
  }

  failed(userId: number, ip: string): void {
    this.pair.add(pairKey(userId, ip));
    this.account.add(String(userId));
  }

  /** A good code clears that pair's count. */
  succeeded(userId: number, ip: string): void {
    this.pair.delete(pairKey(userId, ip));
  }
}

const pairKey = (userId: number, ip: string) => `${userId}\n${addressKey(ip)}`;

const secondFactorThrottle = perPlatform((platform) => new SecondFactorThrottle(platform.monotonic));

/** Runs a command that checks a code: refused while throttled, a wrong code counted, a good one clearing the pair. */
export async function guardedCodeCheck<T>(platform: Platform, userId: number, ip: string, run: () => Promise<T>): Promise<T> {
  const throttle = secondFactorThrottle(platform);
  throttle.check(userId, ip);
  try {
    const result = await run();
    throttle.succeeded(userId, ip);
    return result;
  } catch (error) {
    if (error instanceof WrongSecondFactorCode) throttle.failed(userId, ip);
    throw error;
  }
}
