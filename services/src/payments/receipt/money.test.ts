import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInr, formatRatePercent, gstBreakdown } from './money.ts';

describe('formatInr', () => {
  it.each([
    [0, '₹0.00'],
    [99, '₹0.99'],
    [100, '₹1.00'],
    [99_900, '₹999.00'],
    [123_456, '₹1,234.56'],
    [10_000_000, '₹1,00,000.00'],
    [10_000_050, '₹1,00,000.50'],
    [1_234_567_890, '₹1,23,45,678.90'],
    [-45_000, '-₹450.00'],
  ])('formats %i paise as %s', (paise, expected) => {
    expect(formatInr(paise)).toBe(expected);
  });

  it('throws on amounts that are not integer paise', () => {
    expect(() => formatInr(1.5)).toThrow(RangeError);
    expect(() => formatInr(Number.NaN)).toThrow(RangeError);
    expect(() => formatInr(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('gstBreakdown', () => {
  it('splits ₹999 at 18 %: 99900 × 10000 / 11800 = 84661.01… → 84661 taxable, 15239 tax', () => {
    expect(gstBreakdown(99_900, 1800)).toEqual({ taxablePaise: 84_661, taxPaise: 15_239 });
  });

  it('rounds an exact half up', () => {
    // 1 × 10000 / 20000 = 0.5 exactly.
    expect(gstBreakdown(1, 10_000)).toEqual({ taxablePaise: 1, taxPaise: 0 });
  });

  it('has no tax at a 0 rate', () => {
    expect(gstBreakdown(99_900, 0)).toEqual({ taxablePaise: 99_900, taxPaise: 0 });
  });

  it('always sums to the amount, with the taxable value rounded to the nearest paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, rate) => {
        const { taxablePaise, taxPaise } = gstBreakdown(amount, rate);
        expect(Number.isSafeInteger(taxablePaise) && Number.isSafeInteger(taxPaise)).toBe(true);
        expect(taxablePaise + taxPaise).toBe(amount);
        expect(taxPaise).toBeGreaterThanOrEqual(0);
        // |taxable × (10000 + rate) − amount × 10000| ≤ half a paisa, scaled.
        const divisor = 10_000n + BigInt(rate);
        const error = BigInt(taxablePaise) * divisor - BigInt(amount) * 10_000n;
        expect(2n * (error < 0n ? -error : error) <= divisor).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('rejects negative or fractional input', () => {
    expect(() => gstBreakdown(-1, 1800)).toThrow(RangeError);
    expect(() => gstBreakdown(1.5, 1800)).toThrow(RangeError);
    expect(() => gstBreakdown(100, 18.5)).toThrow(RangeError);
  });
});

describe('formatRatePercent', () => {
  it.each([
    [1800, '18%'],
    [1850, '18.5%'],
    [1825, '18.25%'],
    [500, '5%'],
    [5, '0.05%'],
    [0, '0%'],
  ])('shows %i basis points as %s', (rate, expected) => {
    expect(formatRatePercent(rate)).toBe(expected);
  });
});
