import { describe, expect, it } from 'vitest';
import { planLabel } from './plan-label.ts';

describe('plan label', () => {
  it('labels the plan from the subscription, else the user’s plan type, else Free', () => {
    expect(planLabel('pro', 'free')).toBe('Pro');
    expect(planLabel(undefined, 'enterprise')).toBe('Enterprise');
    expect(planLabel(null, null)).toBe('Free');
    expect(planLabel('', undefined)).toBe('Free');
  });
});
