import { describe, expect, it } from 'vitest';
import { ThroughputMeter } from './throughput.ts';

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 10, 23, 10)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('ThroughputMeter', () => {
  it('gives events per second over the last 10 seconds, forgetting older ones', () => {
    const clock = manualClock();
    const meter = new ThroughputMeter(clock.now);
    for (let second = 0; second < 20; second++) {
      meter.record(second < 10 ? 100 : 500);
      clock.advance(1000);
    }
    // The last 10 seconds held 500 events each.
    expect(meter.perSecond()).toBe(500);
    clock.advance(30_000);
    expect(meter.perSecond()).toBe(0);
  });

  it('divides by the time measured while younger than the window', () => {
    const clock = manualClock();
    const meter = new ThroughputMeter(clock.now);
    meter.record(300);
    clock.advance(2000);
    meter.record(300);
    expect(meter.perSecond()).toBe(300);
    // Never by less than a second.
    const fresh = new ThroughputMeter(clock.now);
    fresh.record(50);
    expect(fresh.perSecond()).toBe(50);
  });
});
