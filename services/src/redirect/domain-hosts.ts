import { domainEventOf, type EventStore, type EventType, type RecordedEvent } from '@linkledger/contracts';

/** The events that say which hosts are users' domains, which TRAI headers serve, and since when. */
export const DOMAIN_EVENTS: EventType[] = [
  'CustomDomainAdded',
  'CustomDomainVerified',
  'CustomDomainUnverified',
  'CustomDomainDeleted',
  'CustomDomainClaimDropped',
  'TraiHeaderAdded',
  'TraiHeaderVerified',
  'TraiHeaderApproved',
  'TraiHeaderRejected',
  'TraiHeaderDeleted',
];
const PAGE = 1000;

/** A live claim on a host name. */
export interface HostClaim {
  id: number;
  host: string;
  /** The owning workspace (the events' `user_id`; a personal workspace's id is its user's). */
  ownerId: number;
  verified: boolean;
  /** The log position of its `CustomDomainAdded`. */
  addedAt: number;
}

/** A live TRAI header: on our host (`domainId` null) or on a custom domain claim. */
export interface HeaderClaim {
  id: number;
  header: string;
  domainId: number | null;
  /** The owning workspace, as for a host claim. */
  ownerId: number;
  /** Approved (our host) or verified (a custom domain): links may be served under it. */
  ready: boolean;
  addedAt: number;
}

const headerKey = (domainId: number | null, header: string) => `${domainId ?? 'ours'}/${header}`;

/**
 * Custom domain claims by host and TRAI headers, in memory, for the redirect front
 * (docs/domains.md#serving): which claim serves a host now, and which headers serve on it.
 * Folded from the log's domain events (few, and indexed) up to a position at start; the link
 * cache's subscription then applies each new one, so a domain that loses its records, is
 * deleted or changes hands stops serving its links at once.
 */
export class DomainHosts {
  private readonly claims = new Map<number, HostClaim>();
  private readonly claimsByHost = new Map<string, Set<number>>();
  private readonly headers = new Map<number, HeaderClaim>();
  private readonly headerByKey = new Map<string, number>();

  /** Folds every domain event up to and including `through`. */
  async load(events: EventStore, through: number): Promise<void> {
    for (let after = 0; ;) {
      const page = await events.readAll({ after, before: through + 1, limit: PAGE, filter: { types: DOMAIN_EVENTS } });
      for (const recorded of page) this.apply(recorded);
      if (page.length < PAGE) return;
      after = page.at(-1)!.position;
    }
  }

  /** How many hosts users have claimed: none, and the front need not look at Host at all. */
  get size(): number {
    return this.claimsByHost.size;
  }

  /** 'verified', 'unverified' (claimed by a user, not serving), or undefined for a host no user claimed. */
  stateOf(host: string): 'verified' | 'unverified' | undefined {
    const ids = this.claimsByHost.get(host);
    if (!ids) return undefined;
    return this.servingClaim(host) ? 'verified' : 'unverified';
  }

  /** The one claim that serves a host now: live and verified (one owner per name). */
  servingClaim(host: string): HostClaim | undefined {
    for (const id of this.claimsByHost.get(host) ?? []) {
      const claim = this.claims.get(id);
      if (claim?.verified) return claim;
    }
    return undefined;
  }

  /** The header that serves `/{header}/…` on a custom domain claim (or our host, null), when it is ready. */
  servingHeader(domainId: number | null, header: string): HeaderClaim | undefined {
    const id = this.headerByKey.get(headerKey(domainId, header));
    const found = id === undefined ? undefined : this.headers.get(id);
    return found?.ready ? found : undefined;
  }

  apply(recorded: RecordedEvent): void {
    const event = domainEventOf(recorded);
    switch (event?.type) {
      case 'CustomDomainAdded': {
        const { domain_id, user_id, domain } = event.data;
        this.claims.set(domain_id, { id: domain_id, host: domain, ownerId: user_id, verified: false, addedAt: recorded.position });
        this.claimsByHost.set(domain, (this.claimsByHost.get(domain) ?? new Set()).add(domain_id));
        return;
      }
      case 'CustomDomainVerified':
      case 'CustomDomainUnverified': {
        const claim = this.claims.get(event.data.domain_id);
        if (claim) claim.verified = event.type === 'CustomDomainVerified';
        return;
      }
      case 'CustomDomainDeleted':
      case 'CustomDomainClaimDropped':
        return this.forgetClaim(event.data.domain_id);
      case 'TraiHeaderAdded': {
        const { trai_id, user_id, header, custom_domain_id } = event.data;
        this.headers.set(trai_id, { id: trai_id, header, domainId: custom_domain_id, ownerId: user_id, ready: false, addedAt: recorded.position });
        this.headerByKey.set(headerKey(custom_domain_id, header), trai_id);
        return;
      }
      case 'TraiHeaderVerified': {
        // On our host only an administrator's approval makes a header serve (older logs verified it at once).
        const found = this.headers.get(event.data.trai_id);
        if (found && found.domainId !== null) found.ready = true;
        return;
      }
      case 'TraiHeaderApproved': {
        const found = this.headers.get(event.data.trai_id);
        if (found) found.ready = true;
        return;
      }
      case 'TraiHeaderRejected':
      case 'TraiHeaderDeleted':
        return this.forgetHeader(event.data.trai_id);
    }
  }

  private forgetClaim(id: number): void {
    const claim = this.claims.get(id);
    if (!claim) return;
    this.claims.delete(id);
    const ids = this.claimsByHost.get(claim.host);
    ids?.delete(id);
    if (ids?.size === 0) this.claimsByHost.delete(claim.host);
  }

  private forgetHeader(id: number): void {
    const found = this.headers.get(id);
    if (!found) return;
    this.headers.delete(id);
    const key = headerKey(found.domainId, found.header);
    if (this.headerByKey.get(key) === id) this.headerByKey.delete(key);
  }
}
