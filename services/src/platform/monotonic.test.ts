import { describe, expect, it } from 'vitest';
import { forwardOnly, processMonotonic } from './monotonic.ts';

describe('the monotonic clock', () => {
  it('given a wall clock stepped back, stands still through the step and counts on from the new reading', () => {
    let wall = 10_000_000;
    const elapsed = forwardOnly(() => wall);
    wall += 500;
    expect(elapsed()).toBe(500);
    wall -= 7_200_000;
    expect(elapsed()).toBe(500);
    wall += 250;
    expect(elapsed()).toBe(750);
  });

  it('never goes back in this process', () => {
    const first = processMonotonic();
    expect(processMonotonic()).toBeGreaterThanOrEqual(first);
  });
});
