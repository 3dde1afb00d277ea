import { describe, expect, it } from 'vitest';
import { paymentMoment } from './payment-dates.ts';

describe('payment dates', () => {
  it('writes the moment of a payment the Indian way, with its time', () => {
    expect(paymentMoment('2026-06-05T10:04:00.000Z')).toMatch(/^\d{1,2} Jun 2026, \d{1,2}:\d{2}\s?(am|pm)$/i);
  });

  it('leaves an unreadable moment as it came', () => {
    expect(paymentMoment('not a date')).toBe('not a date');
  });
});
