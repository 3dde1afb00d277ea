import { describe, expect, it } from 'vitest';
import { periodEnd } from './billing-period.ts';

describe('a billing period', () => {
  it('ends on the same day and time a month or a year later', () => {
    expect(periodEnd(new Date('2026-11-23T10:15:00Z'), 'monthly').toISOString()).toBe('2026-12-23T10:15:00.000Z');
    expect(periodEnd(new Date('2026-12-23T10:15:00Z'), 'monthly').toISOString()).toBe('2027-01-23T10:15:00.000Z');
    expect(periodEnd(new Date('2026-11-23T10:15:00Z'), 'yearly').toISOString()).toBe('2027-11-23T10:15:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(periodEnd(new Date('2027-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(periodEnd(new Date('2028-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T12:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });
});
