import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventStore, LinkExpired } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand, type Decider } from '../commands/command-handler.ts';
import { evolveLink, type LinkState } from './link-state.ts';

/** The system actor (and route) `LinkExpired` is recorded as. */
const EXPIRY_ACTOR = 'link-expiry';

interface ExpireLink {
  linkId: number;
  reason: LinkExpired['reason'];
  /** The instant the expiry is recorded at, epoch milliseconds. */
  now: number;
  /** For `max_clicks`: the human clicks the link's click stream holds (counted by the redirect). */
  humanClicks?: number;
}

/** Whether the link's controls say it has expired for this reason now. */
function expiredFor(link: LinkState, command: ExpireLink): boolean {
  const controls = link.controls;
  if (!controls || controls.expired) return false;
  if (command.reason === 'expires_at') return controls.expiresAt !== null && controls.expiresAt <= command.now;
  return controls.maxClicks !== null && (command.humanClicks ?? 0) >= controls.maxClicks;
}

/**
 * Given a link whose expiry time passed, or whose human clicks reached its cap, when its expiry
 * is recorded, then `LinkExpired` once (docs/links.md#schedule-and-expiry). Nothing when it is
 * recorded already, gone, or its controls no longer say so (an edit moved the expiry or raised
 * the cap meanwhile): a late or repeated call changes nothing.
 */
export const expireLinkDecider: Decider<ExpireLink, LinkState | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveLink,
  decide: (command, link): DomainEvent[] =>
    link && !link.deleted && expiredFor(link, command) ? [{ type: 'LinkExpired', data: { link_id: link.id, reason: command.reason } }] : [],
};

/** Records a link's expiry through the command path, as the system; it answers nobody, so it waits for no read model. */
export async function recordLinkExpired(events: EventStore, at: Date, command: Omit<ExpireLink, 'now'>): Promise<void> {
  const context = { actor: { kind: 'system' as const, id: EXPIRY_ACTOR }, correlationId: randomUUID(), now: at, route: EXPIRY_ACTOR };
  await handleCommand({ events, ...NO_READ_MODEL }, context, expireLinkDecider, { ...command, now: at.getTime() });
}
