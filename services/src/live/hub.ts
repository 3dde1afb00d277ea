import {
  domainEventOf,
  roleAllows,
  type EventStore,
  type LiveServerMessage,
  type RecordedEvent,
  type Subscription,
  type WorkspacePermission,
  type WorkspaceRole,
} from '@linkledger/contracts';
import { BOT_POLICY_CHANGED, BotPolicyFollower, LINKS, latestBotPolicy, type LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { accountRefusalOnly } from '../http/account-status.ts';

export interface LiveSocket {
  /** Who signed in on the socket. */
  userId: number;
  /** The workspace it watches: its member's role there is checked again whenever the membership changes, and before each message. */
  workspaceId: number;
  send(message: string): void;
  /** The bearer token the socket signed in with, checked again whenever the user's sessions change. */
  token: string;
  /** Closes the socket with a websocket close code and a reason the client can show. */
  end(code: number, reason: string): void;
}

/** Events after which some of a user's tokens may have stopped working. */
const SESSION_EVENTS = new Set(['SessionRevoked', 'PasswordChanged', 'OtherSessionsRevoked', 'AllSessionsRevoked', 'UserStatusChanged', 'AccountDeleted']);

/** Events after which someone may no longer be a member of a workspace, or may hold another role there. */
const MEMBERSHIP_EVENTS = new Set(['WorkspaceMemberRemoved', 'WorkspaceMemberRoleChanged', 'WorkspaceDeleted', 'WorkspaceOwnershipTransferred']);
export const MEMBERSHIP_ENDED = { code: 4403, reason: 'You are no longer a member of this workspace.' } as const;

/** A workspace's activity feed as the hub follows it (docs/workspaces.md#live-activity): handed in by the composition root. */
interface ActivityFeed {
  /** The event types that may be activity. */
  types: readonly string[];
  /** The entry an event just appended makes in the feed of a workspace someone watches, or null. */
  entryOf(recorded: RecordedEvent, watched: (workspaceId: number) => boolean): Promise<{ workspaceId: number; entry: ActivityEntry } | null>;
}
type ActivityEntry = Extract<LiveServerMessage, { type: 'activity' }>['entry'];

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
 * Any member whose role reads the workspace may watch it (docs/workspaces.md#live-clicks).
 * Pushes human clicks to the sockets watching the workspace that owns the link (the link's
 * `owner_id`) whose user's role reads analytics; and each new entry of the workspace's
 * activity feed to those whose role reads the workspace. Each API process runs its own
 * hub from an event-store subscription, so replicas need nothing shared. The total sent is
 * read from the read model once it has applied the click, so it matches every other screen.
 */
export class LiveHub {
  /** Sockets by the workspace they watch. */
  private readonly sockets = new Map<number, Set<LiveSocket>>();
  /** Sockets by the user signed in on them: what a session or account change rechecks. */
  private readonly byUser = new Map<number, Set<LiveSocket>>();
  private readonly pending = new Map<number, PendingClick>();
  private readonly lastSent = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private subscription: Subscription | undefined;
  /** Which clicks are bots: the newest policy, as the read model counts them. */
  private readonly bots: BotPolicyFollower;
  /** Activity entries are pushed one after another, in the log's order. */
  private activityPushed: Promise<void> = Promise.resolve();

  constructor(
    private readonly events: EventStore,
    private readonly platform: Pick<Platform, 'read' | 'readModel'>,
    /** Whether a socket's token still signs its user in (the same check as every REST call). */
    /** Why a socket's token no longer works (signed out, suspended …), or null while it does. */
    private readonly refusalOf: (token: string) => Promise<string | null>,
    /** The user's role in the workspace, or null when they are not one of its members. */
    private readonly roleOf: (userId: number, workspaceId: number) => Promise<WorkspaceRole | null>,
    private readonly onError: (error: unknown) => void = () => undefined,
    /** New activity of the watched workspaces, pushed to their members' sockets; none when left out. */
    private readonly activity: ActivityFeed | null = null,
  ) {
    this.bots = new BotPolicyFollower(latestBotPolicy(events));
  }

  /** Subscribes only while someone listens: with no sockets, clicks cost the hub nothing. */
  private async ensureSubscribed(): Promise<void> {
    if (this.subscription) return;
    const head = await this.events.headPosition();
    await this.bots.load();
    if (this.subscription || this.sockets.size === 0) return;
    this.subscription = this.events.subscribe(
      { after: head, filter: { types: ['Clicked', BOT_POLICY_CHANGED, ...SESSION_EVENTS, ...MEMBERSHIP_EVENTS, ...(this.activity?.types ?? [])] } },
      async (batch) => {
        for (const recorded of batch) {
          if (this.bots.observe(recorded)) continue;
          if (this.activity?.types.includes(recorded.type)) {
            this.activityPushed = this.activityPushed.then(() => this.pushActivity(recorded)).catch(this.onError);
          }
          const event = domainEventOf(recorded);
          if (event && SESSION_EVENTS.has(event.type) && 'user_id' in event.data && this.byUser.has(event.data.user_id)) {
            this.recheck(event.data.user_id, recorded.position).catch(this.onError);
            continue;
          }
          if (
            event &&
            MEMBERSHIP_EVENTS.has(event.type) &&
            'workspace_id' in event.data &&
            event.data.workspace_id !== undefined &&
            this.sockets.has(event.data.workspace_id)
          ) {
            this.recheckMembers(event.data.workspace_id, recorded.position).catch(this.onError);
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
      },
    );
    this.subscription.done.catch(this.onError);
  }

  /** Closes the user's sockets whose token no longer signs in (logout, password change or reset). */
  private async recheck(userId: number, position: number): Promise<void> {
    await this.platform.readModel.waitFor(position, 2000);
    for (const socket of [...(this.byUser.get(userId) ?? [])]) {
      const refusal = await this.refusalOf(socket.token);
      if (refusal !== null) {
        this.remove(socket);
        // A suspended or banned account is told so; any other refusal is an ended session.
        socket.end(SESSION_ENDED.code, accountRefusalOnly(refusal) ?? SESSION_ENDED.reason);
      }
    }
  }

  /** Closes the sockets of those who may no longer watch the workspace (removed, left, the workspace deleted or handed over without them). */
  private async recheckMembers(workspaceId: number, position: number): Promise<void> {
    await this.platform.readModel.waitFor(position, 2000);
    for (const socket of [...(this.sockets.get(workspaceId) ?? [])]) {
      if ((await this.mayWatch(socket.userId, workspaceId)).allowed) continue;
      this.remove(socket);
      socket.end(MEMBERSHIP_ENDED.code, MEMBERSHIP_ENDED.reason);
    }
  }

  /**
   * Sends the entry an event makes in a watched workspace's feed to each socket watching it
   * whose user's role reads the workspace (its links, for a link's or a label's event; asked now, so a member removed by this very event is
   * not sent it), once the read model has applied the event.
   */
  private async pushActivity(recorded: RecordedEvent): Promise<void> {
    // Stopped (nobody listens, or the app closes): what is still queued is dropped, not waited for.
    if (!this.activity || !this.subscription || this.sockets.size === 0) return;
    await this.platform.readModel.waitFor(recorded.position, 2000);
    const found = await this.activity.entryOf(recorded, (workspaceId) => this.sockets.has(workspaceId));
    if (!found) return;
    const message: LiveServerMessage = { type: 'activity', workspace_id: found.workspaceId, entry: found.entry };
    // As the Activity page shows them: a link's events, and the tags and folders that organize links, only to roles that read links.
    const permission = recorded.stream === `workspace-${found.workspaceId}` ? 'workspace:read' : 'links:read';
    await this.sendToMembers(found.workspaceId, permission, JSON.stringify(message));
  }

  /**
   * Sends a message to each socket watching the workspace whose user's role there has the
   * permission, asked now (once per user): a role changed or ended a moment ago already counts.
   */
  private async sendToMembers(workspaceId: number, permission: WorkspacePermission, text: string): Promise<void> {
    const roles = new Map<number, Promise<WorkspaceRole | null>>();
    for (const socket of [...(this.sockets.get(workspaceId) ?? [])]) {
      let asked = roles.get(socket.userId);
      if (!asked) roles.set(socket.userId, (asked = this.roleOf(socket.userId, workspaceId)));
      const role = await asked;
      if (role === null || !roleAllows(role, permission)) continue;
      try {
        socket.send(text);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Whether the user may watch the workspace: a member whose role reads it (what each socket is sent depends on the role). */
  async mayWatch(userId: number, workspaceId: number): Promise<{ role: WorkspaceRole | null; allowed: boolean }> {
    const role = await this.roleOf(userId, workspaceId);
    return { role, allowed: role !== null && roleAllows(role, 'workspace:read') };
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
    await this.activityPushed;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Resolves once clicks from now on will reach the socket. The membership is asked again once
   * the socket is followed (and the read model has caught up with the log): one that ended
   * between the route's check and now would otherwise go unnoticed, and the socket is closed.
   */
  async add(socket: LiveSocket): Promise<void> {
    addTo(this.sockets, socket.workspaceId, socket);
    addTo(this.byUser, socket.userId, socket);
    await this.ensureSubscribed();
    await this.platform.readModel.waitFor(await this.events.headPosition(), 2000);
    if ((await this.mayWatch(socket.userId, socket.workspaceId)).allowed) return;
    this.remove(socket);
    socket.end(MEMBERSHIP_ENDED.code, MEMBERSHIP_ENDED.reason);
  }

  remove(socket: LiveSocket): void {
    removeFrom(this.sockets, socket.workspaceId, socket);
    removeFrom(this.byUser, socket.userId, socket);
    if (this.sockets.size === 0) void this.stop().catch(this.onError);
  }

  /** Open sockets of one user, whatever workspace they watch. */
  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
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
    await this.sendToMembers(click.ownerId, 'analytics:read', JSON.stringify(message));
  }
}

function addTo(index: Map<number, Set<LiveSocket>>, key: number, socket: LiveSocket): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(socket);
}

function removeFrom(index: Map<number, Set<LiveSocket>>, key: number, socket: LiveSocket): void {
  const set = index.get(key);
  set?.delete(socket);
  if (set?.size === 0) index.delete(key);
}
