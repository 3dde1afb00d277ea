import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, FEATURES } from '../../../../contracts/src/plans/catalogue.ts';
import { chooseLabel, planFeatureLines, planLimitLines, rateLimitSummary } from './plan-lines.ts';

const names = new Map(Object.entries(FEATURES).map(([key, feature]) => [key, feature.name]));

describe('pricing cards', () => {
  it('lists the first plan in full and each later plan by what it adds', () => {
    const [free, pro, enterprise] = planFeatureLines([...DEFAULT_PLANS], names);
    expect(free?.inherits).toBeNull();
    expect(free?.features).toEqual(['Basic analytics', 'Advanced analytics', 'QR codes', 'Bulk link creation', 'API access']);
    expect(pro?.inherits).toBe('Free');
    expect(pro?.features).toEqual([
      'Import and export',
      'Custom domains',
      'TRAI headers',
      'Advanced API',
      'Team collaboration',
      'Link expiration',
      'Password protection',
      'Mobile redirects',
      'Sharing and preview cards',
      'QR customization',
      'Webhooks',
      'PDF reports',
      'Link in bio',
      'Surveys',
    ]);
    expect(enterprise?.inherits).toBe('Pro');
    expect(enterprise?.features).toEqual(['A/B testing', 'Advanced targeting', 'Enterprise analytics', 'White label']);
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
    expect(only?.features).toEqual(['basic_analytics', 'advanced_analytics', 'qr_code_generation', 'bulk_link_creation', 'api_access']);
  });
});

describe('plan limits on the cards', () => {
  const [free, pro, enterprise] = DEFAULT_PLANS;

  it('shows links per month alone on the landing page', () => {
    expect(planLimitLines(free!, 'links')).toEqual([{ figure: '10', text: 'links per month' }]);
  });

  it('adds custom domains and API calls per minute, in the catalogue’s figures', () => {
    expect(planLimitLines(free!, 'all')).toEqual([
      { figure: '10', text: 'links per month' },
      { figure: null, text: 'No custom domains' },
      { figure: '100', text: 'API calls per minute' },
    ]);
    expect(planLimitLines(pro!, 'all')).toEqual([
      { figure: '1,000', text: 'links per month' },
      { figure: '2', text: 'custom domains' },
      { figure: '1,000', text: 'API calls per minute' },
    ]);
    expect(planLimitLines(enterprise!, 'all')[2]).toEqual({ figure: '10,000', text: 'API calls per minute' });
  });

  it('says Unlimited for -1, one domain in the singular, and no API for 0 calls', () => {
    const custom = { ...pro!, monthly_links_limit: -1, custom_domains_limit: 1, api_calls_per_minute: 0 };
    expect(planLimitLines(custom, 'all')).toEqual([
      { figure: 'Unlimited', text: 'links per month' },
      { figure: '1', text: 'custom domain' },
      { figure: null, text: 'No API calls' },
    ]);
  });
});

describe('plan words', () => {
  it('labels the buttons: free plans start, paid plans are chosen', () => {
    expect(DEFAULT_PLANS.map(chooseLabel)).toEqual(['Get started free', 'Choose Pro', 'Choose Enterprise']);
  });

  it('sums up the API rate limits per plan from the catalogue', () => {
    expect(rateLimitSummary([...DEFAULT_PLANS])).toBe('Free 100, Pro 1,000 and Enterprise 10,000');
    expect(
      rateLimitSummary([
        { ...DEFAULT_PLANS[0]!, api_calls_per_minute: 0 },
        { ...DEFAULT_PLANS[2]!, api_calls_per_minute: -1 },
      ]),
    ).toBe('Free none and Enterprise Unlimited');
    expect(rateLimitSummary([DEFAULT_PLANS[1]!])).toBe('Pro 1,000');
  });
});
