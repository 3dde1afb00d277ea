import { describe, expect, it } from 'vitest';
import { paymentStatus } from './payment-status.ts';

describe('payment status icons', () => {
  it('draws captured and succeeded as success', () => {
    expect(paymentStatus('captured')).toEqual({ tone: 'success', label: 'Paid' });
    expect(paymentStatus('succeeded')).toEqual({ tone: 'success', label: 'Paid' });
    expect(paymentStatus('CAPTURED').tone).toBe('success');
  });

  it('draws failed as an error and pending as waiting', () => {
    expect(paymentStatus('failed')).toEqual({ tone: 'error', label: 'Failed' });
    expect(paymentStatus('pending')).toEqual({ tone: 'waiting', label: 'Pending' });
  });

  it('draws anything else as neutral, with its own name', () => {
    expect(paymentStatus('refunded')).toEqual({ tone: 'neutral', label: 'Refunded' });
    expect(paymentStatus('partially_refunded')).toEqual({ tone: 'neutral', label: 'Partially refunded' });
    expect(paymentStatus('')).toEqual({ tone: 'neutral', label: 'Unknown' });
  });
});
