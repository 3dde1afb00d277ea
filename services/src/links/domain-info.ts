import type { Doc, ReadStore } from '@linkledger/contracts';

/**
 * The read-model collections of the domains feature, one document per domain the owner
 * added: custom domains `{ id, owner_id, domain, dns_verified, is_active }` and TRAI
 * headers `{ id, owner_id, header, dns_verified, is_active }`. Until that feature
 * projects into them they are empty, and the answer says so: no domains, none active.
 */
export const CUSTOM_DOMAINS = 'custom_domains';
export const TRAI_DOMAINS = 'trai_domains';

type DomainDoc = Doc & { domain?: string; header?: string };

export async function domainInfo(read: ReadStore, ownerId: number) {
  const mine = { owner_id: ownerId };
  const active = { where: { ...mine, is_active: true }, limit: 1 };
  const [customCount, traiCount, [activeDomain], [activeHeader]] = await Promise.all([
    read.count(CUSTOM_DOMAINS, mine),
    read.count(TRAI_DOMAINS, mine),
    read.find<DomainDoc>(CUSTOM_DOMAINS, active),
    read.find<DomainDoc>(TRAI_DOMAINS, active),
  ]);
  return {
    has_trai_domains: traiCount > 0,
    has_custom_domains: customCount > 0,
    active_custom_domain: activeDomain?.domain ?? null,
    active_trai_header: activeHeader?.header ?? null,
  };
}
