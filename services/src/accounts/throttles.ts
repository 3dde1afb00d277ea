import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../platform/http-errors.ts';

const FIFTEEN_MINUTES = 15 * 60;

/** "in 1 minute", "in 14 minutes": when a throttled caller may try again. */
function whenAgain(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyRequests(detail: string, retryAfterMs: number): HttpError {
  return new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

const exhausted = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);

/**
 * Slows password guessing: 5 failed sign-ins per account and 20 per address (IP) in 15
 * minutes, then that account or address is refused until the window passes. Counts live in
 * this process's memory, so each API replica counts on its own.
 */
export class LoginThrottle {
  static readonly PER_ACCOUNT = 5;
  static readonly PER_IP = 20;
  private readonly account = new RateLimiterMemory({ keyPrefix: 'login-account', points: LoginThrottle.PER_ACCOUNT, duration: FIFTEEN_MINUTES });
  private readonly ip = new RateLimiterMemory({ keyPrefix: 'login-ip', points: LoginThrottle.PER_IP, duration: FIFTEEN_MINUTES });

  /** Throws a 429 with Retry-After when either the account or the address has failed too often. */
  async check(email: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([this.account.get(email), this.ip.get(ip)]);
    const wait = Math.max(exhausted(byAccount, LoginThrottle.PER_ACCOUNT), exhausted(byIp, LoginThrottle.PER_IP));
    if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Please try again ${whenAgain(wait)}, or reset your password.`, wait);
  }

  async failed(email: string, ip: string): Promise<void> {
    // consume() rejects once the points are spent; the count is what matters here.
    await Promise.all([this.account.consume(email).catch(() => undefined), this.ip.consume(ip).catch(() => undefined)]);
  }

  /** A correct password clears the account's count (not the address's: one IP, many accounts). */
  async succeeded(email: string): Promise<void> {
    await this.account.delete(email);
  }
}

/** Keeps the mail links from becoming a way to flood someone's inbox: 5 messages per address per hour. */
export class MailThrottle {
  static readonly PER_ADDRESS = 5;
  private readonly limiter = new RateLimiterMemory({ keyPrefix: 'mail-to', points: MailThrottle.PER_ADDRESS, duration: 60 * 60 });

  /** Counts one message; resolves with 0 when it may go, else how long (ms) until one may. */
  async take(email: string): Promise<number> {
    try {
      await this.limiter.consume(email);
      return 0;
    } catch (refused) {
      return (refused as RateLimiterRes).msBeforeNext;
    }
  }

  static refusal(waitMs: number): HttpError {
    return tooManyRequests(`Too many emails were sent to this address. Please try again ${whenAgain(waitMs)}.`, waitMs);
  }
}
