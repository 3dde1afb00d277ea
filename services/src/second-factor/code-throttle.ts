import { RateLimiterMemory } from 'rate-limiter-flexible';
import { tooManyRequests } from '../commands/domain-error.ts';
import { exhausted, whenAgain } from '../accounts/throttles.ts';
import type { Platform } from '../platform/platform.ts';
import { perPlatform } from '../platform/per-platform.ts';
import { WrongSecondFactorCode } from './decide-second-factor.ts';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Slows guessing of second-factor codes the way the sign-in throttle slows passwords: 5
 * wrong codes per (account, address) and 10 per account in 15 minutes, then codes for that
 * pair or account are refused until the window passes. A replayed code counts as wrong.
 * Only someone past the first factor (password, provider or reset link) can spend these
 * guesses. Counts live in this process's memory.
 */
export class SecondFactorThrottle {
  static readonly PER_ACCOUNT_AND_ADDRESS = 5;
  static readonly PER_ACCOUNT = 10;
  private readonly pair = new RateLimiterMemory({ keyPrefix: 'second-factor-pair', points: SecondFactorThrottle.PER_ACCOUNT_AND_ADDRESS, duration: FIFTEEN_MINUTES });
  private readonly account = new RateLimiterMemory({ keyPrefix: 'second-factor-account', points: SecondFactorThrottle.PER_ACCOUNT, duration: FIFTEEN_MINUTES });

  /** Throws a 429 with Retry-After while this account, from this address or at all, has had too many wrong codes. */
  async check(userId: number, ip: string): Promise<void> {
    const [byPair, byAccount] = await Promise.all([this.pair.get(`${userId}\n${ip}`), this.account.get(String(userId))]);
    const wait = Math.max(exhausted(byPair, SecondFactorThrottle.PER_ACCOUNT_AND_ADDRESS), exhausted(byAccount, SecondFactorThrottle.PER_ACCOUNT));
    if (wait > 0) throw tooManyRequests(`Too many wrong codes. Please try again ${whenAgain(wait)}.`, wait);
  }

  async failed(userId: number, ip: string): Promise<void> {
    // consume() rejects once the points are spent; the count is what matters here.
    await Promise.all([this.pair.consume(`${userId}\n${ip}`).catch(() => undefined), this.account.consume(String(userId)).catch(() => undefined)]);
  }

  /** A good code clears that pair's count. */
  async succeeded(userId: number, ip: string): Promise<void> {
    await this.pair.delete(`${userId}\n${ip}`);
  }
}

export const secondFactorThrottle = perPlatform(() => new SecondFactorThrottle());

/** Runs a command that checks a code: refused while throttled, a wrong code counted, a good one clearing the pair. */
export async function guardedCodeCheck<T>(platform: Platform, userId: number, ip: string, run: () => Promise<T>): Promise<T> {
  const throttle = secondFactorThrottle(platform);
  await throttle.check(userId, ip);
  try {
    const result = await run();
    await throttle.succeeded(userId, ip);
    return result;
  } catch (error) {
    if (error instanceof WrongSecondFactorCode) await throttle.failed(userId, ip);
    throw error;
  }
}
