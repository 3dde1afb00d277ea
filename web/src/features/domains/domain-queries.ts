import { invalidate, setQueryData, useQuery } from '../../api/query.ts';
import { domainsApi, traiApi, type CustomDomain, type TraiHeader } from './domains-api.ts';
import { placementChoices, type PlacementChoice } from './placement.ts';
import { useSubscription } from '../billing/index.ts';

/*
 * The domains feature's server state (docs/architecture.md#the-web-app): the caller's custom
 * domains and TRAI headers, and the DNS records each domain's last check asked for.
 */

const CUSTOM_DOMAINS_QUERY = ['custom-domains'] as const;
const TRAI_HEADERS_QUERY = ['trai-headers'] as const;
/** Links read which own domain or header is active (the links feature's key, the same string). */
const DOMAIN_INFO_QUERY = ['domain-info'] as const;

const loadDomains = () => domainsApi.list();
const loadTraiHeaders = () => traiApi.list();

export const useCustomDomains = (enabled = true) => useQuery<CustomDomain[]>(CUSTOM_DOMAINS_QUERY, loadDomains, { enabled });
export const useTraiHeaders = (enabled = true) => useQuery<TraiHeader[]>(TRAI_HEADERS_QUERY, loadTraiHeaders, { enabled });

/** After an add, verify, set-active or delete: both lists (a header follows its domain) and the active names. */
export function domainsChanged(): Promise<unknown> {
  return Promise.all([invalidate(CUSTOM_DOMAINS_QUERY), invalidate(TRAI_HEADERS_QUERY), invalidate(DOMAIN_INFO_QUERY)]);
}

/** A check's answer carries the domain as it is now: shown at once, before the lists are read again. */
export function domainChecked(domain: CustomDomain): void {
  setQueryData<CustomDomain[]>(CUSTOM_DOMAINS_QUERY, (list) => list?.map((item) => (item.id === domain.id ? domain : item)));
}

/**
 * The places a new link can be served from (the Create dialog): the caller's verified custom
 * domains and TRAI headers that their plan still includes. Reads nothing while `enabled` is false (a user with neither).
 */
export function useLinkPlacements(enabled: boolean, host: string): { choices: PlacementChoice[]; loading: boolean } {
  const domains = useCustomDomains(enabled);
  const headers = useTraiHeaders(enabled);
  const { subscription } = useSubscription();
  if (!enabled) return { choices: [], loading: false };
  return { choices: placementChoices(domains.data ?? [], headers.data ?? [], host, subscription?.feature_list), loading: domains.loading || headers.loading };
}
