import { describe, expect, it } from 'vitest';
import { DomainError } from '../commands/domain-error.ts';
import { ApiRateLimiter, NO_API_CALLS } from './rate-limit.ts';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as DomainError,
  );

describe('API rate limiter', () => {
  it('allows the limit per user and minute, then refuses with 429 and Retry-After', async () => {
    const limiter = new ApiRateLimiter(
      async () => 3,
      () => 0,
    );
    for (let i = 0; i < 3; i++) await limiter.take(1);
    const error = await refusal(limiter.take(1));
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.refusal).toBe('too_many_requests');
    expect(error?.retryAfterMs).toBeGreaterThanOrEqual(58_000);
    expect(error?.detail).toMatch(/^API rate limit of 3 calls per minute reached for your plan\. Try again in (59|60) seconds\.$/);
    await limiter.take(2); // another user has their own count
  });

  it('follows a changed limit (a plan change), and -1 is unlimited', async () => {
    let limit = 1;
    const limiter = new ApiRateLimiter(
      async () => limit,
      () => 0,
    );
    await limiter.take(1);
    expect((await refusal(limiter.take(1)))?.refusal).toBe('too_many_requests');
    limit = -1;
    for (let i = 0; i < 500; i++) await limiter.take(1);
    limit = 10_000;
    expect(await refusal(limiter.take(1))).toBeNull();
  });

  it('refuses every call when the plan includes none', async () => {
    const error = await refusal(
      new ApiRateLimiter(
        async () => 0,
        () => 0,
      ).take(1),
    );
    expect(error).toMatchObject({ refusal: 'forbidden', detail: NO_API_CALLS });
  });

  it('given a clock stepped back two hours, a spent minute still ends a minute after it began', async () => {
    let now = 7_200_000;
    const limiter = new ApiRateLimiter(
      async () => 2,
      () => now,
    );
    await limiter.take(1);
    await limiter.take(1);
    now -= 7_200_000;
    const error = await refusal(limiter.take(1));
    expect(error?.retryAfterMs).toBeLessThanOrEqual(60_000);
    now += 60_000;
    expect(await refusal(limiter.take(1))).toBeNull();
  });
});
