import type { DomainEvent, LinkChanges } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import type { OpenedPlatform } from '../server/open-platform.ts';

/**
 * Records an event on a link's stream straight into the log, and waits until the redirect
 * cache and the read model hold it: a test of the redirect needs no API for it.
 */
export async function recordLinkEvent(platform: OpenedPlatform, linkId: number, event: DomainEvent): Promise<number> {
  const metadata = { actor: { kind: 'user' as const, id: '1' }, correlation_id: 'test', causation_id: 'test', at: platform.clock().toISOString() };
  const { position } = await platform.events.append([{ stream: `link-${linkId}`, expected: 'any', events: [toNewEvent(event, metadata)] }]);
  await platform.linkCache.progress.waitFor(position, 5_000);
  await platform.readModel.waitFor(position, 5_000);
  return position;
}

/** Gives a link smart controls as an edit records them (`LinkUpdated`). */
export const setLinkControls = (platform: OpenedPlatform, linkId: number, changes: LinkChanges) =>
  recordLinkEvent(platform, linkId, { type: 'LinkUpdated', data: { link_id: linkId, changes } });
