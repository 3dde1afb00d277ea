import type { ReadStore } from '@linkledger/contracts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, TRAI_DOMAINS, type ActiveDomainsView, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import { invalid } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { requireDomainFeature } from './domain-access.ts';
import { hostOf } from './domain-name.ts';

/**
 * Where a link is served (docs/domains.md#serving): a custom domain's host, a TRAI header, both,
 * or neither (our own host); with the claim and the header it was created under.
 */
export interface LinkPlacement {
  custom_domain: string | null;
  trai_header: string | null;
  custom_domain_id: number | null;
  trai_id: number | null;
}

export const ON_OUR_HOST: LinkPlacement = { custom_domain: null, trai_header: null, custom_domain_id: null, trai_id: null };

/** A domain of the owner's that can take links now: theirs, verified, not dropped. */
const usableDomain = (view: CustomDomainView | null, ownerId: number): view is CustomDomainView =>
  !!view && view.owner_id === ownerId && view.dns_verified && !view.dropped;

/** A header that can take links: approved on our host (a document projected before approvals may say verified without one), verified on a custom domain. */
export const traiUsable = (view: TraiDomainView): boolean => (view.domain_type === 'our_domain' ? view.approval === 'approved' : view.dns_verified);

/**
 * The placement a new link asks for, checked against the owner's plan and verified domains
 * and headers: a header carries its own host (ours, or the custom domain it was registered
 * on), and a custom domain given beside it must be that host.
 */
export async function placeLink(platform: Pick<Platform, 'clock' | 'read'>, ownerId: number, requested: RequestedPlace): Promise<LinkPlacement> {
  const read: ReadStore = platform.read;
  const domain = requested.custom_domain?.trim() ? hostOf(requested.custom_domain.trim()) : null;
  const header = requested.trai_header?.trim() ? requested.trai_header.trim().toUpperCase() : null;
  if (header !== null) {
    await requireDomainFeature(platform, ownerId, 'trai');
    const headers = (await read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: ownerId, header, dns_verified: true } })).filter(traiUsable);
    const match = headers.find((candidate) => candidate.domain === domain);
    const onDomain = match?.custom_domain_id ? await read.get<CustomDomainView>(CUSTOM_DOMAINS, match.custom_domain_id) : null;
    if (!match || (match.custom_domain_id !== null && !usableDomain(onDomain, ownerId))) {
      const where = domain ? ` on ${domain.slice(0, 253)}` : headers.length ? ' on this service' : '';
      throw invalid(`You have no verified TRAI header ${header.slice(0, 6)}${where}. Add and verify it on the Custom Domains page first.`);
    }
    if (match.custom_domain_id !== null) await requireDomainFeature(platform, ownerId, 'custom');
    return { custom_domain: match.domain, trai_header: match.header, custom_domain_id: match.custom_domain_id, trai_id: match.id };
  }
  if (domain !== null) {
    await requireDomainFeature(platform, ownerId, 'custom');
    const candidates = await read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: ownerId, domain, dns_verified: true } });
    const match = candidates.find((candidate) => usableDomain(candidate, ownerId));
    if (!match) throw invalid(`${domain.slice(0, 253)} is not one of your verified custom domains. Add and verify it on the Custom Domains page first.`);
    return { custom_domain: match.domain, trai_header: null, custom_domain_id: match.id, trai_id: null };
  }
  return ON_OUR_HOST;
}

/** The place fields of a create call; a field sent, even as `null` or "", names the place. */
interface RequestedPlace {
  custom_domain?: string | null | undefined;
  trai_header?: string | null | undefined;
}

/** Whether a create call says where its link goes: `null` for both fields names this service's own host. */
const namesAPlace = (requested: RequestedPlace): boolean => requested.custom_domain !== undefined || requested.trai_header !== undefined;

/**
 * Where an API-created link goes when its call names no place (docs/developer-api.md#where-api-links-go):
 * the account's active TRAI header on its own host, else its active custom domain, else our
 * own host. An active one the link could not be created on now (the plan no longer includes
 * it, its domain lost its records, a header awaits approval) is passed over, as if not active.
 */
export async function activePlace(platform: Pick<Platform, 'clock' | 'read'>, ownerId: number): Promise<LinkPlacement> {
  const active = await platform.read.get<ActiveDomainsView>(ACTIVE_DOMAINS, ownerId);
  if (!active?.trai_id && !active?.custom_domain_id) return ON_OUR_HOST;
  const { features } = (await currentPlan(platform, ownerId)).plan;
  const domainsAllowed = features.includes('custom_domains');
  const domainOf = async (id: number | null) => (id && domainsAllowed ? platform.read.get<CustomDomainView>(CUSTOM_DOMAINS, id) : null);
  const header = active.trai_id && features.includes('trai_domains') ? await platform.read.get<TraiDomainView>(TRAI_DOMAINS, active.trai_id) : null;
  if (
    header &&
    header.owner_id === ownerId &&
    header.dns_verified &&
    traiUsable(header) &&
    (header.custom_domain_id === null || usableDomain(await domainOf(header.custom_domain_id), ownerId))
  ) {
    return { custom_domain: header.domain, trai_header: header.header, custom_domain_id: header.custom_domain_id, trai_id: header.id };
  }
  const domain = await domainOf(active.custom_domain_id);
  if (usableDomain(domain, ownerId)) return { custom_domain: domain.domain, trai_header: null, custom_domain_id: domain.id, trai_id: null };
  return ON_OUR_HOST;
}

/** An API call's place: the one it names (checked as `placeLink` checks it), else the account's active one. */
export const placeApiLink = (platform: Pick<Platform, 'clock' | 'read'>, ownerId: number, requested: RequestedPlace): Promise<LinkPlacement> =>
  namesAPlace(requested) ? placeLink(platform, ownerId, requested) : activePlace(platform, ownerId);
