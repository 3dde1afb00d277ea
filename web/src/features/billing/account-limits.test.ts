import { describe, expect, it } from 'vitest';
import { linkLimitIsAccounts, offersUpgrade } from './account-limits.ts';

const free = { name: 'free', monthly_links_limit: 10, is_unlimited: false };
const pro = { name: 'pro', monthly_links_limit: 1000, is_unlimited: false };

describe('whose link limit it is, and whether an upgrade is pitched', () => {
  it('pitches Pro to a Free user on the plan’s own limit', () => {
    expect(linkLimitIsAccounts({ monthly_links: 10 }, free)).toBe(false);
    expect(offersUpgrade({ plan: free, limits: { monthly_links: 10 } })).toBe(true);
  });

  it('pitches nothing to a Free user an admin made unlimited, nor to one with an admin’s own limit', () => {
    expect(linkLimitIsAccounts({ monthly_links: -1 }, free)).toBe(true);
    expect(offersUpgrade({ plan: free, limits: { monthly_links: -1 } })).toBe(false);
    expect(offersUpgrade({ plan: free, limits: { monthly_links: 1 } })).toBe(false);
  });

  it('pitches nothing on a paid plan, and an unlimited plan’s limit is its own', () => {
    expect(offersUpgrade({ plan: pro, limits: { monthly_links: 1000 } })).toBe(false);
    expect(linkLimitIsAccounts({ monthly_links: -1 }, { monthly_links_limit: -1, is_unlimited: true })).toBe(false);
  });
});
