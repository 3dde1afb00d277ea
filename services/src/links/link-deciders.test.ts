import { describe, expect, it } from 'vitest';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LINK_NOT_FOUND, decideBulkDelete, decideCreateLink, deleteLinkDecider, updateLinkDecider } from './link-deciders.ts';
import type { LinkState } from './link-state.ts';

const deletes = deciderSpec(deleteLinkDecider);

const created = decideCreateLink({
  linkId: 1,
  ownerId: 7,
  shortCode: 'abc1234',
  originalUrl: 'https://example.com/a',
  title: 'A',
  description: '',
  createdVia: 'manual',
  customDomain: null,
  traiHeader: null,
}).filter((e) => e.type === 'LinkCreated');

describe('link decider', () => {
  it('given nothing, when a link is created, then the code is claimed and the link created', () => {
    const events = decideCreateLink({
      linkId: 1,
      ownerId: 7,
      shortCode: 'abc1234',
      originalUrl: 'https://x.io',
      title: '',
      description: '',
      createdVia: 'api',
      customDomain: null,
      traiHeader: null,
    });
    expect(events.map((e) => e.type)).toEqual(['ShortCodeClaimed', 'LinkCreated']);
    expect(events[1]).toMatchObject({ data: { created_via: 'api', owner_id: 7, short_code: 'abc1234' } });
  });

  it('given a link, when its owner deletes it, then it is deleted', () => {
    const link = deletes.given(created);
    expect(link.state).toMatchObject({ id: 1, ownerId: 7, destination: 'https://example.com/a', deleted: false, version: 0 });
    link.when({ ownerId: 7, linkId: 1 }).then([{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
  });

  it('given a link, when someone else deletes it, then it is not found', () => {
    deletes.given(created).when({ ownerId: 8, linkId: 1 }).thenThrows(LINK_NOT_FOUND);
  });

  it('given a deleted link, when it is deleted again, then it is not found', () => {
    const link = deletes.given([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
    expect(link.state?.deleted).toBe(true);
    link.when({ ownerId: 7, linkId: 1 }).thenThrows(DomainError);
  });

  it('given an update, the state follows the new destination and active flag', () => {
    const state = deletes.given([
      ...created,
      { type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://new.example', is_active: false } } },
    ]).state;
    // Read back in its WHATWG serialization (what a Location header can carry).
    expect(state).toMatchObject({ destination: 'https://new.example/', isActive: false, version: 1 });
  });
});

const updates = deciderSpec(updateLinkDecider);
const update = (changes: Record<string, unknown>, ownerId = 7) => ({ ownerId, linkId: 1, changes });

describe('update decider', () => {
  it('given a link, when its owner changes some fields, then only the fields that differ are recorded', () => {
    const link = updates.given(created);
    expect(link.state).toMatchObject({ title: 'A', description: '', destination: 'https://example.com/a', isActive: true });
    link
      .when(update({ title: 'A', description: 'new', original_url: 'https://example.com/a', is_active: true }))
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { description: 'new' } } }]);
    link
      .when(update({ original_url: 'https://example.com/b', is_active: false }))
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://example.com/b', is_active: false } } }]);
  });

  it('given a link, when the edit changes nothing, then nothing is recorded', () => {
    const link = updates.given(created);
    link.when(update({})).then([]);
    link.when(update({ title: 'A', is_active: true })).then([]);
  });

  it('given an updated link, when the same edit is made again, then nothing is recorded', () => {
    const link = updates.given([...created, { type: 'LinkUpdated', data: { link_id: 1, changes: { title: 'B', is_active: false } } }]);
    expect(link.state).toMatchObject({ title: 'B', description: '', isActive: false, version: 1 });
    link.when(update({ title: 'B', is_active: false })).then([]);
    link.when(update({ is_active: true })).then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { is_active: true } } }]);
  });

  it('given a link, when someone else edits it, then it is not found', () => {
    updates
      .given(created)
      .when(update({ title: 'mine now' }, 8))
      .thenThrows(LINK_NOT_FOUND);
  });

  it('given a deleted link or none, when it is edited, then it is not found', () => {
    updates
      .given([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }])
      .when(update({ title: 'x' }))
      .thenThrows(LINK_NOT_FOUND);
    updates
      .given([])
      .when(update({ title: 'x' }))
      .thenThrows(LINK_NOT_FOUND);
  });
});

const linkOf = (linkId: number, ownerId: number, deleted = false) =>
  deletes.given([
    ...decideCreateLink({
      linkId,
      ownerId,
      shortCode: `code${linkId}`,
      originalUrl: 'https://example.com',
      title: '',
      description: '',
      createdVia: 'manual',
      customDomain: null,
      traiHeader: null,
    }).filter((e) => e.type === 'LinkCreated'),
    ...(deleted ? [{ type: 'LinkDeleted', data: { link_id: linkId, short_code: `code${linkId}` } } as const] : []),
  ]).state;

describe('bulk delete decider', () => {
  const links = new Map<number, LinkState | null>([
    [1, linkOf(1, 7)],
    [2, linkOf(2, 7)],
    [3, linkOf(3, 8)],
    [4, linkOf(4, 7, true)],
    [5, null],
  ]);

  it('given the owner’s links, when they are deleted together, then each is deleted once', () => {
    expect(decideBulkDelete({ ownerId: 7, ids: [2, 1, 2] }, links)).toEqual([
      { linkId: 2, events: [{ type: 'LinkDeleted', data: { link_id: 2, short_code: 'code2' } }] },
      { linkId: 1, events: [{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'code1' } }] },
    ]);
  });

  it('given someone else’s, a deleted and an unknown link among them, then the whole command is refused naming them', () => {
    expect(() => decideBulkDelete({ ownerId: 7, ids: [1, 3, 4, 5] }, links)).toThrow('URLs not found: 3, 4, 5. Nothing was deleted.');
    expect(() => decideBulkDelete({ ownerId: 8, ids: [3, 1] }, links)).toThrow('URL not found: 1. Nothing was deleted.');
    const refusal = (() => {
      try {
        return decideBulkDelete({ ownerId: 7, ids: [3] }, links);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ refusal: 'not_found' });
  });
});
