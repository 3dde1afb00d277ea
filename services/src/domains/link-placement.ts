import type { ReadStore } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, TRAI_DOMAINS, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { invalid } from '../commands/domain-error.ts';
import { hostOf } from './domain-name.ts';

/** Where a link is served (docs/domains.md#links-on-domains): a custom domain's host, a TRAI header, both, or neither (our own host). */
export interface LinkPlacement {
  custom_domain: string | null;
  trai_header: string | null;
}

export const ON_OUR_HOST: LinkPlacement = { custom_domain: null, trai_header: null };

/**
 * The placement a new link asks for, checked against the owner's verified domains and
 * headers: a header carries its own host (ours, or the custom domain it was registered on),
 * and a custom domain given beside it must be that host.
 */
export async function placeLink(read: ReadStore, ownerId: number, requested: { custom_domain?: string | null | undefined; trai_header?: string | null | undefined }): Promise<LinkPlacement> {
  const domain = requested.custom_domain?.trim() ? hostOf(requested.custom_domain.trim()) : null;
  const header = requested.trai_header?.trim() ? requested.trai_header.trim().toUpperCase() : null;
  if (header !== null) {
    const headers = await read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: ownerId, header, dns_verified: true } });
    const match = headers.find((candidate) => candidate.domain === domain);
    if (!match) {
      const where = domain ? ` on ${domain}` : headers.length ? ' on this service' : '';
      throw invalid(`You have no verified TRAI header ${header.slice(0, 6)}${where}. Add and verify it on the Custom Domains page first.`);
    }
    return { custom_domain: match.domain, trai_header: match.header };
  }
  if (domain !== null) {
    const [match] = await read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: ownerId, domain, dns_verified: true }, limit: 1 });
    if (!match) throw invalid(`${domain.slice(0, 253)} is not one of your verified custom domains. Add and verify it on the Custom Domains page first.`);
    return { custom_domain: match.domain, trai_header: null };
  }
  return ON_OUR_HOST;
}
