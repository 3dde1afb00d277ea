import { domainEventOf, type RecordedEvent } from '@linkledger/contracts';

/** One custom domain as its stream (`domain-{id}`) tells it. */
export interface DomainState {
  id: number | null;
  userId: number | null;
  domain: string;
  dnsToken: string;
  verified: boolean;
  active: boolean;
  deleted: boolean;
}

export const noDomain: DomainState = { id: null, userId: null, domain: '', dnsToken: '', verified: false, active: false, deleted: false };

export const domainStream = (id: number) => `domain-${id}`;
export const domainNameStream = (domain: string) => `domain-name-${domain}`;

export function evolveDomain(state: DomainState, recorded: RecordedEvent): DomainState {
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'CustomDomainAdded':
      return { ...state, id: event.data.domain_id, userId: event.data.user_id, domain: event.data.domain, dnsToken: event.data.dns_token };
    case 'CustomDomainVerified':
      return { ...state, verified: true };
    case 'CustomDomainUnverified':
      return { ...state, verified: false, active: false };
    case 'CustomDomainActivated':
      return { ...state, active: true };
    case 'CustomDomainDeleted':
      return { ...state, deleted: true, active: false };
    default:
      return state;
  }
}

/** Whether a host name is taken: the id of the domain holding it, or null. */
export function evolveNameClaim(holder: number | null, recorded: RecordedEvent): number | null {
  const event = domainEventOf(recorded);
  if (event?.type === 'DomainNameClaimed') return event.data.domain_id;
  if (event?.type === 'DomainNameReleased') return null;
  return holder;
}
