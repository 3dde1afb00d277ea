import { UNLIMITED, formatLimit } from '@linkledger/contracts';
import { currentLimits } from '../billing/index.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import { forbidden, tooManyRequests } from '../commands/domain-error.ts';
import type { Monotonic } from '../platform/monotonic.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';

/** A user's API calls per minute (their plan's, or an admin's custom figure); -1 is unlimited. */
type ApiCallsPerMinute = (userId: number) => Promise<number>;

export const NO_API_CALLS = 'Your plan includes no API calls. Upgrade your plan on the pricing page to use the API.';

const rateLimitReached = (limit: number, seconds: number) =>
  `API rate limit of ${formatLimit(limit)} calls per minute reached for your plan. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Counts API-key calls per user (all of a user's keys share the count) in one-minute
 * windows, on the platform's monotonic clock (a wall clock stepped back holds no one out).
 * Counts live in this process's memory, so each API replica counts on its own.
 * Bearer-token calls from the web app are not counted.
 */
export class ApiRateLimiter {
  // One counter per distinct limit: plans have a handful, and a plan change moves the user to its own window.
  private readonly byLimit = new Map<number, WindowCounter>();

  constructor(
    private readonly callsPerMinute: ApiCallsPerMinute,
    private readonly now: Monotonic,
  ) {}

  /** Counts one call; throws 429 with Retry-After (seconds) once the minute's calls are spent. */
  async take(userId: number): Promise<void> {
    const limit = await this.callsPerMinute(userId);
    if (limit === UNLIMITED) return;
    if (limit <= 0) throw forbidden(NO_API_CALLS);
    const waitMs = this.counter(limit).take(String(userId));
    if (waitMs > 0) throw tooManyRequests(rateLimitReached(limit, Math.max(1, Math.ceil(waitMs / 1000))), waitMs);
  }

  private counter(limit: number): WindowCounter {
    let counter = this.byLimit.get(limit);
    if (!counter) this.byLimit.set(limit, (counter = new WindowCounter(limit, 60_000, this.now)));
    return counter;
  }
}

/** The API rate limiter of this process's platform; by default each user's plan sets the limit. */
export const apiRateLimiter = perPlatform(
  (platform) => new ApiRateLimiter(async (userId) => (await currentLimits(platform, userId)).api_calls_per_minute, platform.monotonic),
);

/** Replaces where the limit comes from (and starts counting afresh): for tests, or another source of limits. */
export function useApiCallsPerMinute(platform: Platform, callsPerMinute: ApiCallsPerMinute): void {
  apiRateLimiter.set(platform, new ApiRateLimiter(callsPerMinute, platform.monotonic));
}
