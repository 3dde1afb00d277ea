import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { NO_CUSTOM_LIMITS, noSubscription } from './subscription-state.ts';
import { ADMINS_SET_LIMITS, customLimitsDecider, decideCustomLimits } from './custom-limits.ts';
import { limitsOf } from './current-plan.ts';
import { defaultPlan } from '@linkledger/contracts';

const own = { monthly_links: 25, api_calls_per_minute: -1, custom_domains: null, is_unlimited: false };

describe('a user’s own limits', () => {
  it('given no limits of their own, when an admin sets some, then they are recorded; the same again changes nothing', () => {
    const events = decideCustomLimits({ actorRole: 'admin', userId: 7, limits: own }, noSubscription);
    expect(events).toEqual([{ type: 'CustomLimitsSet', data: { user_id: 7, ...own } }]);
    const state = deciderSpec(customLimitsDecider).given(events).state;
    expect(state.customLimits).toEqual({ ...own, seats: null });
    expect(decideCustomLimits({ actorRole: 'super_admin', userId: 7, limits: own }, state)).toEqual([]);
    expect(decideCustomLimits({ actorRole: 'admin', userId: 7, limits: NO_CUSTOM_LIMITS }, state)).toHaveLength(1);
  });

  it('is refused to anyone but an admin', () => {
    expect(() => decideCustomLimits({ actorRole: 'user', userId: 7, limits: own }, noSubscription)).toThrow(ADMINS_SET_LIMITS);
  });

  it('given no seats of its own, when an admin sets some, then they are recorded for the personal workspace beside the other limits', () => {
    const seats = decideCustomLimits({ actorRole: 'admin', userId: 7, limits: { ...NO_CUSTOM_LIMITS, seats: 3 } }, noSubscription);
    expect(seats).toEqual([{ type: 'CustomSeatsSet', data: { workspace_id: 7, seats: 3 } }]);
    const state = deciderSpec(customLimitsDecider).given(seats).state;
    expect(state.customLimits).toEqual({ ...NO_CUSTOM_LIMITS, seats: 3 });
    // Setting the other limits keeps the seats; the same seats again record nothing.
    const both = decideCustomLimits({ actorRole: 'admin', userId: 7, limits: { ...own, seats: 3 } }, state);
    expect(both).toEqual([{ type: 'CustomLimitsSet', data: { user_id: 7, ...own } }]);
    expect(deciderSpec(customLimitsDecider).given([...seats, ...both]).state.customLimits).toEqual({ ...own, seats: 3 });
    expect(decideCustomLimits({ actorRole: 'admin', userId: 7, limits: NO_CUSTOM_LIMITS }, state)).toEqual([
      { type: 'CustomSeatsSet', data: { workspace_id: 7, seats: null } },
    ]);
    expect(limitsOf(defaultPlan('free'), { ...NO_CUSTOM_LIMITS, seats: 3 }).seats).toBe(3);
  });

  it('overrides the plan where set, keeps the plan’s where null, and lifts everything when unlimited', () => {
    const free = defaultPlan('free');
    expect(limitsOf(free)).toEqual({ monthly_links: 10, api_calls_per_minute: 100, custom_domains: 0, seats: 1 });
    expect(limitsOf(free, own)).toEqual({ monthly_links: 25, api_calls_per_minute: -1, custom_domains: 0, seats: 1 });
    expect(limitsOf(free, { ...NO_CUSTOM_LIMITS, monthly_links: 2 })).toEqual({ monthly_links: 2, api_calls_per_minute: 100, custom_domains: 0, seats: 1 });
    expect(limitsOf(free, { ...own, is_unlimited: true })).toEqual({ monthly_links: -1, api_calls_per_minute: -1, custom_domains: -1, seats: -1 });
    // Seats per plan (docs/workspaces.md#seats): free 1, pro 5, enterprise 50.
    expect([limitsOf(defaultPlan('pro')).seats, limitsOf(defaultPlan('enterprise')).seats]).toEqual([5, 50]);
  });
});
