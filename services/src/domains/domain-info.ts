import type { ReadStore } from '@linkledger/contracts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, TRAI_DOMAINS, type ActiveDomainsView, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';

/** Whether the owner has domains and TRAI headers, and which are active (docs/domains.md). */
export async function domainInfo(read: ReadStore, ownerId: number) {
  const mine = { owner_id: ownerId };
  const [customCount, traiCount, active] = await Promise.all([
    read.count(CUSTOM_DOMAINS, mine),
    read.count(TRAI_DOMAINS, mine),
    read.get<ActiveDomainsView>(ACTIVE_DOMAINS, ownerId),
  ]);
  const [domain, header] = await Promise.all([
    active?.custom_domain_id ? read.get<CustomDomainView>(CUSTOM_DOMAINS, active.custom_domain_id) : null,
    active?.trai_id ? read.get<TraiDomainView>(TRAI_DOMAINS, active.trai_id) : null,
  ]);
  return {
    has_trai_domains: traiCount > 0,
    has_custom_domains: customCount > 0,
    active_custom_domain: domain?.domain ?? null,
    active_trai_header: header?.header ?? null,
  };
}
