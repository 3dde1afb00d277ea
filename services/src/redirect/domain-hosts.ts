import { domainEventOf, type EventStore, type EventType, type RecordedEvent } from '@linkledger/contracts';

/** The events that say which hosts are users' domains and whether each is verified. */
export const DOMAIN_EVENTS: EventType[] = ['CustomDomainAdded', 'CustomDomainVerified', 'CustomDomainUnverified', 'CustomDomainDeleted'];
const PAGE = 1000;

/**
 * Custom domains by host, in memory, for the redirect front (docs/domains.md#serving): which
 * hosts are users' domains and whether each is verified now. Folded from the log's domain
 * events (few, and indexed) up to a position at start; the link cache's subscription then
 * applies each new one, so a domain that loses its records stops serving links at once.
 */
export class DomainHosts {
  private readonly byHost = new Map<string, 'verified' | 'unverified'>();
  private readonly hostById = new Map<number, string>();

  /** Folds every domain event up to and including `through`. */
  async load(events: EventStore, through: number): Promise<void> {
    for (let after = 0; ; ) {
      const page = await events.readAll({ after, before: through + 1, limit: PAGE, filter: { types: DOMAIN_EVENTS } });
      for (const recorded of page) this.apply(recorded);
      if (page.length < PAGE) return;
      after = page.at(-1)!.position;
    }
  }

  /** How many hosts users have added: none, and the front need not look at Host at all. */
  get size(): number {
    return this.byHost.size;
  }

  /** 'verified', 'unverified' (added by a user, not serving), or undefined for a host no user added. */
  stateOf(host: string): 'verified' | 'unverified' | undefined {
    return this.byHost.get(host);
  }

  apply(recorded: RecordedEvent): void {
    const event = domainEventOf(recorded);
    switch (event?.type) {
      case 'CustomDomainAdded':
        this.hostById.set(event.data.domain_id, event.data.domain);
        this.byHost.set(event.data.domain, 'unverified');
        return;
      case 'CustomDomainVerified':
        this.byHost.set(event.data.domain, 'verified');
        return;
      case 'CustomDomainUnverified':
        this.byHost.set(event.data.domain, 'unverified');
        return;
      case 'CustomDomainDeleted':
        if (this.hostById.get(event.data.domain_id) === event.data.domain) this.byHost.delete(event.data.domain);
        this.hostById.delete(event.data.domain_id);
        return;
    }
  }
}
