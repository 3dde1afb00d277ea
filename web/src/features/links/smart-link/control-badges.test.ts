import { describe, expect, it } from 'vitest';
import { sampleLink } from '../testing/sample-link.ts';
import { controlBadges } from './control-badges.ts';
import { controlFieldOf } from './control-errors.ts';
import { controlGates } from './plan-gates.ts';

// A link's controls at a glance (docs/links.md#smart-links), against a fixed clock.
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const texts = (overrides: Parameters<typeof sampleLink>[0]) => controlBadges(sampleLink(overrides), NOW).map((badge) => badge.text);

describe('the control badges on a link', () => {
  it('shows none for a plain link', () => {
    expect(controlBadges(sampleLink(), NOW)).toEqual([]);
  });

  it('counts down to the expiry in days, then hours, then minutes', () => {
    expect(texts({ expires_at: '2026-12-01T10:00:00.000Z' })).toEqual(['Expires in 3 days']);
    expect(texts({ expires_at: '2026-11-28T15:00:00.000Z' })).toEqual(['Expires in 5 hours']);
    expect(texts({ expires_at: '2026-11-28T10:20:00.000Z' })).toEqual(['Expires in 20 minutes']);
    expect(texts({ expires_at: '2026-11-28T10:01:00.000Z' })).toEqual(['Expires in 1 minute']);
  });

  it('says Expired once the time has passed or the link was recorded expired, with why in the tooltip', () => {
    const [byTime] = controlBadges(sampleLink({ expires_at: '2026-11-27T10:00:00.000Z', expired_url: 'https://example.com/over' }), NOW);
    expect(byTime).toMatchObject({ text: 'Expired', warning: true });
    expect(byTime!.detail).toMatch(/^Expired on 27 Nov 2026, .* Visitors go to https:\/\/example\.com\/over\.$/);
    const [byClicks] = controlBadges(sampleLink({ expired: true, max_clicks: 10, total_clicks: 10 }), NOW);
    expect(byClicks).toMatchObject({ text: 'Expired', detail: 'Reached its click limit.' });
  });

  it('says when a scheduled link starts', () => {
    const [badge] = controlBadges(sampleLink({ starts_at: '2026-12-05T06:30:00.000Z', expires_at: '2026-12-31T00:00:00.000Z' }), NOW);
    expect(badge).toMatchObject({ text: 'Starts 5 Dec 2026', warning: true });
  });

  it('shows the clicks left, the password, the rules, the split and the card, in the dialog’s order', () => {
    const link = sampleLink({
      total_clicks: 88,
      max_clicks: 100,
      has_password: true,
      rules: [
        { url: 'https://apps.apple.com/app', conditions: { device: 'ios', country: 'IN' } },
        { url: 'https://play.google.com/app', conditions: { device: 'android' } },
        { url: 'https://example.com/mail', conditions: { query: { param: 'ref', value: 'mail' } } },
      ],
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
      og: { title: 'Winter sale', description: '', image_url: null },
    });
    const badges = controlBadges(link, NOW);
    expect(badges.map((badge) => badge.text)).toEqual(['12 of 100 clicks left', 'Password', '3 rules', 'A/B 50/50', 'Card']);
    expect(badges.find((badge) => badge.key === 'rules')!.detail).toBe(
      '1. ios, IN → https://apps.apple.com/app\n2. android → https://play.google.com/app\n3. ?ref=mail → https://example.com/mail',
    );
    expect(badges.find((badge) => badge.key === 'split')!.detail).toBe('Variant 1: 50% → https://example.com/a\nVariant 2: 50% → https://example.com/b');
    expect(badges.find((badge) => badge.key === 'card')!.detail).toBe('Social card: Winter sale');
  });

  it('never counts below none left, and says one rule', () => {
    expect(texts({ total_clicks: 130, max_clicks: 100, rules: [{ url: 'https://example.com', conditions: { country: 'IN' } }] })).toEqual([
      '0 of 100 clicks left',
      '1 rule',
    ]);
  });
});

describe('a refusal next to the control it names', () => {
  it('finds the control a server message names first', () => {
    expect(controlFieldOf('max_clicks must be 1 or more')).toBe('max_clicks');
    expect(controlFieldOf('expires_at must be in the future')).toBe('expires_at');
    expect(controlFieldOf('expired_url must not lead back to a short link')).toBe('expired_url');
    expect(controlFieldOf('The variants’ weights must add up to 100')).toBe('variants');
    expect(controlFieldOf('A rule needs at least one condition')).toBe('rules');
    expect(controlFieldOf('og.title must be at most 200 characters')).toBe('og');
    expect(controlFieldOf('Password protection is only available on Pro and Enterprise plans')).toBe('password');
  });

  it('leaves a message about no control above the form', () => {
    expect(controlFieldOf('Please enter a valid URL starting with http:// or https://')).toBeNull();
    expect(controlFieldOf('This short code is already taken')).toBeNull();
  });
});

describe('the plan’s gates on the controls', () => {
  it('allows what the plan’s features hold, and nothing while they are unknown', () => {
    const gates = controlGates({ link_expiration: true, password_protection: true, mobile_redirect: true, social_sharing: true, ab_testing: false });
    expect(Object.entries(gates).map(([section, gate]) => [section, gate.allowed])).toEqual([
      ['schedule', true],
      ['password', true],
      ['deviceRules', true],
      ['otherRules', false],
      ['split', false],
      ['card', true],
    ]);
    expect(gates.split.upgrade).toMatch(/Enterprise plan\. Upgrade your plan/);
    expect(Object.values(controlGates(null)).every((gate) => !gate.allowed)).toBe(true);
  });
});
