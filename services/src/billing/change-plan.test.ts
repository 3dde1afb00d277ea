import { describe, expect, it } from 'vitest';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { changePlanDecider, decideChangePlan } from './change-plan.ts';
import { noSubscription } from './subscription-state.ts';

const now = new Date('2026-11-23T10:00:00Z');
const given = (status: 'active' | 'cancelled') =>
  deciderSpec(changePlanDecider).given([
    {
      type: 'PlanChanged',
      data: { user_id: 7, plan_type: 'pro', billing_cycle: 'monthly', status, period_start: now.toISOString(), period_end: null, reason: 'admin' },
    },
  ]).state;

describe('changing a user’s plan', () => {
  it('given a free user, when an admin chooses pro, then pro is active from now without an end', () => {
    expect(decideChangePlan({ actorRole: 'admin', userId: 7, planType: 'pro', now }, noSubscription)).toEqual([
      {
        type: 'PlanChanged',
        data: { user_id: 7, plan_type: 'pro', billing_cycle: 'monthly', status: 'active', period_start: now.toISOString(), period_end: null, reason: 'admin' },
      },
    ]);
  });

  it('given an active pro user, when pro is chosen again, then nothing changes', () => {
    const state = given('active');
    expect(decideChangePlan({ actorRole: 'super_admin', userId: 7, planType: 'pro', now }, state)).toEqual([]);
  });

  it('given a cancelled pro user, when pro is chosen again, then it is active again', () => {
    const state = given('cancelled');
    expect(decideChangePlan({ actorRole: 'admin', userId: 7, planType: 'pro', now }, state)).toHaveLength(1);
  });

  it('refuses anyone but an admin', () => {
    expect(() => decideChangePlan({ actorRole: 'user', userId: 7, planType: 'enterprise', now }, noSubscription)).toThrow(DomainError);
  });
});
