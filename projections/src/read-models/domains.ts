import type { TraiDomainType } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';

/** One document per custom domain a user added (deleted ones removed). */
export const CUSTOM_DOMAINS = 'custom_domains';
/** One document per TRAI header a user added (deleted ones removed). */
export const TRAI_DOMAINS = 'trai_domains';
/** One document per user: which custom domain and which TRAI header are active. */
export const ACTIVE_DOMAINS = 'active_domains';
/**
 * One document per dropped claim whose owner has not been e-mailed about it yet, removed by the
 * notice or by deleting the claim (docs/domains.md#the-notice-of-a-dropped-claim). The claim's
 * stream decides; this only spares the notification scheduler reading every claim's stream.
 */
export const DOMAIN_DROP_NOTICES_DUE = 'domain_drop_notices_due';

export interface CustomDomainView {
  [key: string]: unknown;
  id: number;
  owner_id: number;
  domain: string;
  dns_token: string;
  dns_verified: boolean;
  /** Verified at least once: no longer a pending claim that expires (absent in documents projected before claims could be pending). */
  ever_verified?: boolean;
  /** Another account verified the name first: the claim stays listed, with only Delete. */
  dropped?: boolean;
  created_at: string;
}

export interface TraiDomainView {
  [key: string]: unknown;
  id: number;
  owner_id: number;
  header: string;
  domain_type: TraiDomainType;
  custom_domain_id: number | null;
  domain: string | null;
  dns_token: string;
  /** Ready for links: approved (on our host) or verified (on a custom domain). */
  dns_verified: boolean;
  /** On our host: an administrator's decision; null on a custom domain. */
  approval?: 'pending' | 'approved' | 'rejected' | null;
  /** The evidence given when it was added (our host). */
  dlt_registration_id?: string | null;
  rejection_reason?: string | null;
  created_at: string;
}

export interface ActiveDomainsView {
  [key: string]: unknown;
  /** The user's id. */
  id: number;
  custom_domain_id: number | null;
  trai_id: number | null;
}

export interface DomainDropNoticeDueView {
  [key: string]: unknown;
  /** The dropped claim's id. */
  id: number;
  user_id: number;
  /** When it was dropped. */
  at: string;
}

export const domainIndexes = {
  [CUSTOM_DOMAINS]: [['owner_id'], ['domain']],
  [TRAI_DOMAINS]: [['owner_id'], ['custom_domain_id']],
  [ACTIVE_DOMAINS]: [],
  [DOMAIN_DROP_NOTICES_DUE]: [['at']],
} as const;

const noneActive = (id: number): ActiveDomainsView => ({ id, custom_domain_id: null, trai_id: null });

async function choose(
  tx: Parameters<NonNullable<ReadModelHandlers['CustomDomainAdded']>>[2],
  userId: number,
  change: (active: ActiveDomainsView) => ActiveDomainsView,
) {
  tx.put(ACTIVE_DOMAINS, change((await tx.get<ActiveDomainsView>(ACTIVE_DOMAINS, userId)) ?? noneActive(userId)));
}

export const domainHandlers: ReadModelHandlers = {
  CustomDomainAdded({ domain_id, user_id, domain, dns_token }, recorded, tx) {
    const view: CustomDomainView = { id: domain_id, owner_id: user_id, domain, dns_token, dns_verified: false, created_at: recorded.metadata.at };
    tx.put(CUSTOM_DOMAINS, view);
  },
  async CustomDomainVerified({ domain_id }, _recorded, tx) {
    await tx.update<CustomDomainView>(CUSTOM_DOMAINS, domain_id, (view) => ({ ...view, dns_verified: true, ever_verified: true }));
  },
  async CustomDomainClaimDropped({ domain_id, user_id }, recorded, tx) {
    await tx.update<CustomDomainView>(CUSTOM_DOMAINS, domain_id, (view) => ({ ...view, dns_verified: false, dropped: true }));
    await choose(tx, user_id, (active) => (active.custom_domain_id === domain_id ? { ...active, custom_domain_id: null } : active));
    const due: DomainDropNoticeDueView = { id: domain_id, user_id, at: recorded.metadata.at };
    tx.put(DOMAIN_DROP_NOTICES_DUE, due);
  },
  CustomDomainDropNoticeSent({ domain_id }, _recorded, tx) {
    tx.delete(DOMAIN_DROP_NOTICES_DUE, domain_id);
  },
  async CustomDomainUnverified({ domain_id, user_id }, _recorded, tx) {
    await tx.update<CustomDomainView>(CUSTOM_DOMAINS, domain_id, (view) => ({ ...view, dns_verified: false }));
    await choose(tx, user_id, (active) => (active.custom_domain_id === domain_id ? { ...active, custom_domain_id: null } : active));
  },
  async CustomDomainActivated({ domain_id, user_id }, _recorded, tx) {
    await choose(tx, user_id, (active) => ({ ...active, custom_domain_id: domain_id }));
  },
  async CustomDomainDeleted({ domain_id, user_id }, _recorded, tx) {
    tx.delete(CUSTOM_DOMAINS, domain_id);
    tx.delete(DOMAIN_DROP_NOTICES_DUE, domain_id);
    await choose(tx, user_id, (active) => (active.custom_domain_id === domain_id ? { ...active, custom_domain_id: null } : active));
  },
  TraiHeaderAdded({ trai_id, user_id, header, domain_type, custom_domain_id, domain, dns_token }, recorded, tx) {
    const approval = domain_type === 'our_domain' ? 'pending' : null;
    const view: TraiDomainView = {
      id: trai_id,
      owner_id: user_id,
      header,
      domain_type,
      custom_domain_id,
      domain,
      dns_token,
      dns_verified: false,
      approval,
      dlt_registration_id: null,
      rejection_reason: null,
      created_at: recorded.metadata.at,
    };
    tx.put(TRAI_DOMAINS, view);
  },
  async TraiHeaderVerified({ trai_id }, _recorded, tx) {
    // On our host only an administrator's approval makes a header ready (older logs verified it at once).
    await tx.update<TraiDomainView>(TRAI_DOMAINS, trai_id, (view) => (view.domain_type === 'our_domain' ? view : { ...view, dns_verified: true }));
  },
  async TraiHeaderApprovalRequested({ trai_id, dlt_registration_id }, _recorded, tx) {
    await tx.update<TraiDomainView>(TRAI_DOMAINS, trai_id, (view) => ({ ...view, dlt_registration_id }));
  },
  async TraiHeaderApproved({ trai_id }, _recorded, tx) {
    await tx.update<TraiDomainView>(TRAI_DOMAINS, trai_id, (view) => ({ ...view, approval: 'approved', dns_verified: true }));
  },
  async TraiHeaderRejected({ trai_id, user_id, reason }, _recorded, tx) {
    await tx.update<TraiDomainView>(TRAI_DOMAINS, trai_id, (view) => ({ ...view, approval: 'rejected', dns_verified: false, rejection_reason: reason }));
    await choose(tx, user_id, (active) => (active.trai_id === trai_id ? { ...active, trai_id: null } : active));
  },
  async TraiHeaderActivated({ trai_id, user_id }, _recorded, tx) {
    await choose(tx, user_id, (active) => ({ ...active, trai_id }));
  },
  async TraiHeaderDeleted({ trai_id, user_id }, _recorded, tx) {
    tx.delete(TRAI_DOMAINS, trai_id);
    await choose(tx, user_id, (active) => (active.trai_id === trai_id ? { ...active, trai_id: null } : active));
  },
};
