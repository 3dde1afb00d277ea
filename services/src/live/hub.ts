import { domainEventOf, type EventStore, type LiveServerMessage, type Subscription } from '@linkledger/contracts';
import { BOT_POLICY_CHANGED, BotPolicyFollower, LINKS, latestBotPolicy, type LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { accountRefusalOnly } from '../http/account-status.ts';

export interface LiveSocket {
  send(message: string): void;
  /** The bearer token the socket signed in with, checked again whenever the user's sessions change. */
  token: string;
  /** Closes the socket with a websocket close code and a reason the client can show. */
  end(code: number, reason: string): void;
}

/** Events after which some of a user's tokens may have stopped working. */
const SESSION_EVENTS = new Set(['SessionRevoked', 'PasswordChanged', 'OtherSessionsRevoked', 'AllSessionsRevoked', 'UserStatusChanged', 'AccountDeleted']);

/** Open live sockets one account may hold (tabs, windows, devices). */
export const MAX_SOCKETS_PER_USER = 20;
export const SESSION_ENDED = { code: 4401, reason: 'Your session has ended. Please sign in again.' } as const;

/** At most one message per link per this interval; bursts are coalesced into the latest totals. */
export const COALESCE_MS = 250;

interface PendingClick {
  ownerId: number;
  position: number;
  at: string;
  country: string;
  referrer: string;
}

/**
 * Pushes human clicks to the sockets of the link's owner. Each API process runs its own
 * hub from an event-store subscription, so replicas need nothing shared. The total sent is
 * read from the read model once it has applied the click, so it matches every other screen.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Set<LiveSocket>>();
  private readonly pending = new Map<number, PendingClick>();
  private readonly lastSent = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private subscription: Subscription | undefined;
  /** Which clicks are bots: the newest policy, as the read model counts them. */
  private readonly bots: BotPolicyFollower;

  constructor(
    private readonly events: EventStore,
    private readonly platform: Pick<Platform, 'read' | 'readModel'>,
    /** Whether a socket's token still signs its user in (the same check as every REST call). */
    /** Why a socket's token no longer works (signed out, suspended …), or null while it does. */
    private readonly refusalOf: (token: string) => Promise<string | null>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.bots = new BotPolicyFollower(latestBotPolicy(events));
  }

  /** Subscribes only while someone listens: with no sockets, clicks cost the hub nothing. */
  private async ensureSubscribed(): Promise<void> {
    if (this.subscription) return;
    const head = await this.events.headPosition();
    await this.bots.load();
    if (this.subscription || this.sockets.size === 0) return;
    this.subscription = this.events.subscribe({ after: head, filter: { types: ['Clicked', BOT_POLICY_CHANGED, ...SESSION_EVENTS] } }, async (batch) => {
      for (const recorded of batch) {
        if (this.bots.observe(recorded)) continue;
        const event = domainEventOf(recorded);
        if (event && SESSION_EVENTS.has(event.type) && 'user_id' in event.data && this.sockets.has(event.data.user_id)) {
          this.recheck(event.data.user_id, recorded.position).catch(this.onError);
          continue;
        }
        if (event?.type !== 'Clicked' || !this.sockets.has(event.data.owner_id)) continue;
        if (this.bots.classifier.isBot(event.data.user_agent)) continue;
        this.pending.set(event.data.link_id, {
          ownerId: event.data.owner_id,
          position: recorded.position,
          at: recorded.metadata.at,
          country: event.data.country,
          referrer: event.data.referrer,
        });
        this.schedule(event.data.link_id);
      }
    });
    this.subscription.done.catch(this.onError);
  }

  /** Closes the user's sockets whose token no longer signs in (logout, password change or reset). */
  private async recheck(userId: number, position: number): Promise<void> {
    await this.platform.readModel.waitFor(position, 2000);
    for (const socket of [...(this.sockets.get(userId) ?? [])]) {
      const refusal = await this.refusalOf(socket.token);
      if (refusal !== null) {
        this.remove(userId, socket);
        // A suspended or banned account is told so; any other refusal is an ended session.
        socket.end(SESSION_ENDED.code, accountRefusalOnly(refusal) ?? SESSION_ENDED.reason);
      }
    }
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Resolves once clicks from now on will reach the socket. */
  async add(userId: number, socket: LiveSocket): Promise<void> {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    await this.ensureSubscribed();
  }

  remove(userId: number, socket: LiveSocket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
    if (this.sockets.size === 0) void this.stop().catch(this.onError);
  }

  /** Open sockets of one user. */
  count(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  get connections(): number {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  private schedule(linkId: number): void {
    if (this.timers.has(linkId)) return;
    const wait = Math.max(0, (this.lastSent.get(linkId) ?? 0) + COALESCE_MS - Date.now());
    this.timers.set(
      linkId,
      setTimeout(() => {
        this.timers.delete(linkId);
        this.flush(linkId).catch(this.onError);
      }, wait),
    );
  }

  private async flush(linkId: number): Promise<void> {
    const click = this.pending.get(linkId);
    if (!click) return;
    this.pending.delete(linkId);
    this.lastSent.set(linkId, Date.now());
    await this.platform.readModel.waitFor(click.position, 2000);
    const link = await this.platform.read.get<LinkView>(LINKS, linkId);
    if (!link) return;
    const message: LiveServerMessage = {
      type: 'click',
      url_id: linkId,
      total_clicks: link.total_clicks,
      at: click.at,
      country: click.country,
      referrer: click.referrer,
    };
    const text = JSON.stringify(message);
    for (const socket of this.sockets.get(click.ownerId) ?? []) {
      try {
        socket.send(text);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
