import { describe, expect, it } from 'vitest';
import type { CustomDomain, TraiHeader } from './domains-api.ts';
import {
  DEFAULT_PLACEMENT,
  initialChoice,
  linkPlacement,
  placementChoices,
  placementKind,
  placementPayload,
  placementPrefix,
  shortUrlPreview,
} from './placement.ts';

const HOST = 'lnk.example.com';

const domain = (overrides: Partial<CustomDomain>): CustomDomain => ({
  id: 1,
  domain: 'links.acme.in',
  dns_verified: true,
  is_active: false,
  dns_token: 'linkledger-verify=abc',
  created_at: '2026-11-22T10:00:00.000Z',
  status: 'verified',
  expires_at: null,
  dns_instructions: { records: [], ttl: 3600, propagation: 'DNS changes can take up to 24 hours to propagate.' },
  ...overrides,
});

const trai = (overrides: Partial<TraiHeader>): TraiHeader => ({
  id: 1,
  header: 'ACMEIN',
  domain_type: 'our_domain',
  custom_domain_id: null,
  domain: null,
  dns_verified: true,
  is_active: false,
  dns_token: 'linkledger-verify=def',
  created_at: '2026-11-22T10:00:00.000Z',
  approval: 'approved',
  dlt_registration_id: null,
  rejection_reason: null,
  ...overrides,
});

describe('where a new link can be served', () => {
  const domains = [domain({ id: 1 }), domain({ id: 2, domain: 'go.acme.in', dns_verified: false })];
  const headers = [
    trai({ id: 5 }),
    trai({ id: 6, header: 'ACMEPR', domain_type: 'custom_domain', custom_domain_id: 1, domain: 'links.acme.in' }),
    trai({ id: 7, header: 'NOTYET', dns_verified: false }),
  ];
  const choices = placementChoices(domains, headers, HOST);

  it('offers only verified domains and headers, domains first', () => {
    expect(choices.map((choice) => [choice.value, choice.label])).toEqual([
      ['domain:1', 'links.acme.in'],
      ['trai:5', `TRAI header ACMEIN (${HOST})`],
      ['trai:6', 'TRAI header ACMEPR (links.acme.in)'],
    ]);
  });

  it('offers nothing the plan no longer includes: after a downgrade, no domain and no header', () => {
    const labels = (features: string[]) => placementChoices(domains, headers, HOST, features).map((choice) => choice.value);
    expect(labels(['custom_domains', 'trai_domains'])).toEqual(['domain:1', 'trai:5', 'trai:6']);
    expect(labels(['trai_domains'])).toEqual(['trai:5']);
    expect(labels(['custom_domains'])).toEqual(['domain:1']);
    expect(labels([])).toEqual([]);
  });

  it('starts from the active header, else the active domain, else the first', () => {
    expect(initialChoice(choices, { active_trai_header: 'ACMEPR', active_custom_domain: 'links.acme.in' })?.value).toBe('trai:6');
    expect(initialChoice(choices, { active_trai_header: null, active_custom_domain: 'links.acme.in' })?.value).toBe('domain:1');
    expect(initialChoice(choices, { active_trai_header: 'GONE00', active_custom_domain: null })?.value).toBe('domain:1');
    expect(initialChoice([], null)).toBeNull();
  });
});

describe('the create payload of a place', () => {
  it('sends nothing for the default short domain', () => {
    expect(placementPayload(DEFAULT_PLACEMENT)).toEqual({});
  });

  it('sends the host of a custom domain', () => {
    expect(placementPayload({ kind: 'custom', domain: 'links.acme.in' })).toEqual({ custom_domain: 'links.acme.in' });
  });

  it('sends the header, with its custom domain when it lives on one', () => {
    expect(placementPayload({ kind: 'trai', header: 'ACMEIN', domain: null })).toEqual({ trai_header: 'ACMEIN' });
    expect(placementPayload({ kind: 'trai', header: 'ACMEPR', domain: 'links.acme.in' })).toEqual({ trai_header: 'ACMEPR', custom_domain: 'links.acme.in' });
  });
});

describe('the short URL preview', () => {
  it('follows the short path rule', () => {
    expect(shortUrlPreview(DEFAULT_PLACEMENT, HOST, 'spring')).toBe(`${HOST}/spring`);
    expect(shortUrlPreview({ kind: 'custom', domain: 'links.acme.in' }, HOST, 'spring')).toBe('links.acme.in/spring');
    expect(shortUrlPreview({ kind: 'trai', header: 'ACMEIN', domain: null }, HOST, 'spring')).toBe(`${HOST}/ACMEIN/spring`);
    expect(shortUrlPreview({ kind: 'trai', header: 'ACMEPR', domain: 'links.acme.in' }, HOST, 'spring')).toBe('links.acme.in/ACMEPR/spring');
  });

  it('marks a generated code with an ellipsis', () => {
    expect(shortUrlPreview(DEFAULT_PLACEMENT, HOST, '  ')).toBe(`${HOST}/…`);
    expect(placementPrefix({ kind: 'trai', header: 'ACMEIN', domain: null }, HOST)).toBe(`${HOST}/ACMEIN/`);
  });
});

describe('an existing link', () => {
  it('reads its place from its own fields, for the Edit dialog', () => {
    expect(linkPlacement({ custom_domain: null, trai_header: null })).toEqual(DEFAULT_PLACEMENT);
    expect(linkPlacement({ custom_domain: 'links.acme.in', trai_header: null })).toEqual({ kind: 'custom', domain: 'links.acme.in' });
    expect(linkPlacement({ custom_domain: null, trai_header: 'ACMEIN' })).toEqual({ kind: 'trai', header: 'ACMEIN', domain: null });
    expect(
      [DEFAULT_PLACEMENT, { kind: 'custom', domain: 'links.acme.in' } as const, { kind: 'trai', header: 'ACMEIN', domain: null } as const].map(placementKind),
    ).toEqual(['default short domain', 'custom domain', 'TRAI header']);
  });
});
