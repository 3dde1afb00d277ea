import { domainEventOf, type DomainEvent, type EventStore, type EventType, type Subscription } from '@linkledger/contracts';
import { BOT_POLICY_CHANGED, BotPolicyFollower, PositionTracker, latestBotPolicy } from '@linkledger/projections';
import { evolveUser, noUser } from '../accounts/index.ts';
import { evolveLink, type LinkState } from '../links/index.ts';
import { DOMAIN_EVENTS, DomainHosts } from './domain-hosts.ts';
import { foldEvents } from '../commands/event-port.ts';
import { VISITOR_BRAND_EVENTS, VisitorBrands } from '../white-label/index.ts';

const MAX_ENTRIES = 200_000;

/** The events after which a cached link is read again. */
const LINK_CHANGES = ['LinkUpdated', 'LinkDeleted', 'LinkModerated', 'LinkExpired', 'LinkVariantPromoted'] as const;
type LinkChange = Extract<DomainEvent, { type: (typeof LINK_CHANGES)[number] }>;
const isLinkChange = (event: DomainEvent): event is LinkChange => (LINK_CHANGES as readonly string[]).includes(event.type);

/**
 * Short code → link, in memory, for the redirect path. A miss is resolved from the event
 * store itself (the code's claim stream, then the link's stream), which is never behind;
 * a subscription to link events evicts entries as soon as a link changes. The links of a
 * banned owner resolve to nothing (docs/admin.md#user-status): a ban or its lifting empties
 * the cache, which is rare enough to cost nothing on the redirect path.
 */
export class LinkCache {
  private readonly byCode = new Map<string, LinkState | null>();
  private readonly codeById = new Map<number, string>();
  /** Latest revision seen by the subscription per link, to refuse caching a stale read. */
  private readonly seenRevision = new Map<number, number>();
  private subscription: Subscription | undefined;
  /** Bumped when an owner is banned or un-banned: a read that spans it is not kept. */
  private ownersGeneration = 0;
  /** Whether each owner read so far is banned; emptied with the cache when a ban starts or ends. */
  private readonly bannedOwners = new Map<number, boolean>();
  /** How far link changes have been applied: commands wait for it before answering. */
  readonly progress = new PositionTracker();
  /** Users' custom domains by host, kept by the same subscription (docs/domains.md#serving). */
  readonly domains = new DomainHosts();
  /** Workspaces' brands for the pages on their domains, kept by the same subscription (docs/pages.md#white-label). */
  readonly brands: VisitorBrands;
  /** Which visits are bots, by the newest policy (as the projectors count them): a capped link counts human clicks only. */
  readonly bots: BotPolicyFollower;

  constructor(
    private readonly events: EventStore,
    /** A failed subscription handler (an event that cannot be read): reported, never thrown at the process. */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.bots = new BotPolicyFollower(latestBotPolicy(events));
    this.brands = new VisitorBrands(
      events,
      (host) => this.domains.servingClaim(host)?.ownerId,
      (error) => this.onError(error),
    );
  }

  async start(): Promise<void> {
    const head = await this.events.headPosition();
    await this.domains.load(this.events, head);
    await this.brands.load(head);
    await this.bots.load();
    this.progress.advance(head);
    const types: EventType[] = [...LINK_CHANGES, 'UserStatusChanged', 'AccountDeleted', ...DOMAIN_EVENTS, ...VISITOR_BRAND_EVENTS];
    this.subscription = this.events.subscribe({ after: head, filter: { types: [...types, BOT_POLICY_CHANGED] } }, async (batch, through) => {
      for (const recorded of batch) {
        if (this.bots.observe(recorded)) continue;
        const event = domainEventOf(recorded);
        if (event && DOMAIN_EVENTS.includes(event.type)) {
          this.domains.apply(recorded);
          continue;
        }
        if (event && VISITOR_BRAND_EVENTS.includes(event.type)) {
          await this.brands.apply(recorded);
          continue;
        }
        if (event?.type === 'UserStatusChanged') {
          if (event.data.status === 'banned' || event.data.previous === 'banned') this.forgetAll();
          continue;
        }
        if (event?.type === 'AccountDeleted') {
          this.forgetAll();
          continue;
        }
        if (!event || !isLinkChange(event)) continue;
        if (this.seenRevision.size >= MAX_ENTRIES) this.seenRevision.clear();
        this.seenRevision.set(event.data.link_id, recorded.revision);
        this.evict(event.data.link_id);
      }
      this.progress.advance(through);
    });
    this.subscription.done.catch(this.onError);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  /** The cached link for a code; undefined when it is not cached yet. */
  peek(code: string): LinkState | null | undefined {
    return this.byCode.get(code);
  }

  async resolve(code: string): Promise<LinkState | null> {
    const cached = this.byCode.get(code);
    if (cached !== undefined) return cached;
    const generation = this.ownersGeneration;
    const [claim] = await this.events.readStream(`shortcode-${code}`);
    const event = claim ? domainEventOf(claim) : null;
    const linkId = event?.type === 'ShortCodeClaimed' ? event.data.link_id : null;
    if (!linkId) return null; // Unknown codes are not cached: anyone could fill the cache with them.
    const read = foldEvents<LinkState | null>(await this.events.readStream(`link-${linkId}`), evolveLink, null);
    const link = read && (await this.ownerBanned(read.ownerId)) ? null : read;
    // A change landed while the streams were read: serve what was read, but do not keep it.
    if (generation !== this.ownersGeneration || (read && (this.seenRevision.get(linkId) ?? -1) > read.version)) return link;
    if (this.byCode.size >= MAX_ENTRIES) this.byCode.clear();
    this.byCode.set(code, link);
    this.codeById.set(linkId, code);
    return link;
  }

  /**
   * Whether an owner (a workspace's id, as a link's `ownerId` is) is banned or deleted, so what it
   * owns stops: its links here, its public pages at the dispatcher (docs/pages.md). Read once per
   * owner between bans: a user's stream grows with every sign-out, and one owner has many links.
   */
  async ownerBanned(ownerId: number): Promise<boolean> {
    const known = this.bannedOwners.get(ownerId);
    if (known !== undefined) return known;
    const generation = this.ownersGeneration;
    // A deleted account's links stop as a banned one's do (docs/privacy.md#deleting-an-account).
    const owner = foldEvents(await this.events.readStream(`user-${ownerId}`), evolveUser, noUser);
    const banned = owner.status === 'banned' || owner.deleted;
    if (generation === this.ownersGeneration) {
      if (this.bannedOwners.size >= MAX_ENTRIES) this.bannedOwners.clear();
      this.bannedOwners.set(ownerId, banned);
    }
    return banned;
  }

  private forgetAll(): void {
    this.ownersGeneration += 1;
    this.bannedOwners.clear();
    this.byCode.clear();
    this.codeById.clear();
  }

  private evict(linkId: number): void {
    const code = this.codeById.get(linkId);
    if (code === undefined) return;
    this.byCode.delete(code);
    this.codeById.delete(linkId);
  }
}
