import { LINKS, type LinkView } from '@linkledger/projections';
import { allocateId, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { decideCreateLink } from './decide.ts';
import { generateShortCode } from './short-codes.ts';

export interface NewLink {
  ownerId: number;
  createdVia: 'manual' | 'api';
  original_url: string;
  title: string;
  description: string;
}

/**
 * Creates a link: allocates its id, claims a fresh short code and writes the link in one
 * atomic append. Returns the link as the read model holds it (read your writes).
 */
export async function createLink(platform: Platform, context: CommandContext, input: NewLink): Promise<LinkView> {
  const metadata = metadataFor(context);
  const linkId = await allocateId(platform.events, 'link', metadata);
  // A generated code collides about once in 10^12; each attempt draws a new one.
  const { position } = await withRetries(async () => {
    const shortCode = generateShortCode();
    const [claim, created] = decideCreateLink({
      linkId,
      ownerId: input.ownerId,
      shortCode,
      originalUrl: input.original_url,
      title: input.title,
      description: input.description,
      createdVia: input.createdVia,
    });
    return platform.events.append([
      { stream: `shortcode-${shortCode}`, expected: 'no_stream', events: [toNewEvent(claim!, metadata)] },
      { stream: `link-${linkId}`, expected: 'no_stream', events: [toNewEvent(created!, metadata)] },
    ]);
  }, 5);
  await waitForReadModel(platform, position);
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (!link) throw new Error(`Link ${linkId} was written but the read model did not show it in time`);
  return link;
}
