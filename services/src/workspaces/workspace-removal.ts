import { LINKS, type LinkView } from '@linkledger/projections';
import type { CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { conflict, forbidden, notFound } from '../commands/domain-error.ts';
import { releasePlaces } from '../domains/index.ts';
import { bulkDeleteLinks } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { OWNERS_ONLY, PERSONAL_NOT_DELETABLE } from './workspace-deciders.ts';
import { WORKSPACE_NOT_FOUND, type WorkspaceRole } from '@linkledger/contracts';
import type { WorkspaceView } from '@linkledger/projections';

/** Links deleted in one command: the bulk delete's own bound. */
const BATCH = 100;

/**
 * What a team workspace owns goes before the workspace does (docs/workspaces.md#deleting-a-workspace):
 * its links are deleted (they stop redirecting; their history and counts stay in the log) and
 * its custom domains and TRAI headers are released for others, each as its owner would. Only
 * an owner may start it, checked first: nothing is deleted for anyone else. A deletion that
 * stops half-way leaves a workspace that can be deleted again, which finishes the work.
 */
export async function clearTeamWorkspace(
  platform: CommandDeps & Pick<Platform, 'read'>,
  context: CommandContext,
  workspace: { view: WorkspaceView; role: WorkspaceRole },
): Promise<void> {
  if (workspace.view.deleted) throw notFound(WORKSPACE_NOT_FOUND);
  if (workspace.view.personal) throw conflict(PERSONAL_NOT_DELETABLE);
  if (workspace.role !== 'owner') throw forbidden(OWNERS_ONLY);
  const ownerId = workspace.view.id;
  // Every id first, then the deletions: paging while deleting would skip links the read model moved.
  const ids: number[] = [];
  for (let skip = 0; ; skip += BATCH) {
    const page = await platform.read.find<LinkView>(LINKS, { where: { owner_id: ownerId }, sort: [{ field: 'id', direction: 'asc' }], skip, limit: BATCH });
    ids.push(...page.map((link) => link.id));
    if (page.length < BATCH) break;
  }
  for (let at = 0; at < ids.length; at += BATCH) await bulkDeleteLinks(platform, context, { ownerId, ids: ids.slice(at, at + BATCH) });
  await releasePlaces(platform, context, ownerId);
}
