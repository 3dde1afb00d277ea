import { loadStream, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { decideBulkDelete } from './decide.ts';
import { evolveLink, type LinkState } from './link-state.ts';

/**
 * Deletes several of the caller's links in one atomic multi-stream append, each stream at
 * the revision it was read at: all are deleted, or (someone else's id, a concurrent
 * change) none. Returns the ids deleted.
 */
export async function bulkDeleteLinks(platform: Platform, context: CommandContext, input: { actorId: number; ids: readonly number[] }): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  const { position, deleted } = await withRetries(async () => {
    const loaded = await Promise.all(ids.map((id) => loadStream(platform.events, `link-${id}`, null, evolveLink)));
    const states = new Map<number, LinkState | null>(ids.map((id, i) => [id, loaded[i]!.state]));
    const decided = decideBulkDelete({ actorId: input.actorId, ids }, states);
    const metadata = metadataFor(context);
    const result = await platform.events.append(
      decided.map(({ linkId, events }) => ({
        stream: `link-${linkId}`,
        expected: loaded[ids.indexOf(linkId)]!.revision ?? 'no_stream',
        events: events.map((e) => toNewEvent(e, metadata)),
      })),
    );
    return { position: result.position, deleted: decided.map((d) => d.linkId) };
  });
  await waitForReadModel(platform, position);
  return deleted;
}
