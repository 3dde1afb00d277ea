import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LINK_NOT_FOUND, decideBulkDelete, decideCreateLink, decideDeleteLink, decideUpdateLink } from './link-deciders.ts';
import { evolveEditableLink, evolveLink, type EditableLink, type LinkState } from './link-state.ts';

const given = (events: DomainEvent[]) => deciderSpec({ initialState: null, evolve: evolveLink, decide: decideDeleteLink }).given(events).state;

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
    const state = given(created);
    expect(state).toMatchObject({ id: 1, ownerId: 7, destination: 'https://example.com/a', deleted: false, version: 0 });
    expect(decideDeleteLink({ actorId: 7 }, state)).toEqual([{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
  });

  it('given a link, when someone else deletes it, then it is not found', () => {
    expect(() => decideDeleteLink({ actorId: 8 }, given(created))).toThrow(LINK_NOT_FOUND);
  });

  it('given a deleted link, when it is deleted again, then it is not found', () => {
    const state = given([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
    expect(state?.deleted).toBe(true);
    expect(() => decideDeleteLink({ actorId: 7 }, state)).toThrow(DomainError);
  });

  it('given an update, the state follows the new destination and active flag', () => {
    const state = given([...created, { type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://new.example', is_active: false } } }]);
    // Read back in its WHATWG serialization (what a Location header can carry).
    expect(state).toMatchObject({ destination: 'https://new.example/', isActive: false, version: 1 });
  });
});

const givenEditable = (events: DomainEvent[]) => deciderSpec({ initialState: null, evolve: evolveEditableLink, decide: decideUpdateLink }).given(events).state;
const update = (changes: Record<string, unknown>, state: EditableLink | null, actorId = 7) => decideUpdateLink({ actorId, changes }, state);

describe('update decider', () => {
  it('given a link, when its owner changes some fields, then only the fields that differ are recorded', () => {
    const state = givenEditable(created);
    expect(state).toMatchObject({ title: 'A', description: '', destination: 'https://example.com/a', isActive: true });
    expect(update({ title: 'A', description: 'new', original_url: 'https://example.com/a', is_active: true }, state)).toEqual([
      { type: 'LinkUpdated', data: { link_id: 1, changes: { description: 'new' } } },
    ]);
    expect(update({ original_url: 'https://example.com/b', is_active: false }, state)).toEqual([
      { type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://example.com/b', is_active: false } } },
    ]);
  });

  it('given a link, when the edit changes nothing, then nothing is recorded', () => {
    const state = givenEditable(created);
    expect(update({}, state)).toEqual([]);
    expect(update({ title: 'A', is_active: true }, state)).toEqual([]);
  });

  it('given an updated link, when the same edit is made again, then nothing is recorded', () => {
    const state = givenEditable([...created, { type: 'LinkUpdated', data: { link_id: 1, changes: { title: 'B', is_active: false } } }]);
    expect(state).toMatchObject({ title: 'B', description: '', isActive: false, version: 1 });
    expect(update({ title: 'B', is_active: false }, state)).toEqual([]);
    expect(update({ is_active: true }, state)).toEqual([{ type: 'LinkUpdated', data: { link_id: 1, changes: { is_active: true } } }]);
  });

  it('given a link, when someone else edits it, then it is not found', () => {
    expect(() => update({ title: 'mine now' }, givenEditable(created), 8)).toThrow(LINK_NOT_FOUND);
  });

  it('given a deleted link or none, when it is edited, then it is not found', () => {
    expect(() => update({ title: 'x' }, givenEditable([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]))).toThrow(
      LINK_NOT_FOUND,
    );
    expect(() => update({ title: 'x' }, null)).toThrow(LINK_NOT_FOUND);
  });
});

const linkOf = (linkId: number, ownerId: number, deleted = false) =>
  given([
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
  ]);

describe('bulk delete decider', () => {
  const links = new Map<number, LinkState | null>([
    [1, linkOf(1, 7)],
    [2, linkOf(2, 7)],
    [3, linkOf(3, 8)],
    [4, linkOf(4, 7, true)],
    [5, null],
  ]);

  it('given the owner’s links, when they are deleted together, then each is deleted once', () => {
    expect(decideBulkDelete({ actorId: 7, ids: [2, 1, 2] }, links)).toEqual([
      { linkId: 2, events: [{ type: 'LinkDeleted', data: { link_id: 2, short_code: 'code2' } }] },
      { linkId: 1, events: [{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'code1' } }] },
    ]);
  });

  it('given someone else’s, a deleted and an unknown link among them, then the whole command is refused naming them', () => {
    expect(() => decideBulkDelete({ actorId: 7, ids: [1, 3, 4, 5] }, links)).toThrow('URLs not found: 3, 4, 5. Nothing was deleted.');
    expect(() => decideBulkDelete({ actorId: 8, ids: [3, 1] }, links)).toThrow('URL not found: 1. Nothing was deleted.');
    const refusal = (() => {
      try {
        return decideBulkDelete({ actorId: 7, ids: [3] }, links);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ refusal: 'not_found' });
  });
});
