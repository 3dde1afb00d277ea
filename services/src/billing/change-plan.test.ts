import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { changePlanDecider } from './change-plan.ts';

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
