import { describe, expect, it } from 'vitest';
import { AccountBackoff, LoginThrottle } from './throttles.ts';
import { WindowCounter } from '../throttling/window-counter.ts';

const clock = (start = 0) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

describe('WindowCounter', () => {
  it('given a fixed window, refuses past the limit until the window that opened with the first count ends', () => {
    const time = clock();
    const counter = new WindowCounter(2, 1000, time.now);
    expect([counter.take('a'), counter.take('a')]).toEqual([0, 0]);
    time.advance(400);
    expect(counter.take('a')).toBe(600);
    expect(counter.take('b')).toBe(0);
    time.advance(600);
    expect(counter.take('a')).toBe(0);
  });

  it('given a sliding window, forgets the count only after a whole window without one', () => {
    const time = clock();
    const counter = new WindowCounter(10, 1000, time.now, { slides: true });
    counter.add('a');
    time.advance(900);
    counter.add('a');
    time.advance(900);
    expect(counter.count('a')).toBe(2);
    time.advance(100);
    expect(counter.count('a')).toBe(0);
  });

  it('given a clock stepped back two hours, holds a full key at most one window from now, and still refuses it meanwhile', () => {
    const time = clock(7_200_000);
    const counter = new WindowCounter(2, 60_000, time.now);
    counter.add('a');
    counter.add('a');
    time.advance(-7_200_000);
    expect(counter.waitFor('a')).toBe(60_000);
    time.advance(60_000);
    expect(counter.take('a')).toBe(0);
  });
});

describe('AccountBackoff', () => {
  it('given 10 failures, makes each further attempt wait twice as long as the last, at most 15 minutes, and forgets after a quiet hour', () => {
    const time = clock();
    const backoff = new AccountBackoff(time.now);
    for (let i = 0; i < AccountBackoff.FREE - 1; i++) backoff.failed('ada');
    expect(backoff.waitFor('ada')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      backoff.failed('ada');
      waits.push(backoff.waitFor('ada'));
      time.advance(backoff.waitFor('ada'));
      expect(backoff.waitFor('ada')).toBe(0);
    }
    expect(waits.map((ms) => ms / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    backoff.failed('ada');
    expect(backoff.waitFor('bob')).toBe(0);
    time.advance(AccountBackoff.FORGET_AFTER_MS);
    expect(backoff.waitFor('ada')).toBe(0);
    backoff.failed('ada');
    expect(backoff.waitFor('ada')).toBe(0);
  });

  it('given a clock stepped back two hours, waits no longer than the longest wait', () => {
    const time = clock(7_200_000);
    const backoff = new AccountBackoff(time.now);
    for (let i = 0; i < AccountBackoff.FREE; i++) backoff.failed('a');
    time.advance(-7_200_000);
    expect(backoff.waitFor('a')).toBe(AccountBackoff.LONGEST_WAIT_MS);
  });

  it('given a reset, the wait ends at once', async () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < AccountBackoff.FREE; i++) await throttle.failed('ada@example.com', `10.0.0.${i}`);
    await expect(throttle.check('ada@example.com', '10.1.0.1')).rejects.toMatchObject({ refusal: 'too_many_requests' });
    throttle.passwordReset('ada@example.com');
    await expect(throttle.check('ada@example.com', '10.1.0.1')).resolves.toBeUndefined();
  });
});
