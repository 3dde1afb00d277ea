import { handleMultiStreamCommand, type MultiStreamDecider, type StreamSpec, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { decideBulkDelete } from './decide.ts';
import { evolveLink, type LinkState } from './link-state.ts';

interface BulkDelete {
  actorId: number;
  ids: readonly number[];
}

/** Every named link's stream, keyed by its id: all are deleted in one append, or (someone else's id, a concurrent change) none. */
export const bulkDeleteDecider: MultiStreamDecider<BulkDelete, Record<string, LinkState | null>> = {
  streamsOf: (command) =>
    Object.fromEntries(
      command.ids.map((id): [string, StreamSpec<LinkState | null>] => [String(id), { stream: `link-${id}`, initialState: null, evolve: evolveLink }]),
    ),
  decide: (command, states) => {
    const links = new Map(Object.entries(states).map(([id, state]) => [Number(id), state]));
    return Object.fromEntries(decideBulkDelete(command, links).map(({ linkId, events }) => [String(linkId), events]));
  },
};

/** Deletes several of the caller's links at once; returns the ids deleted. */
export async function bulkDeleteLinks(platform: CommandDeps, context: CommandContext, input: BulkDelete): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  await handleMultiStreamCommand(platform, context, bulkDeleteDecider, { actorId: input.actorId, ids });
  return ids;
}
