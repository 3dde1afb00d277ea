import type { ImportedFrom, LinkCreated, StoredLinkOrganization } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { withinLinkQuota } from '../billing/index.ts';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import { allocateId, metadataFor, type CommandContext } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { validateCustomCode } from './custom-code.ts';
import { ShortCodeTaken, createLinkDecider, type CreateLinkCommand } from './link-deciders.ts';
import { generateShortCode } from './short-codes.ts';
import type { LinkPlacement } from '../domains/index.ts';
import { withPasswordHashed, type LinkControlsRequest } from './link-controls-input.ts';
import { checkControls } from './link-control-checks.ts';
import { currentSchedule } from './link-control-changes.ts';

/** A chosen short code the app does not allow (length, characters, a reserved word); the detail says which rule. */
export class InvalidShortCode extends DomainError {
  constructor(reason: string) {
    super('invalid', reason);
  }
}

/**
 * Refuses a chosen code (a link's, a page's, a survey's: they share one namespace) that breaks a
 * rule or that something holds already; refused before an id is spent, the command decides a race again.
 */
/** Refuses a chosen code that breaks the rules of custom codes (whether it is free is the claim's to say). */
export function checkCodeRules(code: string): string {
  const reason = validateCustomCode(code);
  if (reason) throw new InvalidShortCode(reason);
  return code;
}

export async function checkChosenCode(platform: Pick<Platform, 'events'>, code: string): Promise<void> {
  checkCodeRules(code);
  if ((await platform.events.readStream(`shortcode-${code}`)).length) throw new ShortCodeTaken();
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
  /** Its smart controls as the request gives them, and the hosts this service answers to (a control's address may not be a short link on them). */
  controls?: { requested: LinkControlsRequest; ownHosts: readonly string[] };
  /** Its tags, folder, UTM parameters and QR design, names already resolved (link-organization-input.ts). */
  organization?: StoredLinkOrganization;
  /** Set when an import creates it (docs/import.md). */
  importedFrom?: ImportedFrom;
  /** The Idempotency-Key claim to append with the link, given its id (http/idempotency.ts). */
  claim?: ((linkId: number) => CommandContext['claim']) | undefined;
}

/**
 * A link just written: as the read model holds it, or — when the read model or the redirect
 * cache did not include it in time — null, with what its creation recorded.
 */
export interface CreatedLink {
  link: LinkView | null;
  created: LinkCreated;
}

/**
 * Creates a link within the owner's monthly limit: allocates its id, claims a short code (the chosen one, or a fresh one)
 * and writes the link in one atomic append. Returns the link as the read model holds it
 * (read your writes).
 */
export async function createLink(platform: Platform, context: CommandContext, input: NewLink): Promise<LinkView> {
  const { link } = await recordLink(platform, context, input);
  if (!link) throw new Error('The link was written but the read model did not show it in time');
  return link;
}

/** Creates a link as `createLink` does, and answers what is known of it even when the read model is behind. */
export function recordLink(platform: Platform, context: CommandContext, input: NewLink): Promise<CreatedLink> {
  return withinLinkQuota(platform, input.ownerId, () => createWithinQuota(platform, context, input));
}

async function createWithinQuota(platform: CommandDeps & Pick<Platform, 'read'>, context: CommandContext, input: NewLink): Promise<CreatedLink> {
  const chosen = input.shortCode;
  if (chosen !== undefined) {
    await checkChosenCode(platform, chosen);
  }
  const controls = input.controls ? await withPasswordHashed(input.controls.requested) : {};
  const checks = { now: context.now.getTime(), ownHosts: input.controls?.ownHosts ?? [] };
  // Refused before an id is spent, as the decider would refuse them.
  checkControls(controls, currentSchedule(null), checks);
  const linkId = await allocateId(platform.events, 'link', metadataFor(context));
  const claim = input.claim?.(linkId);
  const claimed: CommandContext = claim ? { ...context, claim } : context;
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
    controls,
    ...(input.organization ? { organization: input.organization } : {}),
    ...(input.importedFrom ? { importedFrom: input.importedFrom } : {}),
    ...checks,
  });
  const handled = await (async () => {
    if (chosen !== undefined) return handleMultiStreamCommand(platform, claimed, createLinkDecider, command(chosen));
    // A generated code collides about once in 10^12: then another is drawn.
    for (let attempt = 1; ; attempt++) {
      try {
        return await handleMultiStreamCommand(platform, claimed, createLinkDecider, command(generateShortCode()));
      } catch (error) {
        if (!(error instanceof ShortCodeTaken) || attempt >= 5) throw error;
      }
    }
  })();
  const created = handled.events.flatMap((event) => (event.type === 'LinkCreated' ? [event.data] : []))[0]!;
  return { link: handled.shown ? await platform.read.get<LinkView>(LINKS, linkId) : null, created };
}
