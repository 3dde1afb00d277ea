import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, yearlySavingPercent as catalogueSaving } from '../../../../contracts/src/plans/catalogue.ts';
import { bestYearlySaving, planPrice, yearlySavingPercent } from './prices.ts';

describe('yearly saving ("Save 17%")', () => {
  it('is the rounded percent below twelve monthly prices', () => {
    expect(yearlySavingPercent({ price_monthly: 999, price_yearly: 9990 })).toBe(17);
    expect(yearlySavingPercent({ price_monthly: 4999, price_yearly: 49990 })).toBe(17);
    expect(yearlySavingPercent({ price_monthly: 100, price_yearly: 1000 })).toBe(17);
    expect(yearlySavingPercent({ price_monthly: 100, price_yearly: 600 })).toBe(50);
    expect(yearlySavingPercent({ price_monthly: 100, price_yearly: 1200 })).toBe(0);
  });

  it('is null without a yearly price or for a free plan', () => {
    expect(yearlySavingPercent({ price_monthly: 0, price_yearly: null })).toBeNull();
    expect(yearlySavingPercent({ price_monthly: 999, price_yearly: null })).toBeNull();
    expect(yearlySavingPercent({ price_monthly: 0, price_yearly: 0 })).toBeNull();
  });

  it('agrees with the catalogue’s formula (the copy keeps zod out of the bundle)', () => {
    const cases = [
      ...DEFAULT_PLANS,
      { price_monthly: 250, price_yearly: 2000 },
      { price_monthly: 333, price_yearly: 3999 },
      { price_monthly: 0, price_yearly: null },
    ];
    for (const plan of cases) expect(yearlySavingPercent(plan)).toBe(catalogueSaving(plan));
  });

  it('names the best saving on offer for the toggle, or none', () => {
    expect(bestYearlySaving(DEFAULT_PLANS)).toBe(17);
    expect(
      bestYearlySaving([
        { price_monthly: 100, price_yearly: 900 },
        { price_monthly: 100, price_yearly: 1100 },
      ]),
    ).toBe(25);
    expect(bestYearlySaving([{ price_monthly: 0, price_yearly: null }])).toBeNull();
    expect(bestYearlySaving([{ price_monthly: 100, price_yearly: 1200 }])).toBeNull();
  });
});

describe('plan prices on the cards', () => {
  const pro = { price_monthly: 999, price_yearly: 9990 };

  it('shows the monthly price in rupees', () => {
    expect(planPrice(pro, 'monthly')).toEqual({ amount: '₹999', period: 'per month', note: null, badge: null });
    expect(planPrice({ price_monthly: 0, price_yearly: null }, 'monthly').amount).toBe('₹0');
  });

  it('shows the yearly price with the saving badge and twelve monthly prices for comparison', () => {
    expect(planPrice(pro, 'yearly')).toEqual({ amount: '₹9,990', period: 'per year', note: 'instead of ₹11,988 paid monthly', badge: 'Save 17%' });
    expect(planPrice({ price_monthly: 4999, price_yearly: 49990 }, 'yearly').amount).toBe('₹49,990');
  });

  it('keeps the monthly price, with a note, where no yearly price is offered', () => {
    expect(planPrice({ price_monthly: 0, price_yearly: null }, 'yearly')).toEqual({
      amount: '₹0',
      period: 'per month',
      note: 'Free every month, no yearly billing',
      badge: null,
    });
    expect(planPrice({ price_monthly: 999, price_yearly: null }, 'yearly')).toEqual({
      amount: '₹999',
      period: 'per month',
      note: 'Billed monthly only',
      badge: null,
    });
  });

  it('gives no badge to a yearly price that saves nothing', () => {
    expect(planPrice({ price_monthly: 100, price_yearly: 1200 }, 'yearly').badge).toBeNull();
  });

  it('shows USD, for display only, as the rupee figure divided by 100', () => {
    expect(planPrice(pro, 'monthly', 'USD')).toEqual({ amount: '$9.99', period: 'per month', note: null, badge: null });
    expect(planPrice(pro, 'yearly', 'USD')).toEqual({ amount: '$99.90', period: 'per year', note: 'instead of $119.88 paid monthly', badge: 'Save 17%' });
    expect(planPrice({ price_monthly: 0, price_yearly: null }, 'monthly', 'USD').amount).toBe('$0');
  });
});
