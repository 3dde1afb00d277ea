import { describe, expect, it } from 'vitest';
import { defaultPlan } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  ADMINS_EDIT_PLANS,
  FREE_STAYS_ACTIVE,
  FREE_STAYS_FREE,
  PLAN_NOT_FOUND,
  decideEditPlan,
  editPlanDecider,
  fixedPlanField,
  freePriceUnconfirmed,
} from './plan-deciders.ts';

const pro = defaultPlan('pro');
const edit = (changes: Parameters<typeof decideEditPlan>[0]['changes'], plan = pro) => decideEditPlan({ actorRole: 'admin', planId: plan.id, changes }, plan);

describe('editing a plan', () => {
  it('given the shipped plan, when an admin edits prices and limits, then the whole plan is recorded with prices in paise', () => {
    const events = edit({ price_monthly: 1299.5, monthly_links_limit: 500 });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      plan_id: pro.id,
      name: 'pro',
      price_monthly_paise: 129950,
      price_yearly_paise: 999000,
      monthly_links_limit: 500,
      features: pro.features,
    });
    const folded = deciderSpec(editPlanDecider).given(events).state;
    expect(folded).toMatchObject({ id: pro.id, price_monthly: 1299.5, price_yearly: 9990, monthly_links_limit: 500, api_rate_limit: pro.api_calls_per_minute });
  });

  it('records nothing for an edit that changes nothing, and keeps the rate-limit alias with the limit', () => {
    expect(edit({ price_monthly: pro.price_monthly, features: [...pro.features, ...pro.features] })).toEqual([]);
    expect(edit({ api_calls_per_minute: 50 })[0]!.data).toMatchObject({ api_calls_per_minute: 50 });
  });

  it('given the plan as listed, when it is sent back whole with one change, then only that change is recorded; its id, name and seats cannot change', () => {
    expect(edit({ ...pro })).toEqual([]);
    expect(edit({ ...pro, display_name: 'Pro+' })[0]!.data).toMatchObject({
      display_name: 'Pro+',
      name: 'pro',
      api_calls_per_minute: pro.api_calls_per_minute,
    });
    expect(edit({ api_rate_limit: 70 })[0]!.data).toMatchObject({ api_calls_per_minute: 70 });
    expect(edit({ ...pro, api_calls_per_minute: 80 })[0]!.data).toMatchObject({ api_calls_per_minute: 80 });
    expect(() => edit({ ...pro, id: 3 })).toThrow(fixedPlanField('id', pro.id));
    expect(() => edit({ ...pro, name: 'enterprise' })).toThrow(fixedPlanField('name', 'pro'));
    expect(() => edit({ ...pro, seats: 99 })).toThrow(fixedPlanField('seats', pro.seats));
  });

  it('keeps the free plan free and active, and refuses unknown plans and non-admins', () => {
    const free = defaultPlan('free');
    expect(() => edit({ price_monthly: 10 }, free)).toThrow(FREE_STAYS_FREE);
    expect(() => edit({ is_active: false }, free)).toThrow(FREE_STAYS_ACTIVE);
    expect(edit({ monthly_links_limit: 20 }, free)).toHaveLength(1);
    expect(() => decideEditPlan({ actorRole: 'admin', planId: 9, changes: {} }, null)).toThrow(PLAN_NOT_FOUND);
    expect(() => decideEditPlan({ actorRole: 'user', planId: pro.id, changes: {} }, pro)).toThrow(ADMINS_EDIT_PLANS);
  });

  it('given a paid plan, when an edit prices it 0 without confirming, then it is refused naming the price; confirmed, it is recorded free', () => {
    expect(() => edit({ price_monthly: 0 })).toThrow(freePriceUnconfirmed('Monthly price', 'Pro'));
    expect(() => edit({ price_yearly: 0 })).toThrow(freePriceUnconfirmed('Yearly price', 'Pro'));
    const events = edit({ price_monthly: 0, confirm_free_price: true });
    expect(events[0]!.data).toMatchObject({ price_monthly_paise: 0 });
    expect(events[0]!.data).not.toHaveProperty('confirm_free_price');
    // Already free: nothing to confirm again.
    const freePro = deciderSpec(editPlanDecider).given(events).state!;
    expect(edit({ monthly_links_limit: 600, price_monthly: 0 }, freePro)).toHaveLength(1);
  });
});
