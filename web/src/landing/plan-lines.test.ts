import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, FEATURES } from '../../../contracts/src/plans/catalogue.ts';
import { planFeatureLines } from './plan-lines.ts';

const names = new Map(Object.entries(FEATURES).map(([key, feature]) => [key, feature.name]));

describe('pricing cards', () => {
  it('lists the first plan in full and each later plan by what it adds', () => {
    const [free, pro, enterprise] = planFeatureLines([...DEFAULT_PLANS], names);
    expect(free?.inherits).toBeNull();
    expect(free?.features).toEqual(['Basic analytics', 'QR codes']);
    expect(pro?.inherits).toBe('Free');
    expect(pro?.features).not.toContain('Basic analytics');
    expect(pro?.features).toContain('Custom domains');
    expect(pro?.features).toContain('CSV import and export');
    expect(enterprise?.inherits).toBe('Pro');
    expect(enterprise?.features).toContain('White label');
    expect(enterprise?.features).not.toContain('Custom domains');
    // Nothing is lost: every plan's features are its own list or inherited ones.
    expect((free?.features.length ?? 0) + (pro?.features.length ?? 0) + (enterprise?.features.length ?? 0)).toBe(Object.keys(FEATURES).length);
  });

  it('lists a plan in full when it does not include the one before', () => {
    const [a, b] = DEFAULT_PLANS;
    const odd = { ...b!, features: ['api_access' as const] };
    const [, second] = planFeatureLines([a!, odd], names);
    expect(second?.inherits).toBeNull();
    expect(second?.features).toEqual(['API access']);
  });

  it('falls back to the key for a feature the list does not name', () => {
    const [only] = planFeatureLines([DEFAULT_PLANS[0]!], new Map());
    expect(only?.features).toEqual(['basic_analytics', 'qr_code_generation']);
  });
});
