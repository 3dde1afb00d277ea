import type { StoredLinkOrganization, UpdateLinkBody } from '@linkledger/contracts';
import type { LinkOrganizationRequest } from './link-organization-input.ts';
import { LINKS, editedLink, type LinkView } from '@linkledger/projections';
import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { LINK_NOT_FOUND, updateLinkDecider } from './link-deciders.ts';
import { withPasswordHashed } from './link-controls-input.ts';

/**
 * Edits one of the caller's links. The answer waits for the read model and this process's
 * redirect cache, so the next redirect already goes to the new destination (or 404s when
 * the link was switched off).
 */
export async function updateLink(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, input: LinkUpdate): Promise<LinkView> {
  return (await recordLinkUpdate(platform, context, input)).link;
}

type LinkUpdate = {
  ownerId: number;
  linkId: number;
  /** The edit, its organization already as events hold it (link-organization-input.ts). */
  changes: Omit<UpdateLinkBody, keyof LinkOrganizationRequest> & StoredLinkOrganization;
  asAdmin?: boolean;
  /** The hosts this service answers to: a control's address on one of them may not be a short link. */
  ownHosts: readonly string[];
};

/**
 * Edits a link as `updateLink` does, and says whether the read model showed the edit in
 * time; when it did not, the link is the read model's with the recorded changes applied.
 */
export async function recordLinkUpdate(
  platform: CommandDeps & Pick<Platform, 'read'>,
  context: CommandContext,
  input: LinkUpdate,
): Promise<{ link: LinkView; shown: boolean }> {
  const changes = await withPasswordHashed(input.changes);
  const { events, shown } = await handleCommand(platform, context, updateLinkDecider, { ...input, changes, now: context.now.getTime() });
  const link = await platform.read.get<LinkView>(LINKS, input.linkId);
  if (!link) throw notFound(LINK_NOT_FOUND);
  if (shown) return { link, shown };
  const recorded = events.flatMap((event) => (event.type === 'LinkUpdated' ? [event.data.changes] : []));
  return { link: recorded.reduce(editedLink, link), shown };
}
