import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** How long a claim may stay pending (never verified) before it can no longer be verified. */
export const PENDING_CLAIM_MS = 7 * 86_400_000;

/** One custom domain claim as its stream (`domain-{id}`) tells it. */
export interface DomainState {
  id: number | null;
  /** The workspace that owns the claim (its events' `user_id`; a personal workspace's id is its user's). */
  ownerId: number | null;
  domain: string;
  dnsToken: string;
  /** When it was added (ISO), from which a pending claim's 7 days run. */
  addedAt: string;
  verified: boolean;
  /** Verified at least once: it is no longer a pending claim. */
  everVerified: boolean;
  active: boolean;
  deleted: boolean;
  /** Another account proved the name first (docs/domains.md#one-owner-per-name). */
  dropped: boolean;
  /** Its owner was e-mailed that it was dropped (docs/domains.md#the-notice-of-a-dropped-claim). */
  dropNoticeSent: boolean;
}

export const noDomain: DomainState = {
  id: null,
  ownerId: null,
  domain: '',
  dnsToken: '',
  addedAt: '',
  verified: false,
  everVerified: false,
  active: false,
  deleted: false,
  dropped: false,
  dropNoticeSent: false,
};

export const domainStream = (id: number) => `domain-${id}`;
export const domainNameStream = (domain: string) => `domain-name-${domain}`;

/** A claim never verified within 7 days of being added: it can only be deleted (and added again). */
export const claimExpired = (claim: { everVerified: boolean; addedAt: string }, now: Date): boolean =>
  !claim.everVerified && now.getTime() - Date.parse(claim.addedAt) >= PENDING_CLAIM_MS;

/** A claim that exists and is neither deleted nor dropped. */
export const liveClaim = (state: DomainState): boolean => state.id !== null && !state.deleted && !state.dropped;

/** A dropped claim, still on its owner's list, whose owner has not been e-mailed about it yet. */
export const dropNoticeDue = (state: DomainState): boolean => state.id !== null && state.dropped && !state.deleted && !state.dropNoticeSent;

export function evolveDomain(state: DomainState, event: DomainEvent, envelope: EventEnvelope): DomainState {
  switch (event.type) {
    case 'CustomDomainAdded':
      return {
        ...state,
        id: event.data.domain_id,
        ownerId: event.data.user_id,
        domain: event.data.domain,
        dnsToken: event.data.dns_token,
        addedAt: envelope.metadata.at,
      };
    case 'CustomDomainVerified':
      return { ...state, verified: true, everVerified: true };
    case 'CustomDomainUnverified':
      return { ...state, verified: false, active: false };
    case 'CustomDomainActivated':
      return { ...state, active: true };
    case 'CustomDomainDeleted':
      return { ...state, deleted: true, active: false };
    case 'CustomDomainClaimDropped':
      return { ...state, dropped: true, verified: false, active: false };
    case 'CustomDomainDropNoticeSent':
      return { ...state, dropNoticeSent: true };
    default:
      return state;
  }
}

/** Whether a host name is taken: the id of the domain holding it, or null. */
export function evolveNameClaim(holder: number | null, event: DomainEvent): number | null {
  if (event.type === 'DomainNameClaimed') return event.data.domain_id;
  if (event.type === 'DomainNameReleased') return holder === event.data.domain_id ? null : holder;
  return holder;
}
