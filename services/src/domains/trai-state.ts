import { domainEventOf, type RecordedEvent, type TraiDomainType } from '@linkledger/contracts';

/** One TRAI header as its stream (`trai-{id}`) tells it. */
export interface TraiState {
  id: number | null;
  userId: number | null;
  header: string;
  domainType: TraiDomainType;
  customDomainId: number | null;
  /** The custom domain's host, or null on our own host. */
  domain: string | null;
  verified: boolean;
  deleted: boolean;
}

export const noTrai: TraiState = { id: null, userId: null, header: '', domainType: 'our_domain', customDomainId: null, domain: null, verified: false, deleted: false };

export const traiStream = (id: number) => `trai-${id}`;
/** One claim per (host, header): our own host is `ours`. */
export const traiNameStream = (domain: string | null, header: string) => `trai-name-${domain ?? 'ours'}-${header}`;

export function evolveTrai(state: TraiState, recorded: RecordedEvent): TraiState {
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'TraiHeaderAdded': {
      const { trai_id, user_id, header, domain_type, custom_domain_id, domain } = event.data;
      return { ...state, id: trai_id, userId: user_id, header, domainType: domain_type, customDomainId: custom_domain_id, domain };
    }
    case 'TraiHeaderVerified':
      return { ...state, verified: true };
    case 'TraiHeaderDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export function evolveTraiClaim(holder: number | null, recorded: RecordedEvent): number | null {
  const event = domainEventOf(recorded);
  if (event?.type === 'TraiHeaderClaimed') return event.data.trai_id;
  if (event?.type === 'TraiHeaderReleased') return null;
  return holder;
}
