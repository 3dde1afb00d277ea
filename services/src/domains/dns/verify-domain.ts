import { isIPv4, isIPv6 } from 'node:net';

const VERIFY_PREFIX = '_linkledger-verify';
const TTL = 3600;
const PROPAGATION = 'DNS changes can take up to 24 hours to propagate.';

/** Where custom domains must point, from configuration (DOMAIN_TARGET_IPS, DOMAIN_CNAME_TARGET). */
export interface DomainTarget {
  ips: string[];
  cname: string | null;
}

type FailedCheck = 'txt_missing' | 'txt_mismatch' | 'not_pointing' | 'dns_unavailable';

export interface DnsRecordInstruction {
  type: 'TXT' | 'A' | 'AAAA' | 'CNAME';
  name: string;
  value: string;
  ttl: number;
  /** Set on the CNAME when A/AAAA records are offered too: publish one or the other. */
  alternative?: boolean;
}

export interface DnsInstructions {
  records: DnsRecordInstruction[];
  ttl: number;
  propagation: string;
}

export interface VerificationResult {
  fully_verified: boolean;
  failed_checks: FailedCheck[];
  /** One sentence per failed check, in the same order, saying what to fix. */
  messages: string[];
  dns_instructions: DnsInstructions;
}

/** The lookups verification needs; `dns.promises.Resolver` (see createResolver) is one. */
interface DnsResolver {
  resolveTxt(hostname: string): Promise<string[][]>;
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
  resolveCname(hostname: string): Promise<string[]>;
}

// c-ares codes (as Node reports them) meaning "the name or record does not exist".
const NO_RECORD_CODES = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME']);
// Codes meaning DNS did not give a usable answer this time; anything else is a bug and is thrown.
const UNAVAILABLE_CODES = new Set([
  'ETIMEOUT',
  'ECONNREFUSED',
  'ESERVFAIL',
  'EREFUSED',
  'EBADRESP',
  'EFORMERR',
  'ENOTIMP',
  'EOF',
  'ECANCELLED',
  'EDESTRUCTION',
]);

type Lookup<T> = { kind: 'found'; values: T[] } | { kind: 'none' } | { kind: 'unavailable'; code: string };
type Outcome = { kind: 'ok' } | { kind: 'failed'; check: FailedCheck; message: string } | { kind: 'unavailable'; codes: string[] };

/**
 * Checks, by live DNS, that `_linkledger-verify.<domain>` has a TXT record equal to `token`
 * and that `<domain>` points here (A/AAAA to a target IP, or CNAME to the target host).
 * DNS failures never verify a domain: they come back as `dns_unavailable`.
 */
export async function verifyDomain(resolver: DnsResolver, domain: string, token: string, target: DomainTarget): Promise<VerificationResult> {
  const dns_instructions = dnsInstructions(domain, token, target);
  const [txt, pointing] = await Promise.all([checkTxt(resolver, domain, token), checkPointing(resolver, domain, target)]);

  const failed_checks: FailedCheck[] = [];
  const messages: string[] = [];
  const unavailableCodes: string[] = [];
  for (const outcome of [txt, pointing]) {
    if (outcome.kind === 'failed') {
      failed_checks.push(outcome.check);
      messages.push(outcome.message);
    } else if (outcome.kind === 'unavailable') {
      unavailableCodes.push(...outcome.codes);
    }
  }
  if (unavailableCodes.length > 0) {
    failed_checks.push('dns_unavailable');
    messages.push(`DNS could not be reached to check ${domain} (${[...new Set(unavailableCodes)].join(', ')}); please try again in a few minutes.`);
  }
  return { fully_verified: failed_checks.length === 0, failed_checks, messages, dns_instructions };
}

/** The records a user must publish for `domain`; the CNAME appears only when one is configured. */
export function dnsInstructions(domain: string, token: string, target: DomainTarget): DnsInstructions {
  assertHostName(domain);
  if (token === '') throw new Error('A domain verification token must not be empty: an empty TXT record would match it.');
  const { v4, v6, cname } = normalizeTarget(target);
  const records: DnsRecordInstruction[] = [{ type: 'TXT', name: verifyName(domain), value: token, ttl: TTL }];
  for (const ip of v4) records.push({ type: 'A', name: domain, value: ip, ttl: TTL });
  for (const ip of v6) records.push({ type: 'AAAA', name: domain, value: ip, ttl: TTL });
  if (cname !== null) {
    const cnameRecord: DnsRecordInstruction = { type: 'CNAME', name: domain, value: cname, ttl: TTL };
    if (records.length > 1) cnameRecord.alternative = true;
    records.push(cnameRecord);
  }
  return { records, ttl: TTL, propagation: PROPAGATION };
}

async function checkTxt(resolver: DnsResolver, domain: string, token: string): Promise<Outcome> {
  const name = verifyName(domain);
  const txt = await lookup(() => resolver.resolveTxt(name));
  if (txt.kind === 'unavailable') return { kind: 'unavailable', codes: [txt.code] };
  if (txt.kind === 'none') {
    return { kind: 'failed', check: 'txt_missing', message: `No TXT record found at ${name}. Add a TXT record with the value ${token}.` };
  }
  // A TXT record longer than 255 bytes arrives as several strings; they form one value.
  if (txt.values.some((chunks) => chunks.join('') === token)) return { kind: 'ok' };
  return { kind: 'failed', check: 'txt_mismatch', message: `The TXT record at ${name} does not contain this domain’s token ${token}.` };
}

async function checkPointing(resolver: DnsResolver, domain: string, target: DomainTarget): Promise<Outcome> {
  const { v4, v6, cname } = normalizeTarget(target);
  if (v4.length === 0 && v6.length === 0 && cname === null) {
    const message = `${domain} cannot be checked for pointing at this service because none is configured (DOMAIN_TARGET_IPS or DOMAIN_CNAME_TARGET); ask the administrator to set one.`;
    return { kind: 'failed', check: 'not_pointing', message };
  }
  // Only the record types that could match are asked for.
  const lookups = await Promise.all([
    v4.length > 0 ? lookup(() => resolver.resolve4(domain)).then((found) => matches(found, (ip) => v4.includes(ip))) : undefined,
    v6.length > 0 ? lookup(() => resolver.resolve6(domain)).then((found) => matches(found, (ip) => v6.includes(canonicalIPv6(ip)))) : undefined,
    cname !== null ? lookup(() => resolver.resolveCname(domain)).then((found) => matches(found, (host) => normalizeHost(host) === cname)) : undefined,
  ]);
  // One matching answer proves the pointing even if another lookup failed.
  if (lookups.some((result) => result === true)) return { kind: 'ok' };
  const codes = lookups.filter((result) => typeof result === 'string');
  if (codes.length > 0) return { kind: 'unavailable', codes };
  return { kind: 'failed', check: 'not_pointing', message: `${domain} does not point at this service: add ${pointingChoices(v4, v6, cname)}.` };
}

/** true when an answer matches, false when none does, or the error code when DNS failed. */
function matches<T>(found: Lookup<T>, isTarget: (value: T) => boolean): boolean | string {
  if (found.kind === 'unavailable') return found.code;
  return found.kind === 'found' && found.values.some(isTarget);
}

async function lookup<T>(query: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    const values = await query();
    // Node answers [] rather than ENODATA when, for example, only a CNAME came back for an A query.
    return values.length > 0 ? { kind: 'found', values } : { kind: 'none' };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && NO_RECORD_CODES.has(code)) return { kind: 'none' };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return { kind: 'unavailable', code };
    throw error;
  }
}

function pointingChoices(v4: string[], v6: string[], cname: string | null): string {
  const choices: string[] = [];
  if (v4.length > 0) choices.push(`an A record to ${oneOf(v4)}`);
  if (v6.length > 0) choices.push(`an AAAA record to ${oneOf(v6)}`);
  if (cname !== null) choices.push(`a CNAME to ${cname}`);
  return choices.length === 1 ? (choices[0] ?? '') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

function oneOf(values: string[]): string {
  return values.length === 1 ? (values[0] ?? '') : `one of ${values.join(', ')}`;
}

function normalizeTarget(target: DomainTarget): { v4: string[]; v6: string[]; cname: string | null } {
  const v4: string[] = [];
  const v6: string[] = [];
  for (const ip of target.ips) {
    if (isIPv4(ip)) v4.push(ip);
    else if (isIPv6(ip)) v6.push(canonicalIPv6(ip));
    else throw new Error(`DOMAIN_TARGET_IPS contains "${ip}", which is not an IP address.`);
  }
  if (target.cname === null) return { v4, v6, cname: null };
  const cname = normalizeHost(target.cname);
  if (!isHostName(cname)) throw new Error(`DOMAIN_CNAME_TARGET "${target.cname}" is not a host name.`);
  return { v4, v6, cname };
}

/** DNS names compare case-insensitively, and "host." is the same name as "host". */
function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/** One spelling per IPv6 address ("2001:DB8:0::7" and "2001:db8::7" are the same), so they compare as strings. */
function canonicalIPv6(ip: string): string {
  return new URL(`http://[${ip}]`).hostname.slice(1, -1);
}

function verifyName(domain: string): string {
  return `${VERIFY_PREFIX}.${domain}`;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);

function isHostName(value: string): boolean {
  return value.length <= 253 && HOST_NAME.test(value);
}

// Callers validate domains; this guard makes sure nothing else ever becomes a DNS query.
function assertHostName(domain: string): void {
  if (!isHostName(domain) || verifyName(domain).length > 253) {
    throw new Error(`Cannot check DNS for "${domain}": it is not a lower-case host name short enough to carry the ${VERIFY_PREFIX} record.`);
  }
}
