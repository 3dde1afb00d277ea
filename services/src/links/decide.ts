import type { DomainEvent } from '@linkledger/contracts';
import { notFound } from '../platform/http-errors.ts';
import type { LinkState } from './link-state.ts';

export const LINK_NOT_FOUND = 'URL not found';

export interface CreateLinkCommand {
  linkId: number;
  ownerId: number;
  shortCode: string;
  originalUrl: string;
  title: string;
  description: string;
  createdVia: 'manual' | 'api';
}

export function decideCreateLink(command: CreateLinkCommand): DomainEvent[] {
  return [
    { type: 'ShortCodeClaimed', data: { short_code: command.shortCode, link_id: command.linkId } },
    {
      type: 'LinkCreated',
      data: {
        link_id: command.linkId,
        owner_id: command.ownerId,
        short_code: command.shortCode,
        original_url: command.originalUrl,
        title: command.title,
        description: command.description,
        created_via: command.createdVia,
        custom_domain: null,
        trai_header: null,
      },
    },
  ];
}

/** Only the owner may touch a link; to anyone else it does not exist. */
export function ownedLink(state: LinkState | null, actorId: number): LinkState {
  if (!state || state.deleted || state.ownerId !== actorId) throw notFound(LINK_NOT_FOUND);
  return state;
}

export function decideDeleteLink(command: { actorId: number }, state: LinkState | null): DomainEvent[] {
  const link = ownedLink(state, command.actorId);
  return [{ type: 'LinkDeleted', data: { link_id: link.id, short_code: link.shortCode } }];
}
