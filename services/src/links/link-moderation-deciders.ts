import type { DomainEvent, Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, forbidden, invalid, notFound } from '../commands/domain-error.ts';
import { LINK_NOT_FOUND } from './link-deciders.ts';
import { evolveLink, type LinkState } from './link-state.ts';

/** Disabling and enabling links by an admin (docs/admin.md#moderation). */

export const ADMINS_MODERATE = 'Only an admin or super admin can disable or enable links.';
export const REASON_REQUIRED = 'Give the reason for disabling the link: its owner will see it.';
export const ALREADY_DISABLED = 'The link is already disabled.';
export const NOT_DISABLED = 'The link is not disabled.';

interface ModerateLink {
  actorRole: Role;
  linkId: number;
  disable: boolean;
  reason: string;
}

/**
 * Given a link, when an admin disables it with a reason, then it is disabled whoever owns
 * it; when an admin enables a disabled link, then it serves again. Doing either twice is a
 * conflict that says what the link already is.
 */
function decideModeration(command: ModerateLink, link: LinkState | null): DomainEvent[] {
  if (command.actorRole !== 'admin' && command.actorRole !== 'super_admin') throw forbidden(ADMINS_MODERATE);
  if (!link || link.deleted) throw notFound(LINK_NOT_FOUND);
  const reason = command.reason.trim();
  if (command.disable) {
    if (!reason) throw invalid(REASON_REQUIRED);
    if (link.moderated) throw conflict(ALREADY_DISABLED);
  } else if (!link.moderated) {
    throw conflict(NOT_DISABLED);
  }
  return [{ type: 'LinkModerated', data: { link_id: link.id, disabled: command.disable, reason: command.disable ? reason : '' } }];
}

export const moderateLinkDecider: Decider<ModerateLink, LinkState | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveLink,
  decide: decideModeration,
};
