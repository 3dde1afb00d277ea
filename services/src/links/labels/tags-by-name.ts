import { handleCommand } from '../../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import { DomainError } from '../../commands/domain-error.ts';
import type { Platform } from '../../platform/platform.ts';
import { labelsDecider } from './label-deciders.ts';
import { evolveLabels, labelsStream, liveTagNamed, noLabels } from './label-state.ts';

/**
 * A workspace's tags by name, for APIs that know tags only by name (the Shlink-compatible one,
 * docs/developer-api.md#shlink-compatible-api): rename one, delete several. Through the same
 * labels decider as the Tags page, so a renamed tag keeps its links and a deleted one leaves them.
 */
async function labelsOf(platform: Platform, workspaceId: number) {
  return (await loadStream(platform.events, labelsStream(workspaceId), noLabels, evolveLabels)).state;
}

/** Renames the live tag named `oldName`: `missing` when there is none, `taken` when another tag holds `newName`. */
export async function renameTagNamed(
  platform: Platform,
  context: CommandContext,
  workspaceId: number,
  oldName: string,
  newName: string,
): Promise<'renamed' | 'missing' | 'taken'> {
  const tag = liveTagNamed(await labelsOf(platform, workspaceId), oldName);
  if (!tag) return 'missing';
  try {
    await handleCommand(platform, context, labelsDecider, { kind: 'change_tag', workspaceId, tagId: tag.id, name: newName });
    return 'renamed';
  } catch (error) {
    if (error instanceof DomainError && error.refusal === 'conflict') return 'taken';
    throw error;
  }
}

/** Deletes the live tags with these names; names the workspace has no tag for are passed over. */
export async function deleteTagsNamed(platform: Platform, context: CommandContext, workspaceId: number, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const tag = liveTagNamed(await labelsOf(platform, workspaceId), name);
    if (tag) await handleCommand(platform, context, labelsDecider, { kind: 'delete_tag', workspaceId, tagId: tag.id });
  }
}
