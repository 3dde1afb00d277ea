import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentVersion, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';
import { HttpError } from '../platform/http-errors.ts';
import { LINK_NOT_FOUND, decideCreateLink, decideDeleteLink } from './decide.ts';
import { evolveLink, type LinkState } from './link-state.ts';

const recorded = (events: DomainEvent[]): RecordedEvent[] =>
  events.map((event, revision) => ({
    id: randomUUID(),
    stream: 'link-1',
    revision,
    position: revision + 1,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '7' }, correlation_id: 'c', causation_id: 'c', at: '2026-11-22T00:00:00.000Z' },
  }));

const given = (events: DomainEvent[]) => recorded(events).reduce<LinkState | null>(evolveLink, null);

const created = decideCreateLink({
  linkId: 1,
  ownerId: 7,
  shortCode: 'abc1234',
  originalUrl: 'https://example.com/a',
  title: 'A',
  description: '',
  createdVia: 'manual',
}).filter((e) => e.type === 'LinkCreated');

describe('link decider', () => {
  it('given nothing, when a link is created, then the code is claimed and the link created', () => {
    const events = decideCreateLink({ linkId: 1, ownerId: 7, shortCode: 'abc1234', originalUrl: 'https://x.io', title: '', description: '', createdVia: 'api' });
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
    expect(() => decideDeleteLink({ actorId: 7 }, state)).toThrow(HttpError);
  });

  it('given an update, the state follows the new destination and active flag', () => {
    const state = given([...created, { type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://new.example', is_active: false } } }]);
    expect(state).toMatchObject({ destination: 'https://new.example', isActive: false, version: 1 });
  });
});
