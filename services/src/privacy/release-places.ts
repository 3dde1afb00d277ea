import { CUSTOM_DOMAINS, TRAI_DOMAINS, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { deleteDomain, deleteTraiDecider } from '../domains/index.ts';
import type { Platform } from '../platform/platform.ts';

/**
 * Deletes the account's TRAI headers and custom domains, as their owner would, so their
 * names are free for others (docs/privacy.md#deleting-an-account): a deleted account cannot
 * hold `go.example.com` for ever. Headers go first: one may rest on a domain.
 */
export async function releasePlaces(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, userId: number): Promise<void> {
  for (const view of await platform.read.find<TraiDomainView>(TRAI_DOMAINS, { where: { owner_id: userId } })) {
    await handleMultiStreamCommand(platform, context, deleteTraiDecider, {
      traiId: view.id,
      ownerId: userId,
      customDomainId: view.custom_domain_id,
      header: view.header,
      domain: view.domain,
    });
  }
  for (const view of await platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: userId } })) {
    await deleteDomain(platform, context, view);
  }
}
