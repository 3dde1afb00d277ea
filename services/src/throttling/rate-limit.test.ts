import { describe, expect, it } from 'vitest';
import { AddressRateLimiter, MAX_TRACKED_ADDRESSES, addressKey } from './rate-limit.ts';

function limiter(perSecond: number, burst: number, maxAddresses?: number) {
  const clock = { now: 1_000_000 };
  const limit = new AddressRateLimiter({ perSecond, burst, now: () => clock.now, ...(maxAddresses ? { maxAddresses } : {}) });
  return { limit, clock };
}

describe('the per-address redirect limit', () => {
  it('lets a burst through, then the sustained rate, and says how long to wait', () => {
    const { limit, clock } = limiter(2, 4);
    expect(Array.from({ length: 6 }, () => limit.take('203.0.113.9'))).toEqual([0, 0, 0, 0, 1, 1]);
    expect(limit.take('198.51.100.7')).toBe(0); // another address has its own bucket
    clock.now += 500; // one token back at 2/s
    expect([limit.take('203.0.113.9'), limit.take('203.0.113.9')]).toEqual([0, 1]);
    clock.now += 60_000; // refilled to the burst, not beyond
    expect(Array.from({ length: 5 }, () => limit.take('203.0.113.9'))).toEqual([0, 0, 0, 0, 1]);
  });

  it('given a clock stepped back two hours, leaves each bucket as it was: the active address goes on, the flooder waits seconds', () => {
    const { limit, clock } = limiter(1, 5);
    expect(Array.from({ length: 3 }, () => limit.take('198.51.100.7'))).toEqual([0, 0, 0]);
    expect(Array.from({ length: 6 }, () => limit.take('203.0.113.9'))).toEqual([0, 0, 0, 0, 0, 1]);
    clock.now -= 7_200_000;
    expect([limit.take('198.51.100.7'), limit.take('198.51.100.7')]).toEqual([0, 0]);
    expect(limit.take('203.0.113.9')).toBe(1);
    clock.now += 1000;
    expect([limit.take('203.0.113.9'), limit.take('203.0.113.9')]).toEqual([0, 1]);
  });

  it('asks a slow rate to wait whole seconds until the next token', () => {
    const { limit } = limiter(0.1, 1);
    expect([limit.take('a'), limit.take('a')]).toEqual([0, 10]);
  });

  it('keeps the number of tracked addresses capped, however many there are', () => {
    const { limit } = limiter(50, 200);
    for (let i = 0; i < 3 * MAX_TRACKED_ADDRESSES; i++) {
      limit.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (limit.size > MAX_TRACKED_ADDRESSES) throw new Error(`${limit.size} addresses tracked after ${i + 1}`);
    }
    expect(limit.size).toBeGreaterThan(MAX_TRACKED_ADDRESSES / 2);
  });

  it('forgets addresses idle long enough to be full again, and keeps the busy ones at the cap', () => {
    const { limit, clock } = limiter(1, 3, 100);
    for (let i = 0; i < 50; i++) limit.take(`10.0.0.${i}`);
    expect(limit.size).toBe(50);
    clock.now += 3_000; // refilled by now; forgotten within another refill time
    for (let i = 0; i < 25; i++) limit.take(`10.0.1.${i}`);
    clock.now += 3_000;
    limit.take('10.0.2.1');
    expect(limit.size).toBeLessThanOrEqual(26);
    expect(Array.from({ length: 4 }, () => limit.take('10.0.0.1'))).toEqual([0, 0, 0, 1]); // a full burst, as before

    // A flooder keeps using its address while a stream of new addresses passes the cap:
    // it stays among the most recently seen and so keeps its empty bucket.
    for (let i = 0; i < 3; i++) expect(limit.take('203.0.113.9')).toBe(0);
    for (let i = 0; i < 1_000; i++) {
      limit.take(`10.1.${i >> 8}.${i & 255}`);
      expect(limit.take('203.0.113.9')).toBeGreaterThan(0);
    }
    expect(limit.size).toBeLessThanOrEqual(100);
  });

  it('limits IPv6 by /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    const { limit } = limiter(1, 2);
    expect([limit.take('2001:db8:1:2::1'), limit.take('2001:db8:1:2::2'), limit.take('2001:db8:1:2:ffff::3')]).toEqual([0, 0, 1]);
    expect(limit.take('2001:db8:1:3::1')).toBe(0);
  });
});
