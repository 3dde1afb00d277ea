import { describe, expect, it } from 'vitest';
import { periodEndLabel, periodEndNote } from './period-end.ts';

describe('the end of a plan’s period, in words', () => {
  it('never says a plan renews: a running period is paid until the day, a cancelled one ends, an expired one ended', () => {
    expect(periodEndLabel('active')).toBe('Paid until');
    expect(periodEndLabel('cancelled')).toBe('Ends on');
    expect(periodEndLabel('expired')).toBe('Ended on');
    for (const status of ['active', 'cancelled', 'expired'] as const) expect(periodEndLabel(status)).not.toMatch(/renew/i);
  });

  it('tells the holder of a running period that it does not renew by itself, and no one else', () => {
    expect(periodEndNote('active', 'Pro')).toBe('Does not renew by itself: pay again before then to keep Pro, or the account moves to Free.');
    expect(periodEndNote('cancelled', 'Pro')).toBeNull();
  });
});
