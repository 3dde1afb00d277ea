import type { LinkChanges } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { loadStream, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import { notFound } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { LINK_NOT_FOUND, decideUpdateLink } from './decide.ts';
import { evolveEditableLink } from './link-state.ts';

/**
 * Edits one of the caller's links. The answer waits for the read model and this process's
 * redirect cache, so the next redirect already goes to the new destination (or 404s when
 * the link was switched off).
 */
export async function updateLink(platform: Platform, context: CommandContext, input: { actorId: number; linkId: number; changes: LinkChanges }): Promise<LinkView> {
  const stream = `link-${input.linkId}`;
  const position = await withRetries(async () => {
    const { state, revision } = await loadStream(platform.events, stream, null, evolveEditableLink);
    const events = decideUpdateLink({ actorId: input.actorId, changes: input.changes }, state);
    if (!events.length) return null;
    const metadata = metadataFor(context);
    const result = await platform.events.append([{ stream, expected: revision ?? 'no_stream', events: events.map((e) => toNewEvent(e, metadata)) }]);
    return result.position;
  });
  if (position !== null) await waitForReadModel(platform, position);
  const link = await platform.read.get<LinkView>(LINKS, input.linkId);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}
