import { describe, expect, it } from 'vitest';
import { indianDate, limitLabel, rupees, usagePercent, usageTone } from './usage.ts';

describe('usage bars', () => {
  it('is green below 75 %, yellow from 75 %, red from 90 %', () => {
    expect(usageTone(0, 10)).toBe('ok');
    expect(usageTone(7, 10)).toBe('ok');
    expect(usageTone(749, 1000)).toBe('ok');
    expect(usageTone(750, 1000)).toBe('warning');
    expect(usageTone(8, 10)).toBe('warning');
    expect(usageTone(899, 1000)).toBe('warning');
    expect(usageTone(9, 10)).toBe('critical');
    expect(usageTone(10, 10)).toBe('critical');
    expect(usageTone(25, 10)).toBe('critical');
  });

  it('keeps an unlimited limit green whatever the use', () => {
    expect(usageTone(0, -1)).toBe('ok');
    expect(usageTone(1_000_000, -1)).toBe('ok');
    expect(usagePercent(5, -1)).toBeNull();
  });

  it('caps the bar at 100 % and treats a zero limit as full once used', () => {
    expect(usagePercent(2, 10)).toBe(20);
    expect(usagePercent(30, 10)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(1, 0)).toBe(100);
    expect(usageTone(1, 0)).toBe('critical');
  });

  it('writes limits, prices and dates the Indian way', () => {
    expect(limitLabel(-1)).toBe('Unlimited');
    expect(limitLabel(10000)).toBe('10,000');
    expect(rupees(999)).toBe('₹999');
    expect(rupees(0)).toBe('₹0');
    expect(indianDate('2026-12-01T00:00:00.000Z')).toBe('1 Dec 2026');
  });
});
