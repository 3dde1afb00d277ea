import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, tooManyRequests } from '../commands/domain-error.ts';
import { perPlatform } from '../platform/per-platform.ts';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/** "in 1 minute", "in 14 minutes": when a throttled caller may try again. */
export function whenAgain(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const exhausted = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);

/**
 * Slows password guessing without handing anyone a way to lock the owner out: 5 failed
 * sign-ins per (account, address) and 20 per address in 15 minutes, then that pair or that
 * address is refused until the window passes. The right password from another address
 * still works, and a completed password reset clears the account's counts. Counts live in
 * this process's memory, so each API replica counts on its own.
 */
export class LoginThrottle {
  static readonly PER_ACCOUNT_AND_ADDRESS = 5;
  static readonly PER_ADDRESS = 20;
  private readonly pair = new RateLimiterMemory({ keyPrefix: 'login-pair', points: LoginThrottle.PER_ACCOUNT_AND_ADDRESS, duration: FIFTEEN_MINUTES });
  private readonly address = new RateLimiterMemory({ keyPrefix: 'login-ip', points: LoginThrottle.PER_ADDRESS, duration: FIFTEEN_MINUTES });
  /** Bumped by a password reset: the account's earlier (account, address) counts no longer apply. */
  private readonly generations = new Map<string, number>();

  private pairKey(email: string, ip: string): string {
    return `${email}\n${this.generations.get(email) ?? 0}\n${ip}`;
  }

  /** Throws a 429 with Retry-After when this account from this address, or this address, has failed too often. */
  async check(email: string, ip: string): Promise<void> {
    const [byPair, byAddress] = await Promise.all([this.pair.get(this.pairKey(email, ip)), this.address.get(ip)]);
    const wait = Math.max(exhausted(byPair, LoginThrottle.PER_ACCOUNT_AND_ADDRESS), exhausted(byAddress, LoginThrottle.PER_ADDRESS));
    if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Please try again ${whenAgain(wait)}, or reset your password.`, wait);
  }

  async failed(email: string, ip: string): Promise<void> {
    // consume() rejects once the points are spent; the count is what matters here.
    await Promise.all([this.pair.consume(this.pairKey(email, ip)).catch(() => undefined), this.address.consume(ip).catch(() => undefined)]);
  }

  /** A correct password clears that pair's count (not the address's: one IP, many accounts). */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.pair.delete(this.pairKey(email, ip));
  }

  /** A completed reset proves the owner: every address's count against the account is dropped. */
  passwordReset(email: string): void {
    this.generations.set(email, (this.generations.get(email) ?? 0) + 1);
  }
}

/** One sign-in throttle per running platform, shared by sign-in and password reset. */
export const loginThrottle = perPlatform(() => new LoginThrottle());

/**
 * Slows mass account creation: REGISTRATIONS_PER_IP sign-ups per address per hour (0 turns it
 * off). Only requests that could create an account count.
 */
export class RegistrationThrottle {
  private readonly limiter: RateLimiterMemory | null;
  constructor(perHour: number) {
    this.limiter = perHour > 0 ? new RateLimiterMemory({ keyPrefix: 'register-ip', points: perHour, duration: ONE_HOUR }) : null;
  }

  async take(ip: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(ip);
    } catch (refused) {
      const wait = (refused as RateLimiterRes).msBeforeNext;
      throw tooManyRequests(`Too many accounts were created from your address. Please try again ${whenAgain(wait)}.`, wait);
    }
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

  static refusal(waitMs: number): DomainError {
    return tooManyRequests(`Too many emails were sent to this address. Please try again ${whenAgain(waitMs)}.`, waitMs);
  }
}
