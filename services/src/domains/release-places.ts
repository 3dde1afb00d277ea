import { CUSTOM_DOMAINS, TRAI_DOMAINS, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { deleteDomain } from './domain-claims.ts';
import { deleteTraiDecider } from './trai-deciders.ts';
import type { Platform } from '../platform/platform.ts';

/**
 * Deletes the TRAI headers and custom domains a workspace owns, as its owner would, so their
 * names are free for others: a deleted account (docs/privacy.md#deleting-an-account) or a
 * deleted team workspace (docs/workspaces.md) cannot hold `go.example.com` for ever. Headers
 * go first: one may rest on a domain.
 */
export async function releasePlaces(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, ownerId: number): Promise<void> {
  for (const view of await platform.read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: ownerId } })) {
    await handleMultiStreamCommand(platform, context, deleteTraiDecider, {
      traiId: view.id,
      ownerId,
      customDomainId: view.custom_domain_id,
      header: view.header,
      domain: view.domain,
    });
  }
  for (const view of await platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: ownerId } })) {
    await deleteDomain(platform, context, view);
  }
}
