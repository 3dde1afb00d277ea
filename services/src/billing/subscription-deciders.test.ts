import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ADMINS_SET_LIMITS, changePlanDecider, customLimitsDecider, decideCustomLimits } from './subscription-deciders.ts';
import { NO_CUSTOM_LIMITS, noSubscription } from './subscription-state.ts';

const now = new Date('2026-11-23T10:00:00Z');
const plans = deciderSpec(changePlanDecider);
const pro = (status: 'active' | 'cancelled'): DomainEvent => ({
  type: 'PlanChanged',
  data: { user_id: 7, plan_type: 'pro', billing_cycle: 'monthly', status, period_start: now.toISOString(), period_end: null, reason: 'admin' },
});

describe('changing a user’s plan', () => {
  it('given a free user, when an admin chooses pro, then pro is active from now without an end', () => {
    plans
      .given([])
      .when({ actorRole: 'admin', userId: 7, planType: 'pro', now })
      .then([
        {
          type: 'PlanChanged',
          data: {
            user_id: 7,
            plan_type: 'pro',
            billing_cycle: 'monthly',
            status: 'active',
            period_start: now.toISOString(),
            period_end: null,
            reason: 'admin',
          },
        },
      ]);
  });

  it('given an active pro user, when pro is chosen again, then nothing changes', () => {
    plans
      .given([pro('active')])
      .when({ actorRole: 'super_admin', userId: 7, planType: 'pro', now })
      .then([]);
  });

  it('given a cancelled pro user, when pro is chosen again, then it is active again', () => {
    expect(plans.given([pro('cancelled')]).when({ actorRole: 'admin', userId: 7, planType: 'pro', now }).events).toHaveLength(1);
  });

  it('refuses anyone but an admin', () => {
    plans.given([]).when({ actorRole: 'user', userId: 7, planType: 'enterprise', now }).thenThrows(DomainError);
  });
});

const own = { monthly_links: 25, api_calls_per_minute: -1, custom_domains: null, is_unlimited: false };

describe('a user’s own limits', () => {
  it('given no limits of their own, when an admin sets an analytics retention, then it is recorded with the others and changing only it is a change', () => {
    const retained = { ...own, analytics_retention_days: 500 };
    const events = decideCustomLimits({ actorRole: 'admin', userId: 7, limits: retained }, noSubscription);
    expect(events).toEqual([{ type: 'CustomLimitsSet', data: { user_id: 7, ...retained } }]);
    const state = deciderSpec(customLimitsDecider).given(events).state;
    expect(state.customLimits).toMatchObject({ analytics_retention_days: 500 });
    expect(decideCustomLimits({ actorRole: 'admin', userId: 7, limits: retained }, state)).toEqual([]);
    expect(decideCustomLimits({ actorRole: 'admin', userId: 7, limits: { ...retained, analytics_retention_days: null } }, state)).toEqual([
      { type: 'CustomLimitsSet', data: { user_id: 7, ...own, analytics_retention_days: null } },
    ]);
  });

  it('given no limits of their own, when an admin sets some, then they are recorded; the same again changes nothing', () => {
    const events = decideCustomLimits({ actorRole: 'admin', userId: 7, limits: own }, noSubscription);
    expect(events).toEqual([{ type: 'CustomLimitsSet', data: { user_id: 7, ...own } }]);
    const state = deciderSpec(customLimitsDecider).given(events).state;
    // An event without analytics_retention_days (all recorded before it could be set) reads as the plan's own.
    expect(state.customLimits).toEqual({ ...own, seats: null, analytics_retention_days: null });
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
    expect(deciderSpec(customLimitsDecider).given([...seats, ...both]).state.customLimits).toEqual({ ...own, seats: 3, analytics_retention_days: null });
    expect(decideCustomLimits({ actorRole: 'admin', userId: 7, limits: NO_CUSTOM_LIMITS }, state)).toEqual([
      { type: 'CustomSeatsSet', data: { workspace_id: 7, seats: null } },
    ]);
  });
});
