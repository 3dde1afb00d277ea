import type { LinkChanges } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import type { OpenedPlatform } from '../server/open-platform.ts';

/**
 * Gives a link smart controls as an edit records them (`LinkUpdated`), straight into the log,
 * and waits until the redirect cache and the read model hold it: a test of the redirect needs
 * no API for it.
 */
export async function setLinkControls(platform: OpenedPlatform, linkId: number, changes: LinkChanges): Promise<number> {
  const metadata = { actor: { kind: 'user' as const, id: '1' }, correlation_id: 'test', causation_id: 'test', at: platform.clock().toISOString() };
  const event = toNewEvent({ type: 'LinkUpdated', data: { link_id: linkId, changes } }, metadata);
  const { position } = await platform.events.append([{ stream: `link-${linkId}`, expected: 'any', events: [event] }]);
  await platform.linkCache.progress.waitFor(position, 5_000);
  await platform.readModel.waitFor(position, 5_000);
  return position;
}
