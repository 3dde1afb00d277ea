import { describe, expect, it } from 'vitest';
import { displayPrice, gstPercent, paiseLabel } from './money.ts';

describe('amounts in paise', () => {
  it('writes whole rupees without paise', () => {
    expect(paiseLabel(99_900)).toBe('₹999');
    expect(paiseLabel(0)).toBe('₹0');
    expect(paiseLabel(999_000)).toBe('₹9,990');
  });

  it('writes paise when there are any, always two digits', () => {
    expect(paiseLabel(28_665)).toBe('₹286.65');
    expect(paiseLabel(99_950)).toBe('₹999.50');
    expect(paiseLabel(1)).toBe('₹0.01');
  });

  it('groups the Indian way (lakhs and crores)', () => {
    expect(paiseLabel(123_456_750)).toBe('₹12,34,567.50');
    expect(paiseLabel(4_999_000)).toBe('₹49,990');
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => paiseLabel(10.5)).toThrow(RangeError);
  });
});

describe('catalogue prices in the display currency', () => {
  it('shows rupees by default as the catalogue has them', () => {
    expect(displayPrice(999, 'INR')).toBe('₹999');
    expect(displayPrice(49_990, 'INR')).toBe('₹49,990');
    expect(displayPrice(0, 'INR')).toBe('₹0');
  });

  it('shows USD as the rupee figure divided by 100', () => {
    expect(displayPrice(999, 'USD')).toBe('$9.99');
    expect(displayPrice(9990, 'USD')).toBe('$99.90');
    expect(displayPrice(4999, 'USD')).toBe('$49.99');
    expect(displayPrice(49_990, 'USD')).toBe('$499.90');
    expect(displayPrice(11_988, 'USD')).toBe('$119.88');
    expect(displayPrice(0, 'USD')).toBe('$0');
    expect(displayPrice(100_000, 'USD')).toBe('$1,000');
  });
});

describe('GST rate', () => {
  it('writes basis points as a percent', () => {
    expect(gstPercent(1800)).toBe('18%');
    expect(gstPercent(1250)).toBe('12.5%');
    expect(gstPercent(5)).toBe('0.05%');
  });
});
