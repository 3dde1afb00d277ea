import { describe, expect, it } from 'vitest';
import { defaultPlan } from '@linkledger/contracts';
import { NO_CUSTOM_LIMITS } from './subscription-state.ts';
import { limitsOf } from './current-plan.ts';

const own = { monthly_links: 25, api_calls_per_minute: -1, custom_domains: null, is_unlimited: false };

describe('a user’s own limits', () => {
  it('overrides the plan where set, keeps the plan’s where null, and lifts everything when unlimited', () => {
    const free = defaultPlan('free');
    expect(limitsOf(free)).toEqual({ monthly_links: 10, api_calls_per_minute: 100, custom_domains: 0, seats: 1, analytics_retention_days: 30 });
    expect(limitsOf(free, own)).toEqual({ monthly_links: 25, api_calls_per_minute: -1, custom_domains: 0, seats: 1, analytics_retention_days: 30 });
    expect(limitsOf(free, { ...NO_CUSTOM_LIMITS, monthly_links: 2 })).toEqual({
      monthly_links: 2,
      api_calls_per_minute: 100,
      custom_domains: 0,
      seats: 1,
      analytics_retention_days: 30,
    });
    expect(limitsOf(free, { ...own, is_unlimited: true })).toEqual({
      monthly_links: -1,
      api_calls_per_minute: -1,
      custom_domains: -1,
      seats: -1,
      analytics_retention_days: -1,
    });
    // Seats per plan (docs/workspaces.md#seats): free 1, pro 5, enterprise 50.
    // Analytics retention per plan (docs/privacy.md#analytics-retention): free 30, pro 90, enterprise 365 days.
    expect([limitsOf(defaultPlan('pro')).analytics_retention_days, limitsOf(defaultPlan('enterprise')).analytics_retention_days]).toEqual([90, 365]);
    expect([limitsOf(defaultPlan('pro')).seats, limitsOf(defaultPlan('enterprise')).seats]).toEqual([5, 50]);
    expect(limitsOf(free, { ...NO_CUSTOM_LIMITS, seats: 3 }).seats).toBe(3);
  });
});
