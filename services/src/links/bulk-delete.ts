import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { bulkDeleteDecider, type BulkDelete } from './link-deciders.ts';

/** Deletes several of the caller's links at once; returns the ids deleted. */
export async function bulkDeleteLinks(platform: CommandDeps, context: CommandContext, input: BulkDelete): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  await handleMultiStreamCommand(platform, context, bulkDeleteDecider, { ownerId: input.ownerId, ids });
  return ids;
}
