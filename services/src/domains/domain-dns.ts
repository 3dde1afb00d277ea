import type { Config } from '../platform/config.ts';
import { createResolver } from './dns/dns-servers.ts';
import { verifyDomain, type VerificationResult } from './dns/verify-domain.ts';

/** The live DNS check of one domain against where this installation says domains must point. */
export function checkDomainDns(config: Pick<Config, 'DNS_SERVERS' | 'DOMAIN_TARGET_IPS' | 'DOMAIN_CNAME_TARGET'>, domain: string, token: string): Promise<VerificationResult> {
  const resolver = createResolver(config.DNS_SERVERS);
  return verifyDomain(resolver, domain, token, { ips: config.DOMAIN_TARGET_IPS ?? [], cname: config.DOMAIN_CNAME_TARGET ?? null });
}
