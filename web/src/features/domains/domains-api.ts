import type {
  CustomDomainItem,
  DnsInstructions as DnsGuide,
  DomainActionResponse as Done,
  TraiDomainType,
  TraiItem,
  VerificationResult as Verification,
  VerifyDomainResponse as Verified,
} from '@linkledger/contracts';
import { api } from '../../api/client.ts';

// The custom-domain and TRAI calls (docs/domains.md), typed from the contracts; type-only
// imports keep zod out of the bundle.

export type CustomDomain = CustomDomainItem;
export type TraiHeader = TraiItem;
export type DomainType = TraiDomainType;
export type { DnsGuide, Verification, Verified };

interface NewTraiHeader {
  header: string;
  domain_type: DomainType;
  /** The id of one of the caller's verified custom domains (a number), or null on our own host. */
  custom_domain_id: number | null;
  /** Evidence for a header on our own host, for the administrator who approves it. */
  dlt_registration_id?: string;
}

export const domainsApi = {
  list: () => api<CustomDomain[]>('/custom-domains'),
  add: (domain: string) => api<CustomDomain>('/custom-domains', { method: 'POST', body: { domain } }),
  verify: (id: number) => api<Verified>(`/custom-domains/${id}/verify`, { method: 'POST' }),
  setActive: (id: number) => api<Done>(`/custom-domains/${id}/set-active`, { method: 'POST' }),
  remove: (id: number) => api<Done>(`/custom-domains/${id}`, { method: 'DELETE' }),
};

export const traiApi = {
  list: () => api<TraiHeader[]>('/custom-domains/trai'),
  add: (header: NewTraiHeader) => api<TraiHeader>('/custom-domains/trai', { method: 'POST', body: header }),
  verify: (id: number) => api<Done>(`/custom-domains/trai/${id}/verify`, { method: 'POST' }),
  setActive: (id: number) => api<Done>(`/custom-domains/trai/${id}/set-active`, { method: 'POST' }),
  remove: (id: number) => api<Done>(`/custom-domains/trai/${id}`, { method: 'DELETE' }),
};
