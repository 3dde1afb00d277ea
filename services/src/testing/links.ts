import type { EditableLink } from '../links/index.ts';

/** A live link on our own host, as the links' `evolve` folds one; a test names what differs. */
export function aLink(changes: Partial<EditableLink> = {}): EditableLink {
  return {
    id: 1,
    ownerId: 1,
    shortCode: 'abc123',
    destination: 'https://example.com/',
    title: '',
    description: '',
    isActive: true,
    deleted: false,
    moderated: false,
    version: 0,
    customDomain: null,
    traiHeader: null,
    domainId: null,
    traiId: null,
    createdAt: 1,
    controls: null,
    utm: null,
    servedDestination: changes.destination ?? 'https://example.com/',
    organization: {},
    ...changes,
  };
}
