import type { Config } from '../platform/config.ts';
import { createResolver } from '../platform/dns-servers.ts';
import { verifyDomain, type DomainTarget, type VerificationResult } from './dns/verify-domain.ts';

/** Where this installation says custom domains must point. */
export const domainTarget = (config: Pick<Config, 'DOMAIN_TARGET_IPS' | 'DOMAIN_CNAME_TARGET'>): DomainTarget => ({
  ips: config.DOMAIN_TARGET_IPS ?? [],
  cname: config.DOMAIN_CNAME_TARGET ?? null,
});

/** The live DNS check of one domain against that target. */
export function checkDomainDns(
  config: Pick<Config, 'DNS_SERVERS' | 'DOMAIN_TARGET_IPS' | 'DOMAIN_CNAME_TARGET'>,
  domain: string,
  token: string,
): Promise<VerificationResult> {
  return verifyDomain(createResolver(config.DNS_SERVERS), domain, token, domainTarget(config));
}
