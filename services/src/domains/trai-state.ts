import type { DomainEvent, TraiDomainType } from '@linkledger/contracts';

/** One TRAI header as its stream (`trai-{id}`) tells it. */
export interface TraiState {
  id: number | null;
  /** The workspace that owns the header (its events' `user_id`). */
  ownerId: number | null;
  header: string;
  domainType: TraiDomainType;
  customDomainId: number | null;
  /** The custom domain's host, or null on our own host. */
  domain: string | null;
  /** A header on a custom domain: verified while its domain was. */
  verified: boolean;
  /** A header on our own host: an administrator's decision (docs/domains.md#headers-on-our-host); null on a custom domain. */
  approval: 'pending' | 'approved' | 'rejected' | null;
  deleted: boolean;
}

export const noTrai: TraiState = {
  id: null,
  ownerId: null,
  header: '',
  domainType: 'our_domain',
  customDomainId: null,
  domain: null,
  verified: false,
  approval: null,
  deleted: false,
};

/** Whether links may use the header: approved on our host, verified on a custom domain. */
export const traiReady = (state: Pick<TraiState, 'domainType' | 'verified' | 'approval'>): boolean =>
  state.domainType === 'our_domain' ? state.approval === 'approved' : state.verified;

export const traiStream = (id: number) => `trai-${id}`;
/** One claim per (host, header): our own host is `ours`. */
export const traiNameStream = (domain: string | null, header: string) => `trai-name-${domain ?? 'ours'}-${header}`;

export function evolveTrai(state: TraiState, event: DomainEvent): TraiState {
  switch (event.type) {
    case 'TraiHeaderAdded': {
      const { trai_id, user_id, header, domain_type, custom_domain_id, domain } = event.data;
      // A header on our host waits for an administrator, also one recorded before approvals existed.
      return {
        ...state,
        id: trai_id,
        ownerId: user_id,
        header,
        domainType: domain_type,
        customDomainId: custom_domain_id,
        domain,
        approval: domain_type === 'our_domain' ? 'pending' : null,
      };
    }
    case 'TraiHeaderVerified':
      return { ...state, verified: true };
    case 'TraiHeaderApproved':
      return { ...state, approval: 'approved' };
    case 'TraiHeaderRejected':
      return { ...state, approval: 'rejected' };
    case 'TraiHeaderDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export function evolveTraiClaim(holder: number | null, event: DomainEvent): number | null {
  if (event.type === 'TraiHeaderClaimed') return event.data.trai_id;
  if (event.type === 'TraiHeaderReleased') return holder === event.data.trai_id ? null : holder;
  return holder;
}
