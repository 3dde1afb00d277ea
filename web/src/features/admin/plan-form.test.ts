import { describe, expect, it } from 'vitest';
import type { AdminPlan } from './admin-api.ts';
import {
  changesOf,
  formOf,
  groupFeatures,
  limitLabel,
  parseLimit,
  parsePrice,
  parseYearlyPrice,
  priceLabel,
  priceProblem,
  pricesMadeFree,
  type Feature,
} from './plan-form.ts';

const pro: AdminPlan = {
  id: 2,
  name: 'pro',
  display_name: 'Pro',
  price_monthly: 999,
  price_yearly: 9990,
  monthly_links_limit: 1000,
  custom_domains_limit: 2,
  api_calls_per_minute: 1000,
  api_rate_limit: 1000,
  analytics_retention_days: 90,
  trai_domains_limit: 2,
  surveys_limit: 5,
  link_in_bio_pages_limit: 3,
  seats: 5,
  is_active: true,
  is_featured: true,
  popular: true,
  is_unlimited: false,
  features: ['basic_analytics', 'api_access', 'csv_import_export'],
};

describe('parsing the boxes', () => {
  it('reads prices as decimals and limits as integers', () => {
    expect(parsePrice('999.50')).toBe(999.5);
    expect(parsePrice(' 49990 ')).toBe(49990);
    expect(parseLimit('1000')).toBe(1000);
    expect(parseLimit('-1')).toBe(-1);
    expect(parseLimit('12.7')).toBe(12);
  });

  it('turns an invalid entry into 0', () => {
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('abc')).toBe(0);
    expect(parseLimit('')).toBe(0);
    expect(parseLimit('many')).toBe(0);
  });

  it('reads an empty yearly price as none', () => {
    expect(parseYearlyPrice('')).toBeNull();
    expect(parseYearlyPrice('  ')).toBeNull();
    expect(parseYearlyPrice('9990')).toBe(9990);
    expect(parseYearlyPrice('x')).toBe(0);
  });
});

describe('changesOf', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesOf(pro, formOf(pro))).toEqual({});
  });

  it('sends only the fields that changed', () => {
    const form = formOf(pro);
    form.display_name = ' Pro plus ';
    form.price_monthly = '1299.99';
    form.limits.surveys_limit = '-1';
    form.flags.popular = false;
    expect(changesOf(pro, form)).toEqual({ display_name: 'Pro plus', price_monthly: 1299.99, surveys_limit: -1, popular: false });
  });

  it('sends null for an emptied yearly price and 0 for an invalid limit', () => {
    const form = formOf(pro);
    form.price_yearly = '';
    form.limits.custom_domains_limit = 'lots';
    expect(changesOf(pro, form)).toEqual({ price_yearly: null, custom_domains_limit: 0 });
  });

  it('compares features as a set and sends the whole list when it changed', () => {
    const reordered = formOf(pro);
    reordered.features = ['csv_import_export', 'api_access', 'basic_analytics'];
    expect(changesOf(pro, reordered)).toEqual({});

    const form = formOf(pro);
    form.features = ['basic_analytics', 'api_access', 'link_in_bio'];
    expect(changesOf(pro, form)).toEqual({ features: ['basic_analytics', 'api_access', 'link_in_bio'] });
  });

  it('shows a plan without a yearly price as an empty box, and leaves it unchanged', () => {
    const free = { ...pro, price_monthly: 0, price_yearly: null };
    const form = formOf(free);
    expect(form.price_yearly).toBe('');
    expect(changesOf(free, form)).toEqual({});
  });
});

describe('labels', () => {
  it('writes -1 as Unlimited and groups figures the Indian way', () => {
    expect(limitLabel(-1)).toBe('Unlimited');
    expect(limitLabel(100000)).toBe('1,00,000');
    expect(limitLabel(0)).toBe('0');
  });

  it('writes rupees with paise only when there are some', () => {
    expect(priceLabel(999)).toBe('₹999');
    expect(priceLabel(49990)).toBe('₹49,990');
    expect(priceLabel(999.5)).toBe('₹999.50');
    expect(priceLabel(0.1)).toBe('₹0.10');
    expect(priceLabel(0)).toBe('₹0');
  });
});

describe('groupFeatures', () => {
  it('groups by category in a fixed order, keeping the list order inside a group', () => {
    const features: Feature[] = [
      { key: 'qr_code_generation', name: 'QR codes', description: 'A QR code', category: 'qr' },
      { key: 'basic_analytics', name: 'Basic analytics', description: 'Clicks', category: 'analytics' },
      { key: 'link_expiration', name: 'Link expiration', description: 'Expiry', category: 'links' },
      { key: 'advanced_analytics', name: 'Advanced analytics', description: 'Devices', category: 'analytics' },
    ];
    const groups = groupFeatures(features);
    expect(groups.map((group) => group.label)).toEqual(['Analytics', 'Links', 'QR codes']);
    expect(groups[0]!.features.map((feature) => feature.key)).toEqual(['basic_analytics', 'advanced_analytics']);
  });

  it('refuses an empty or unreadable monthly price before sending, and names the boxes an edit sets to 0 on a paid plan', () => {
    expect(priceProblem({ price_monthly: '  ', price_yearly: '' })).toBe('Monthly price (₹) is required: enter 0 only to make the plan free.');
    expect(priceProblem({ price_monthly: 'abc', price_yearly: '' })).toBe('Monthly price (₹) must be a number of rupees.');
    expect(priceProblem({ price_monthly: '999', price_yearly: 'x' })).toBe('Yearly price (₹) must be a number of rupees, or empty for none.');
    expect(priceProblem({ price_monthly: '0', price_yearly: '' })).toBeNull();
    expect(pricesMadeFree(pro, { price_monthly: 0 })).toEqual(['Monthly price (₹)']);
    expect(pricesMadeFree(pro, { price_monthly: 0, price_yearly: 0 })).toEqual(['Monthly price (₹)', 'Yearly price (₹)']);
    expect(pricesMadeFree(pro, { price_monthly: 10 })).toEqual([]);
    expect(pricesMadeFree({ ...pro, name: 'free', price_monthly: 0 }, { price_monthly: 0 })).toEqual([]);
  });
});
