import type { CustomDomain, DnsGuide, TraiHeader, Verification } from './domains-api.ts';

/*
 * The domain screens' rules and texts (docs/web-app.md#custom-domains): the failure texts
 * of the product's error catalogue, the TRAI header's form, and how DNS guidance is shown.
 */

/** Fallbacks when the server sends no detail. */
export const ADD_FAILED = 'Failed to add domain';
export const VERIFY_FAILED = 'Domain verification failed. Please check your DNS settings.';
export const SET_ACTIVE_FAILED = 'Failed to set domain as active';
export const DELETE_FAILED = 'Failed to delete domain';
export const TRAI_ADD_FAILED = 'Failed to add TRAI domain';
export const TRAI_VERIFY_FAILED = 'TRAI domain verification failed. Please check your DNS settings.';
export const TRAI_SET_ACTIVE_FAILED = 'Failed to set TRAI domain as active';
export const TRAI_DELETE_FAILED = 'Failed to delete TRAI domain';
/** Developer Tools' verify fallback. */
export const TOOLS_VERIFY_FAILED = 'Failed to verify domain. Please try again.';

/** A TRAI header on a custom domain needs one of the user's verified domains. */
export const SELECT_CUSTOM_DOMAIN = 'Please select a custom domain';
export const NO_VERIFIED_DOMAINS = 'No verified custom domains available. Please verify a custom domain first.';

/** Success lines go after 5 seconds; failures stay until the next action. */
export const SUCCESS_CLEAR_MS = 5000;

export const TRAI_HEADER_LENGTH = 6;

/** What the user typed, as a header: upper-case, no spaces, at most 6 characters. */
export function normalizeHeader(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').slice(0, TRAI_HEADER_LENGTH);
}

/** A header the server can take: exactly 6 letters or digits. */
export const isHeaderComplete = (header: string) => header.length === TRAI_HEADER_LENGTH;

/** A problem worth saying while typing (a character that is not a letter or digit), else null. */
export function headerProblem(header: string): string | null {
  return /[^A-Z0-9]/.test(header) ? 'Use letters A–Z and digits 0–9 only.' : null;
}

/** Why a TRAI header cannot be added on a custom domain yet, else null (our own host needs nothing). */
export function traiDomainProblem(domainType: 'our_domain' | 'custom_domain', customDomainId: number | null, verifiedDomainCount: number): string | null {
  if (domainType !== 'custom_domain') return null;
  if (verifiedDomainCount === 0) return NO_VERIFIED_DOMAINS;
  return customDomainId === null ? SELECT_CUSTOM_DOMAIN : null;
}

/** Where a header's links live: `{host}/{HEADER}/` on our own host, `{domain}/{HEADER}/` on a custom domain. */
export function traiHostForm(trai: Pick<TraiHeader, 'header' | 'domain'>, host: string): string {
  return `${trai.domain ?? host}/${trai.header}/`;
}

/**
 * Whether a header can carry links: ready on our own host once an administrator approved it
 * (awaiting approval until then, or rejected), verified on a custom domain (else pending).
 */
type TraiStatus = 'ready' | 'verified' | 'pending' | 'awaiting_approval' | 'rejected';
export function traiStatus(trai: Pick<TraiHeader, 'domain_type' | 'dns_verified'> & { approval?: TraiHeader['approval'] }): TraiStatus {
  if (trai.domain_type === 'our_domain') {
    if (trai.approval === 'rejected') return 'rejected';
    return trai.dns_verified ? 'ready' : 'awaiting_approval';
  }
  return trai.dns_verified ? 'verified' : 'pending';
}

/** What a domain claim's state badge says (docs/domains.md#one-owner-per-name). */
export const CLAIM_BADGES: Record<CustomDomain['status'], { tone: 'success' | 'warning' | 'error'; text: string }> = {
  verified: { tone: 'success', text: 'Verified' },
  pending: { tone: 'warning', text: 'Unverified' },
  unverified: { tone: 'warning', text: 'Unverified' },
  expired: { tone: 'error', text: 'Expired' },
  dropped: { tone: 'error', text: 'Owned by another account' },
};

/** Why a claim can only be deleted: another account proved the name first, or it was left pending too long. */
export function claimNotice(domain: Pick<CustomDomain, 'status' | 'domain'>): string | null {
  if (domain.status === 'dropped')
    return `Another account verified ${domain.domain} first, so this claim was dropped and serves nothing. Delete it from your list.`;
  if (domain.status === 'expired')
    return `This claim was not verified within 7 days and has expired. Delete it and add ${domain.domain} again for a new token.`;
  return null;
}

/** Whether the claim can still be verified: pending (before it expires), verified, or verified once. */
export const canVerify = (domain: Pick<CustomDomain, 'status'>) => domain.status !== 'dropped' && domain.status !== 'expired';

const CHECK_LABELS: Record<string, string> = {
  txt_missing: 'TXT record missing',
  txt_mismatch: 'TXT record does not match',
  not_pointing: 'domain not pointing here',
  dns_unavailable: 'DNS could not be reached',
};

/** A failed check for a person ("TXT record missing"); an unknown one as the server named it. */
export const checkLabel = (check: string) => CHECK_LABELS[check] ?? check.replace(/_/g, ' ');

/** The line shown when a check fails: 'Verification failed. Please check: {failed checks joined by commas}'. */
export function verificationFailedText(result: Pick<Verification, 'failed_checks'>): string {
  return `Verification failed. Please check: ${result.failed_checks.map(checkLabel).join(', ')}`;
}

/** A TTL for a person: "3600 (1 hour)". */
export function ttlLabel(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return `${seconds} (${hours} hour${hours === 1 ? '' : 's'})`;
  }
  if (seconds > 0 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${seconds} (${minutes} minute${minutes === 1 ? '' : 's'})`;
  }
  return String(seconds);
}

interface DnsRow {
  key: string;
  type: string;
  name: string;
  value: string;
  ttl: string;
  /** What the record is for, or that it replaces others ("Or, instead of the A record: …"). */
  purpose: string;
  alternative: boolean;
}

/** The records to publish as table rows, the CNAME alternative marked as such. */
export function dnsRows(guide: Pick<DnsGuide, 'records'>): DnsRow[] {
  const pointing = [...new Set(guide.records.filter((record) => record.type === 'A' || record.type === 'AAAA').map((record) => record.type))];
  return guide.records.map((record, index) => {
    const alternative = record.alternative === true;
    let purpose: string;
    if (record.type === 'TXT') purpose = 'Proves the domain is yours';
    else if (alternative) purpose = `Or, instead of the ${pointing.join(' and ')} record${pointing.length === 1 ? '' : 's'}: points the domain here`;
    else purpose = 'Points the domain here';
    return {
      key: `${record.type}-${record.name}-${index}`,
      type: record.type,
      name: record.name,
      value: record.value,
      ttl: ttlLabel(record.ttl),
      purpose,
      alternative,
    };
  });
}
