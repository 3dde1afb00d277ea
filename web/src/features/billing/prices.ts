import type { PlanInfo } from '../../api/types.ts';
import { displayPrice, type DisplayCurrency } from './payments/money.ts';

/*
 * Plan prices as the pricing cards show them (docs/plans.md#prices-and-yearly-saving). The saving formula is a copy of
 * `yearlySavingPercent` in contracts/src/plans/catalogue.ts: that module builds zod schemas,
 * which must stay out of the browser bundle. prices.test.ts checks that the two agree.
 */

export type BillingCycle = 'monthly' | 'yearly';

/** The yearly saving against twelve monthly payments, as a rounded percent ("Save 17%"); null where there is none. */
export function yearlySavingPercent(plan: Pick<PlanInfo, 'price_monthly' | 'price_yearly'>): number | null {
  if (plan.price_yearly === null || plan.price_monthly === 0) return null;
  return Math.round((1 - plan.price_yearly / (12 * plan.price_monthly)) * 100);
}

/** The largest saving any plan offers, for the billing toggle ("save up to 17%"); null when no plan saves. */
export function bestYearlySaving(plans: readonly Pick<PlanInfo, 'price_monthly' | 'price_yearly'>[]): number | null {
  const savings = plans.map(yearlySavingPercent).filter((saving): saving is number => saving !== null && saving > 0);
  return savings.length ? Math.max(...savings) : null;
}

interface PlanPrice {
  /** "₹999", "₹9,990". */
  amount: string;
  /** "per month", "per year". */
  period: string;
  /** A line under the price, or null: what twelve monthly payments would be, or why there is no yearly price. */
  note: string | null;
  /** "Save 17%", shown only for a yearly price that costs less than twelve months. */
  badge: string | null;
}

/**
 * A plan's price for a billing cycle, in rupees or (for display only) USD. A yearly price is
 * shown only where the plan offers one; otherwise the monthly price stays, with a note saying so.
 */
export function planPrice(plan: Pick<PlanInfo, 'price_monthly' | 'price_yearly'>, cycle: BillingCycle, currency: DisplayCurrency = 'INR'): PlanPrice {
  const money = (rupees: number) => displayPrice(rupees, currency);
  const monthly = { amount: money(plan.price_monthly), period: 'per month' };
  if (cycle === 'monthly') return { ...monthly, note: null, badge: null };
  if (plan.price_yearly === null) {
    return { ...monthly, note: plan.price_monthly === 0 ? 'Free every month, no yearly billing' : 'Billed monthly only', badge: null };
  }
  const saving = yearlySavingPercent(plan);
  return {
    amount: money(plan.price_yearly),
    period: 'per year',
    note: plan.price_monthly > 0 ? `instead of ${money(12 * plan.price_monthly)} paid monthly` : null,
    badge: saving !== null && saving > 0 ? `Save ${saving}%` : null,
  };
}
