import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '@linkledger/contracts';
import { eventually } from '../../testing/eventually.ts';

const metadata = {
  actor: { kind: 'system' as const, id: 'contract' },
  correlation_id: 'c',
  causation_id: 'c',
  at: '2026-01-01T00:00:00.000Z',
};
const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  version: 1,
  data,
  metadata,
});

/**
 * The behaviour every event store adapter must have. `open` gives a fresh, empty store;
 * stream names are prefixed per test so a shared server can run the suite too.
 */
export function eventStoreContract(open: () => Promise<EventStore>) {
  let store: EventStore;
  let ns: string;
  beforeEach(async () => {
    store = await open();
    ns = `t${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await store.close();
  });

  it('appends to a new stream and reads it back in order', async () => {
    const result = await store.append([{ stream: `${ns}-a`, expected: 'no_stream', events: [event('A', { n: 1 }), event('B', { n: 2 })] }]);
    expect(result.revisions).toEqual([1]);
    const events = await store.readStream(`${ns}-a`);
    expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
      ['A', 0, { n: 1 }],
      ['B', 1, { n: 2 }],
    ]);
    expect(events[1]!.position).toBe(result.position);
    expect(events[0]!.metadata).toEqual(metadata);
  });

  it('enforces the expected revision', async () => {
    await store.append([{ stream: `${ns}-a`, expected: 'no_stream', events: [event('A')] }]);
    await expect(store.append([{ stream: `${ns}-a`, expected: 'no_stream', events: [event('A')] }])).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.append([{ stream: `${ns}-a`, expected: 5, events: [event('A')] }])).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.append([{ stream: `${ns}-missing`, expected: 'stream_exists', events: [event('A')] }])).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    const ok = await store.append([{ stream: `${ns}-a`, expected: 0, events: [event('A')] }]);
    expect(ok.revisions).toEqual([1]);
    await store.append([{ stream: `${ns}-a`, expected: 'any', events: [event('A')] }]);
    expect(await store.readStream(`${ns}-a`)).toHaveLength(3);
  });

  it('appends to several streams all or nothing', async () => {
    await store.append([{ stream: `${ns}-claim`, expected: 'no_stream', events: [event('Claimed')] }]);
    await expect(
      store.append([
        { stream: `${ns}-entity`, expected: 'no_stream', events: [event('Created')] },
        { stream: `${ns}-claim`, expected: 'no_stream', events: [event('Claimed')] },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(`${ns}-entity`)).toEqual([]);
  });

  it('gives every concurrent append to one stream its own revision', async () => {
    const appends = Array.from({ length: 50 }, (_, i) => store.append([{ stream: `${ns}-hot`, expected: 'any', events: [event('Hit', { i })] }]));
    const results = await Promise.all(appends);
    const revisions = results.map((r) => r.revisions[0]).sort((a, b) => a! - b!);
    expect(revisions).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // Only one of several racing "no_stream" appends wins.
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.append([{ stream: `${ns}-once`, expected: 'no_stream', events: [event('X')] }])),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('lets one of several racing appends expecting the same revision win, and tells each loser the revision it lost to', async () => {
    // A capped link's clicks rely on this (docs/links.md#schedule-and-expiry): the click stream is the counter.
    await store.append([{ stream: `${ns}-counted`, expected: 'no_stream', events: [event('Hit'), event('Hit')] }]);
    const racing = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => store.append([{ stream: `${ns}-counted`, expected: 1, events: [event('Hit', { i })] }])),
    );
    const won = racing.filter((r) => r.status === 'fulfilled');
    expect(won.map((r) => r.value.revisions)).toEqual([[2]]);
    const lost = racing.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(lost).toHaveLength(7);
    for (const error of lost) {
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: `${ns}-counted`, expected: 1, actual: 2 });
    }
    expect(await store.readStream(`${ns}-counted`, 2)).toHaveLength(1);
  });

  it('reads all from a position, filtered by type or stream prefix', async () => {
    const start = await store.headPosition();
    await store.append([{ stream: `${ns}-link-1`, expected: 'any', events: [event('LinkCreated'), event('LinkUpdated')] }]);
    await store.append([{ stream: `${ns}-user-1`, expected: 'any', events: [event('UserRegistered', { user_id: 1 })] }]);
    await store.append([{ stream: `${ns}-link-2`, expected: 'any', events: [event('LinkCreated')] }]);
    const all = await store.readAll({ after: start, limit: 100 });
    expect(all.filter((e) => e.stream.startsWith(ns)).map((e) => e.type)).toEqual(['LinkCreated', 'LinkUpdated', 'UserRegistered', 'LinkCreated']);
    const positions = all.map((e) => e.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const created = await store.readAll({ after: start, limit: 100, filter: { types: ['LinkCreated'] } });
    expect(created.filter((e) => e.stream.startsWith(ns)).map((e) => e.stream)).toEqual([`${ns}-link-1`, `${ns}-link-2`]);
    const links = await store.readAll({ after: start, limit: 100, filter: { streamPrefixes: [`${ns}-link-`] } });
    expect(links.map((e) => e.type)).toEqual(['LinkCreated', 'LinkUpdated', 'LinkCreated']);
    const page = await store.readAll({ after: start, limit: 2 });
    expect(page).toHaveLength(2);
    const next = await store.readAll({ after: page[1]!.position, limit: 100 });
    expect(next[0]!.position).toBeGreaterThan(page[1]!.position);
  });

  it('reads all backward and between bounds, filtered by stream, actor, correlation and time', async () => {
    const start = await store.headPosition();
    const by = (actor: string, correlation: string, at: string) => ({
      ...metadata,
      actor: { kind: 'user' as const, id: actor },
      correlation_id: correlation,
      causation_id: correlation,
      at,
    });
    const write = (stream: string, type: string, meta: NewEvent['metadata']) =>
      store.append([{ stream, expected: 'any', events: [{ ...event(type), metadata: meta }] }]);
    await write(`${ns}-link-1`, 'LinkCreated', by('u1', 'r1', '2026-03-01T10:00:00.000Z'));
    await write(`${ns}-clicks-1`, 'Clicked', by('v', 'r2', '2026-03-01T11:00:00.000Z'));
    await write(`${ns}-link-1`, 'LinkUpdated', by('k7', 'r3', '2026-03-02T10:00:00.000Z'));
    await write(`${ns}-user-1`, 'UserStatusChanged', by('u1', 'r3', '2026-03-03T10:00:00.000Z'));
    await write(`${ns}-link-10`, 'LinkCreated', by('u1', 'r4', '2026-03-04T10:00:00.000Z'));
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.stream.startsWith(ns)).map((e) => `${e.stream.slice(ns.length + 1)}:${e.type}`);

    const newestFirst = await store.readAll({ after: start, direction: 'backward', limit: 100 });
    expect(mine(newestFirst)).toEqual(['link-10:LinkCreated', 'user-1:UserStatusChanged', 'link-1:LinkUpdated', 'clicks-1:Clicked', 'link-1:LinkCreated']);
    const positions = newestFirst.map((e) => e.position);
    // Paging backward from a cursor, then forward from the same cursor: no gap, no repeat.
    const older = await store.readAll({ after: start, before: positions[2]!, direction: 'backward', limit: 100 });
    expect(older.map((e) => e.position)).toEqual(positions.slice(3));
    const newer = await store.readAll({ after: positions[2]!, before: positions[0]! + 1, limit: 100 });
    expect(newer.map((e) => e.position)).toEqual(positions.slice(0, 2).reverse());

    expect(mine(await store.readAll({ after: start, limit: 100, filter: { stream: `${ns}-link-1` } }))).toEqual(['link-1:LinkCreated', 'link-1:LinkUpdated']);
    expect(mine(await store.readAll({ after: start, direction: 'backward', limit: 1, filter: { stream: `${ns}-link-1` } }))).toEqual(['link-1:LinkUpdated']);
    expect(mine(await store.readAll({ after: start, limit: 100, filter: { actorId: 'u1', excludeTypes: ['Clicked'] } }))).toEqual([
      'link-1:LinkCreated',
      'user-1:UserStatusChanged',
      'link-10:LinkCreated',
    ]);
    expect(mine(await store.readAll({ after: start, limit: 100, filter: { correlationId: 'r3' } }))).toEqual([
      'link-1:LinkUpdated',
      'user-1:UserStatusChanged',
    ]);
    expect(mine(await store.readAll({ after: start, limit: 100, filter: { excludeTypes: ['Clicked'], streamPrefixes: [`${ns}-link-`] } }))).toEqual([
      'link-1:LinkCreated',
      'link-1:LinkUpdated',
      'link-10:LinkCreated',
    ]);
    const window = { from: '2026-03-01T10:30:00.000Z', to: '2026-03-03T10:00:00.000Z' };
    expect(mine(await store.readAll({ after: start, limit: 100, filter: window }))).toEqual(['clicks-1:Clicked', 'link-1:LinkUpdated']);
    // Criteria combine: all must hold.
    expect(
      mine(await store.readAll({ after: start, direction: 'backward', limit: 100, filter: { ...window, actorId: 'k7', types: ['LinkUpdated'] } })),
    ).toEqual(['link-1:LinkUpdated']);
    expect(await store.readAll({ after: start, limit: 100, filter: { stream: `${ns}-nothing` } })).toEqual([]);
  });

  it('counts the events after a position that a filter matches, however far apart their positions are', async () => {
    const start = await store.headPosition();
    await store.append([{ stream: `${ns}-clicks-1`, expected: 'any', events: [event('Clicked'), event('Clicked')] }]);
    const middle = await store.append([{ stream: `${ns}-user-1`, expected: 'any', events: [event('Registered'), event('ProfileEdited')] }]);
    await store.append([{ stream: `${ns}-clicks-1`, expected: 'any', events: [event('Clicked')] }]);
    await store.append([{ stream: `${ns}-link-1`, expected: 'any', events: [event('LinkCreated')] }]);
    const head = await store.headPosition();
    const mineOnly = { streamPrefixes: [`${ns}-`] };

    expect(await store.countAll({ after: start, filter: mineOnly })).toBe(6);
    expect(await store.countAll({ after: start, filter: { ...mineOnly, types: ['Clicked'] } })).toBe(3);
    // Non-clicks after the clicks' last batch do not count as clicks waiting.
    expect(await store.countAll({ after: middle.position, filter: { ...mineOnly, types: ['Clicked', 'LinkDeleted'] } })).toBe(1);
    expect(await store.countAll({ after: start, before: middle.position, filter: { ...mineOnly, excludeTypes: ['Clicked'] } })).toBe(1);
    expect(await store.countAll({ after: head, filter: mineOnly })).toBe(0);
    expect(await store.countAll({ after: start, filter: { stream: `${ns}-clicks-1` } })).toBe(3);
    expect(await store.countAll({ after: start, filter: { stream: `${ns}-nothing` } })).toBe(0);
  });

  it('finds an event by its time when the log holds it a little out of time order', async () => {
    const start = await store.headPosition();
    const at = (time: string, stream: string) => ({ stream, expected: 'any' as const, events: [{ ...event('Timed'), metadata: { ...metadata, at: time } }] });
    // A command retried after a conflict keeps the time it was decided at.
    await store.append([at('2027-05-01T10:00:10.000Z', `${ns}-a`)]);
    await store.append([at('2027-05-01T10:00:10.000Z', `${ns}-c`)]);
    await store.append([at('2027-05-01T10:00:00.000Z', `${ns}-b`)]);
    const found = await store.readAll({ after: start, limit: 10, filter: { from: '2027-05-01T09:59:59.000Z', to: '2027-05-01T10:00:05.000Z' } });
    expect(found.map((e) => e.stream)).toEqual([`${ns}-b`]);
  });

  it('keeps one sequence of revisions per stream whatever the events’ types, clicks among them, and reads it from any revision', async () => {
    const stream = `${ns}-clicks-1`;
    await store.append([{ stream, expected: 'no_stream', events: [event('Clicked', { n: 0 }), event('Clicked', { n: 1 })] }]);
    await store.append([{ stream, expected: 1, events: [event('ClicksCapped', { n: 2 })] }]);
    await expect(store.append([{ stream, expected: 1, events: [event('Clicked')] }])).rejects.toMatchObject({ actual: 2 });
    const before = await store.headPosition();
    const last = await store.append([{ stream, expected: 2, events: [event('Clicked', { n: 3 })] }]);
    await store.append([{ stream, expected: 'any', events: [event('Clicked', { n: 4 })] }]);
    expect(last.revisions).toEqual([3]);
    expect((await store.readStream(stream)).map((e) => [e.revision, e.data])).toEqual([0, 1, 2, 3, 4].map((n) => [n, { n }]));
    expect((await store.readStream(stream, 2)).map((e) => e.type)).toEqual(['ClicksCapped', 'Clicked', 'Clicked']);
    const window = await store.readAll({ after: before, before: last.position + 1, limit: 10, filter: { stream } });
    expect(window.map((e) => e.revision)).toEqual([3]);
    expect(await store.countAll({ after: 0, filter: { stream, types: ['Clicked'] } })).toBe(4);
    expect((await store.readAll({ limit: 10, direction: 'backward', filter: { stream } })).map((e) => e.revision)).toEqual([4, 3, 2, 1, 0]);
  });

  it('pages through a long stream of clicks and other events, with and without a filter that skips most of it', async () => {
    const stream = `${ns}-clicks-2`;
    // 40 events: every tenth is not a click, so a page of the others needs windows past the first.
    const events = Array.from({ length: 40 }, (_, n) => event(n % 10 === 9 ? 'ClicksCapped' : 'Clicked', { n }));
    await store.append([{ stream, expected: 'no_stream', events }]);
    const page = (direction: 'forward' | 'backward', limit: number, types?: string[]) =>
      store.readAll({ limit, direction, filter: { stream, ...(types ? { types } : {}) } }).then((read) => read.map((e) => e.revision));
    expect(await page('backward', 3)).toEqual([39, 38, 37]);
    expect(await page('forward', 3)).toEqual([0, 1, 2]);
    expect(await page('backward', 3, ['ClicksCapped'])).toEqual([39, 29, 19]);
    expect(await page('forward', 5, ['ClicksCapped'])).toEqual([9, 19, 29, 39]);
    expect(await page('backward', 50)).toHaveLength(40);
  });

  it('catches up then turns live without a gap or a duplicate', async () => {
    const start = await store.headPosition();
    const stream = `${ns}-sub`;
    for (let i = 0; i < 30; i++) await store.append([{ stream, expected: 'any', events: [event('N', { i })] }]);
    const seen: number[] = [];
    let through = 0;
    const subscription = store.subscribe({ after: start, batchSize: 7, filter: { streamPrefixes: [stream] } }, async (batch, upTo) => {
      for (const e of batch) seen.push((e.data as { i: number }).i);
      through = upTo;
    });
    // Appends racing with the switch from history to live.
    const live = Array.from({ length: 30 }, (_, k) => store.append([{ stream, expected: 'any', events: [event('N', { i: 30 + k })] }]));
    const last = (await Promise.all(live)).reduce((max, r) => Math.max(max, r.position), 0);
    await waitUntil(() => seen.length >= 60 && through >= last);
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('moves `through` past events the filter leaves out', async () => {
    const start = await store.headPosition();
    const noise = await store.append([{ stream: `${ns}-noise`, expected: 'any', events: [event('Noise'), event('Noise')] }]);
    let through = start;
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: start, filter: { types: [`${ns}-Nothing`] } }, async (batch, upTo) => {
      received.push(...batch);
      through = upTo;
    });
    await waitUntil(() => through >= noise.position);
    await subscription.stop();
    expect(received).toEqual([]);
  });

  it('stops delivering after stop()', async () => {
    const stream = `${ns}-stop`;
    const start = await store.headPosition();
    let count = 0;
    const subscription = store.subscribe({ after: start, filter: { streamPrefixes: [stream] } }, async (batch) => {
      count += batch.length;
    });
    await store.append([{ stream, expected: 'any', events: [event('N')] }]);
    await waitUntil(() => count === 1);
    await subscription.stop();
    await store.append([{ stream, expected: 'any', events: [event('N')] }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(count).toBe(1);
  });
}

export const waitUntil = (condition: () => boolean, timeoutMs = 10_000): Promise<void> => eventually(condition, timeoutMs, 'a condition', 10);
