import { WrongExpectedRevisionError } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { withinLinkQuota } from '../billing/link-quota.ts';
import { allocateId, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import { HttpError, conflict } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { validateCustomCode } from './custom-code.ts';
import { decideCreateLink } from './decide.ts';
import { generateShortCode } from './short-codes.ts';

export const SHORT_CODE_TAKEN = 'This short code is already taken. Choose another one.';

export interface NewLink {
  ownerId: number;
  createdVia: 'manual' | 'api';
  original_url: string;
  title: string;
  description: string;
  /** A code the person chose; claimed once (409 when taken) instead of generated. */
  shortCode?: string | undefined;
}

/**
 * Creates a link within the owner's monthly limit: allocates its id, claims a short code (the chosen one, or a fresh one)
 * and writes the link in one atomic append. Returns the link as the read model holds it
 * (read your writes).
 */
export function createLink(platform: Platform, context: CommandContext, input: NewLink): Promise<LinkView> {
  return withinLinkQuota(platform, input.ownerId, () => createWithinQuota(platform, context, input));
}

async function createWithinQuota(platform: Platform, context: CommandContext, input: NewLink): Promise<LinkView> {
  const chosen = input.shortCode;
  if (chosen !== undefined) {
    const reason = validateCustomCode(chosen);
    if (reason) throw new HttpError(400, reason);
    // Refused before an id is spent; the claim below still decides a race.
    if ((await platform.events.readStream(`shortcode-${chosen}`)).length) throw conflict(SHORT_CODE_TAKEN);
  }
  const metadata = metadataFor(context);
  const linkId = await allocateId(platform.events, 'link', metadata);
  const attempt = async () => {
    const shortCode = chosen ?? generateShortCode();
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
  };
  // A generated code collides about once in 10^12; each attempt draws a new one. A chosen
  // code is claimed once: if someone holds it, it is theirs.
  const { position } = await (chosen === undefined ? withRetries(attempt, 5) : attempt().catch(takenCode));
  await waitForReadModel(platform, position);
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (!link) throw new Error(`Link ${linkId} was written but the read model did not show it in time`);
  return link;
}

function takenCode(error: unknown): never {
  if (error instanceof WrongExpectedRevisionError && error.stream.startsWith('shortcode-')) throw conflict(SHORT_CODE_TAKEN);
  throw error;
}
