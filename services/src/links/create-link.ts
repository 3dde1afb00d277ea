import { LINKS, type LinkView } from '@linkledger/projections';
import { withinLinkQuota } from '../billing/link-quota.ts';
import { handleMultiStreamCommand, type MultiStreamDecider, type CommandDeps } from '../commands/command-handler.ts';
import { allocateId, metadataFor, type CommandContext } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { validateCustomCode } from './custom-code.ts';
import { decideCreateLink, type CreateLinkCommand } from './decide.ts';
import { generateShortCode } from './short-codes.ts';
import type { LinkPlacement } from '../domains/link-placement.ts';

export const SHORT_CODE_TAKEN = 'This short code is already taken. Choose another one.';

/** Someone holds the short code: a chosen one is refused, a generated one is drawn again. */
export class ShortCodeTaken extends DomainError {
  constructor() {
    super('conflict', SHORT_CODE_TAKEN);
  }
}

/** A chosen short code the app does not allow (length, characters, a reserved word); the detail says which rule. */
export class InvalidShortCode extends DomainError {
  constructor(reason: string) {
    super('invalid', reason);
  }
}

export interface NewLink {
  ownerId: number;
  createdVia: 'manual' | 'api';
  original_url: string;
  title: string;
  description: string;
  /** A code the person chose; claimed once (409 when taken) instead of generated. */
  shortCode?: string | undefined;
  /** Where it is served; our own host when absent. */
  placement?: LinkPlacement;
}

/**
 * Creates a link within the owner's monthly limit: allocates its id, claims a short code (the chosen one, or a fresh one)
 * and writes the link in one atomic append. Returns the link as the read model holds it
 * (read your writes).
 */
export function createLink(platform: Platform, context: CommandContext, input: NewLink): Promise<LinkView> {
  return withinLinkQuota(platform, input.ownerId, () => createWithinQuota(platform, context, input));
}

/** A new link claims its short code and opens its own stream in one append; a claimed code is refused. */
export const createLinkDecider: MultiStreamDecider<CreateLinkCommand, { claim: boolean; link: boolean }> = {
  streamsOf: (command) => ({
    claim: { stream: `shortcode-${command.shortCode}`, initialState: false, evolve: () => true },
    link: { stream: `link-${command.linkId}`, initialState: false, evolve: () => true },
  }),
  decide: (command, states) => {
    if (states.claim) throw new ShortCodeTaken();
    const [claim, ...link] = decideCreateLink(command);
    return { claim: [claim!], link };
  },
};

async function createWithinQuota(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, input: NewLink): Promise<LinkView> {
  const chosen = input.shortCode;
  if (chosen !== undefined) {
    const reason = validateCustomCode(chosen);
    if (reason) throw new InvalidShortCode(reason);
    // Refused before an id is spent; the command decides a race again.
    if ((await platform.events.readStream(`shortcode-${chosen}`)).length) throw new ShortCodeTaken();
  }
  const linkId = await allocateId(platform.events, 'link', metadataFor(context));
  const command = (shortCode: string): CreateLinkCommand => ({
    linkId,
    ownerId: input.ownerId,
    shortCode,
    originalUrl: input.original_url,
    title: input.title,
    description: input.description,
    createdVia: input.createdVia,
    customDomain: input.placement?.custom_domain ?? null,
    traiHeader: input.placement?.trai_header ?? null,
    customDomainId: input.placement?.custom_domain_id ?? null,
    traiId: input.placement?.trai_id ?? null,
  });
  if (chosen !== undefined) {
    await handleMultiStreamCommand(platform, context, createLinkDecider, command(chosen));
  } else {
    // A generated code collides about once in 10^12: then another is drawn.
    for (let attempt = 1; ; attempt++) {
      try {
        await handleMultiStreamCommand(platform, context, createLinkDecider, command(generateShortCode()));
        break;
      } catch (error) {
        if (!(error instanceof ShortCodeTaken) || attempt >= 5) throw error;
      }
    }
  }
  const link = await platform.read.get<LinkView>(LINKS, linkId);
  if (!link) throw new Error(`Link ${linkId} was written but the read model did not show it in time`);
  return link;
}
