import type { FastifyRequest } from 'fastify';
import type { UpdateLinkBody } from '@linkledger/contracts';
import type { LinkView } from '@linkledger/projections';
import type { CommandContext } from '../commands/command-context.ts';
import { foldEvents } from '../commands/event-port.ts';
import type { Platform } from '../platform/platform.ts';
import { requireControlFeatures } from './control-features.ts';
import { storedControls } from './link-control-changes.ts';
import { controlAddresses } from './link-controls-input.ts';
import { splitOrganization, storedOrganization } from './link-organization-input.ts';
import { evolveLink } from './link-state.ts';
import { hostsServingShortLinks, refuseLoopingDestination } from './loop-guard.ts';
import { recordLinkUpdate } from './update-link.ts';

/**
 * An edit of one of the workspace's links from a body in our API's shape, through every rule
 * an edit holds to: the plan's smart controls, the loop check, its organization (tag and
 * folder names). Shared by our API and the Shlink-compatible one. Says whether the read model
 * showed the edit in time (update-link.ts).
 */
export async function editLinkFromRequest(
  platform: Platform,
  context: CommandContext,
  request: FastifyRequest,
  workspaceId: number,
  linkId: number,
  body: UpdateLinkBody,
): Promise<{ link: LinkView; shown: boolean }> {
  // Compared with the link as its log has it, as the decider will: a read model that is behind could show a control cleared a moment ago.
  await requireControlFeatures(platform, workspaceId, body, async () => {
    const current = foldEvents(await platform.events.readStream(`link-${linkId}`), evolveLink, null);
    return current && !current.deleted && current.ownerId === workspaceId ? storedControls(current.controls) : null;
  });
  await refuseLoopingDestination(platform, request, body.original_url);
  const { organization, rest } = splitOrganization(body);
  return recordLinkUpdate(platform, context, {
    ownerId: workspaceId,
    linkId,
    changes: { ...rest, ...(await storedOrganization(platform, workspaceId, organization, context)) },
    ownHosts: await hostsServingShortLinks(platform, request, controlAddresses(body)),
  });
}
