import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, FEATURE_KEYS, formatLimit, limitReached, yearlySavingPercent } from './catalogue.ts';

describe('plan catalogue', () => {
  it('computes the yearly badge per plan: Save 17% for the default prices', () => {
    expect(DEFAULT_PLANS.map(yearlySavingPercent)).toEqual([null, 17, 17]);
    expect(yearlySavingPercent({ price_monthly: 100, price_yearly: 600 })).toBe(50);
  });

  it('treats -1 as unlimited', () => {
    expect(limitReached(1_000_000, -1)).toBe(false);
    expect(limitReached(10, 10)).toBe(true);
    expect(limitReached(9, 10)).toBe(false);
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(10000)).toBe('10,000');
  });

  it('grants only known features, free a subset of pro, pro a subset of enterprise', () => {
    const [free, pro, enterprise] = DEFAULT_PLANS;
    for (const plan of DEFAULT_PLANS) for (const feature of plan.features) expect(FEATURE_KEYS).toContain(feature);
    expect(free!.features.every((f) => pro!.features.includes(f))).toBe(true);
    expect(pro!.features.every((f) => enterprise!.features.includes(f))).toBe(true);
    expect(free!.features).not.toContain('csv_import_export');
    expect(pro!.features).toContain('csv_import_export');
  });
});
