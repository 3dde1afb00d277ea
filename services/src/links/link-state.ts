import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** What the write side knows of one link, folded from the `link-{id}` stream. */
export interface LinkState {
  id: number;
  ownerId: number;
  shortCode: string;
  destination: string;
  isActive: boolean;
  deleted: boolean;
  /** Disabled by an admin (docs/admin.md#moderation): the "link disabled" page, never the destination. */
  moderated: boolean;
  /** Revision of the stream this state was folded up to. */
  version: number;
  /** Where it is served (fixed at creation): a custom domain's host, a TRAI header, or neither. */
  customDomain: string | null;
  traiHeader: string | null;
  /** The domain claim and the TRAI header it was created under (`LinkPlaced`); null on our host or for links made before claims were recorded. */
  domainId: number | null;
  traiId: number | null;
  /** The log position it was created at: a link made before claims were recorded belongs to the claim that held its host then. */
  createdAt: number;
}

export function evolveLink(state: LinkState | null, event: DomainEvent, envelope: EventEnvelope): LinkState | null {
  switch (event.type) {
    case 'LinkCreated':
      return {
        id: event.data.link_id,
        ownerId: event.data.owner_id,
        shortCode: event.data.short_code,
        destination: event.data.original_url,
        isActive: true,
        deleted: false,
        moderated: false,
        version: envelope.revision,
        customDomain: event.data.custom_domain,
        traiHeader: event.data.trai_header,
        domainId: null,
        traiId: null,
        createdAt: envelope.position,
      };
    case 'LinkPlaced':
      return state && { ...state, domainId: event.data.custom_domain_id, traiId: event.data.trai_id, version: envelope.revision };
    case 'LinkUpdated':
      if (!state) return state;
      return {
        ...state,
        destination: event.data.changes.original_url ?? state.destination,
        isActive: event.data.changes.is_active ?? state.isActive,
        version: envelope.revision,
      };
    case 'LinkDeleted':
      return state && { ...state, deleted: true, version: envelope.revision };
    case 'LinkModerated':
      return state && { ...state, moderated: event.data.disabled, version: envelope.revision };
    default:
      return state;
  }
}

/**
 * The link as an edit sees it: LinkState plus the texts an update compares against. Kept
 * apart from LinkState so the redirect cache, which holds many links, stays small.
 */
export interface EditableLink extends LinkState {
  title: string;
  description: string;
}

export function evolveEditableLink(state: EditableLink | null, event: DomainEvent, envelope: EventEnvelope): EditableLink | null {
  const next = evolveLink(state, event, envelope);
  if (!next || next === state) return state;
  const texts = { title: state?.title ?? '', description: state?.description ?? '' };
  if (event.type === 'LinkCreated') return { ...next, title: event.data.title, description: event.data.description };
  if (event.type === 'LinkUpdated') {
    return { ...next, title: event.data.changes.title ?? texts.title, description: event.data.changes.description ?? texts.description };
  }
  return { ...next, ...texts };
}
