import { describe, expect, it } from 'vitest';
import {
  NO_VERIFIED_DOMAINS,
  SELECT_CUSTOM_DOMAIN,
  checkLabel,
  dnsRows,
  headerProblem,
  isHeaderComplete,
  normalizeHeader,
  traiDomainProblem,
  traiHostForm,
  traiStatus,
  ttlLabel,
  verificationFailedText,
} from './domain-rules.ts';

describe('TRAI header input', () => {
  it('is upper-cased, loses spaces and stops at 6 characters', () => {
    expect(normalizeHeader('acmein')).toBe('ACMEIN');
    expect(normalizeHeader(' ac me in ')).toBe('ACMEIN');
    expect(normalizeHeader('acmeindia')).toBe('ACMEIN');
    expect(normalizeHeader('ab12')).toBe('AB12');
  });

  it('can be sent only at exactly 6 characters', () => {
    expect(isHeaderComplete('ACMEI')).toBe(false);
    expect(isHeaderComplete('ACMEIN')).toBe(true);
  });

  it('says so when a character is not a letter or digit', () => {
    expect(headerProblem('ACME1N')).toBeNull();
    expect(headerProblem('AC-MEI')).toMatch(/letters A–Z and digits 0–9/);
    expect(headerProblem('ÉCOLE1')).not.toBeNull();
  });
});

describe('a TRAI header on a custom domain', () => {
  it('needs nothing more on our own host', () => {
    expect(traiDomainProblem('our_domain', null, 0)).toBeNull();
  });

  it('asks for a verified domain first, then for a choice', () => {
    expect(traiDomainProblem('custom_domain', null, 0)).toBe(NO_VERIFIED_DOMAINS);
    expect(traiDomainProblem('custom_domain', null, 2)).toBe(SELECT_CUSTOM_DOMAIN);
    expect(traiDomainProblem('custom_domain', 7, 2)).toBeNull();
  });

  it('uses the texts of the product', () => {
    expect(SELECT_CUSTOM_DOMAIN).toBe('Please select a custom domain');
    expect(NO_VERIFIED_DOMAINS).toBe('No verified custom domains available. Please verify a custom domain first.');
  });
});

describe('TRAI rows', () => {
  it('show the path form on our host or on the custom domain', () => {
    expect(traiHostForm({ header: 'ACMEIN', domain: null }, 'lnk.example.com')).toBe('lnk.example.com/ACMEIN/');
    expect(traiHostForm({ header: 'ACMEIN', domain: 'links.acme.in' }, 'lnk.example.com')).toBe('links.acme.in/ACMEIN/');
  });

  it('are ready on our own host once approved, verified on a custom domain, else awaiting approval, rejected or pending', () => {
    expect(traiStatus({ domain_type: 'our_domain', dns_verified: true, approval: 'approved' })).toBe('ready');
    expect(traiStatus({ domain_type: 'our_domain', dns_verified: false, approval: 'pending' })).toBe('awaiting_approval');
    expect(traiStatus({ domain_type: 'our_domain', dns_verified: false, approval: 'rejected' })).toBe('rejected');
    expect(traiStatus({ domain_type: 'custom_domain', dns_verified: true })).toBe('verified');
    expect(traiStatus({ domain_type: 'custom_domain', dns_verified: false })).toBe('pending');
  });
});

describe('verification', () => {
  it('lists the failed checks, joined by commas', () => {
    expect(verificationFailedText({ failed_checks: ['txt_missing', 'not_pointing'] })).toBe(
      'Verification failed. Please check: TXT record missing, domain not pointing here',
    );
    expect(verificationFailedText({ failed_checks: ['txt_mismatch'] })).toBe('Verification failed. Please check: TXT record does not match');
    expect(checkLabel('dns_unavailable')).toBe('DNS could not be reached');
    expect(checkLabel('something_new')).toBe('something new');
  });
});

describe('DNS instructions', () => {
  const guide = {
    records: [
      { type: 'TXT' as const, name: '_linkledger-verify.links.acme.in', value: 'linkledger-verify=abc', ttl: 3600 },
      { type: 'A' as const, name: 'links.acme.in', value: '203.0.113.7', ttl: 3600 },
      { type: 'CNAME' as const, name: 'links.acme.in', value: 'domains.linkledger.in', ttl: 3600, alternative: true },
    ],
    ttl: 3600,
    propagation: 'DNS changes can take up to 24 hours to propagate.',
  };

  it('become rows with the TTL for a person and the CNAME marked as the alternative', () => {
    const rows = dnsRows(guide);
    expect(rows.map((row) => [row.type, row.name, row.value, row.ttl, row.alternative])).toEqual([
      ['TXT', '_linkledger-verify.links.acme.in', 'linkledger-verify=abc', '3600 (1 hour)', false],
      ['A', 'links.acme.in', '203.0.113.7', '3600 (1 hour)', false],
      ['CNAME', 'links.acme.in', 'domains.linkledger.in', '3600 (1 hour)', true],
    ]);
    expect(rows[2]?.purpose).toBe('Or, instead of the A record: points the domain here');
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });

  it('names both pointing types when A and AAAA are offered', () => {
    const both = dnsRows({
      records: [...guide.records.slice(0, 2), { type: 'AAAA', name: 'links.acme.in', value: '2001:db8::7', ttl: 3600 }, guide.records[2]!],
    });
    expect(both.at(-1)?.purpose).toBe('Or, instead of the A and AAAA records: points the domain here');
  });

  it('write TTLs in hours or minutes when they are whole', () => {
    expect(ttlLabel(3600)).toBe('3600 (1 hour)');
    expect(ttlLabel(7200)).toBe('7200 (2 hours)');
    expect(ttlLabel(300)).toBe('300 (5 minutes)');
    expect(ttlLabel(45)).toBe('45');
  });
});
