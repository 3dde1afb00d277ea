import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from '@linkledger/contracts';
import { eventStoreContract, waitUntil } from './event-store.contract.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { StoreWriteError } from '../store-write-error.ts';
import { LEGACY_EVENTS_TABLE } from '../../testing/legacy-event-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-events-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite event store (embedded) — contract', () => {
  eventStoreContract(async () => new SqliteEventStore(join(dir, `events-${n++}.db`), { pollMs: 20 }));
});

// With synchronous=NORMAL the store commits on its own thread when the log is free.
describe('SQLite event store (embedded, synchronous=NORMAL) — contract', () => {
  eventStoreContract(async () => new SqliteEventStore(join(dir, `events-${n++}.db`), { pollMs: 20, synchronous: 'NORMAL' }));
});

/** A log made before the click layout: its table's own UNIQUE (stream, revision) holds every event's entry. */
function legacyLog(file: string): string {
  const db = new Database(file);
  db.exec(LEGACY_EVENTS_TABLE);
  db.close();
  return file;
}

// Logs made before the click layout keep working as they did.
describe('SQLite event store (embedded, a log made before the click layout) — contract', () => {
  eventStoreContract(async () => new SqliteEventStore(legacyLog(join(dir, `legacy-${n++}.db`)), { pollMs: 20 }));
});

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'N',
  version: 1,
  data: { i },
  metadata: { actor: { kind: 'system', id: 'test' }, correlation_id: 'c', causation_id: 'c', at: '2026-01-01T00:00:00.000Z' },
});

describe('SQLite event store (embedded) — several processes on one file', () => {
  for (const synchronous of ['FULL', 'NORMAL'] as const) {
    it(`a subscription sees the other store's appends interleaved with its own, each once (${synchronous})`, async () => {
      const file = join(dir, `shared-${n++}.db`);
      const mine = new SqliteEventStore(file, { pollMs: 20, synchronous });
      const theirs = new SqliteEventStore(file, { pollMs: 20, synchronous });
      const seen: RecordedEvent[] = [];
      const subscription = mine.subscribe({ after: 0, batchSize: 5 }, async (batch) => void seen.push(...batch));
      let i = 0;
      for (let round = 0; round < 20; round++) {
        // Concurrent appends from both "processes", so their commits interleave.
        await Promise.all([
          mine.append([{ stream: 's-mine', expected: 'any', events: [event(i++)] }]),
          theirs.append([{ stream: 's-theirs', expected: 'any', events: [event(i++), event(i++)] }]),
          mine.append([{ stream: 's-mine', expected: 'any', events: [event(i++)] }]),
        ]);
      }
      await waitUntil(() => seen.length >= i);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await subscription.stop();
      expect(seen.map((e) => e.position)).toEqual(Array.from({ length: i }, (_, k) => k + 1));
      const fromLog = await mine.readAll({ after: 0, limit: 1000 });
      expect(seen).toEqual(fromLog);
      await theirs.close();
      await mine.close();
    });
  }

  for (const synchronous of ['FULL', 'NORMAL'] as const) {
    it(`two stores appending to the same streams by turns give each event the next revision, and exact expectations hold (${synchronous})`, async () => {
      const file = join(dir, `same-streams-${n++}.db`);
      const stores = [new SqliteEventStore(file, { pollMs: 20, synchronous }), new SqliteEventStore(file, { pollMs: 20, synchronous })];
      const streams = ['clicks-1', 'clicks-2', 'clicks-3'];
      let last = -1; // clicks-1's last revision
      for (let round = 0; round < 12; round++) {
        const store = stores[round % 2]!;
        // Both remember these streams' revisions from their own commits; the other's commits must win.
        await Promise.all(streams.map((stream) => store.append([{ stream, expected: 'any', events: [event(round)] }])));
        last += 1;
        if (round % 3 === 2) {
          const { revisions } = await store.append([{ stream: 'clicks-1', expected: last, events: [event(round)] }]);
          expect(revisions).toEqual([last + 1]);
          await expect(stores[(round + 1) % 2]!.append([{ stream: 'clicks-1', expected: last, events: [event(round)] }])).rejects.toBeInstanceOf(
            WrongExpectedRevisionError,
          );
          last += 1;
        }
      }
      for (const stream of streams) {
        const revisions = (await stores[0]!.readStream(stream)).map((e) => e.revision);
        expect(revisions).toEqual(Array.from({ length: revisions.length }, (_, k) => k));
      }
      expect((await stores[1]!.readStream('clicks-1')).length).toBe(16);
      for (const store of stores) await store.close();
    });
  }

  // A tail of 3 events keeps the slower subscription behind it most of the time.
  for (const [synchronous, tailSize] of [
    ['FULL', undefined],
    ['NORMAL', undefined],
    ['FULL', 3],
  ] as const) {
    it(`two subscriptions of a process that reads another's appends get each event they ask for once, in order, parsed once (${synchronous}, tail ${tailSize ?? 'default'})`, async () => {
      const file = join(dir, `shared-read-${n++}.db`);
      const writer = new SqliteEventStore(file, { pollMs: 20, synchronous });
      const reader = new SqliteEventStore(file, { pollMs: 20, synchronous, tailSize });
      const typed = (i: number, type: string): NewEvent => ({ ...event(i), type });
      const all = new Map<number, RecordedEvent>();
      const onlyB = new Map<number, RecordedEvent>();
      // Different filters and page sizes, as the read model and analytics projectors have.
      const first = reader.subscribe({ after: 0, batchSize: 7, filter: { types: ['A', 'B', 'C'] } }, async (batch) =>
        batch.forEach((e) => all.set(e.position, e)),
      );
      const second = reader.subscribe({ after: 0, batchSize: 50, filter: { types: ['B'] } }, async (batch) => batch.forEach((e) => onlyB.set(e.position, e)));
      let i = 0;
      for (let round = 0; round < 30; round++) {
        await writer.append([{ stream: 's-w', expected: 'any', events: [typed(i++, 'A'), typed(i++, 'B')] }]);
        // The reading process appends now and then too (a projector's scheduled work does).
        if (round % 10 === 5) await reader.append([{ stream: 's-r', expected: 'any', events: [typed(i++, 'B'), typed(i++, 'C')] }]);
        if (round % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const bCount = i / 2;
      await waitUntil(() => all.size >= i && onlyB.size >= bCount);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all([first.stop(), second.stop()]);
      const fromLog = await reader.readAll({ after: 0, limit: 1000 });
      expect([...all.values()]).toEqual(fromLog);
      expect([...onlyB.values()]).toEqual(fromLog.filter((e) => e.type === 'B'));
      // Parsed once and shared: the writer's events, read from the log by whichever
      // subscription got there first, reach the other as the same objects.
      const shared = [...onlyB.values()].filter((e) => e.stream === 's-w' && all.get(e.position) === e);
      if (tailSize === undefined) expect(shared.length).toBeGreaterThan(bCount / 4);
      await writer.close();
      await reader.close();
    });
  }

  it("subscriptions filtered on metadata get exactly their events, whether the tail holds them (own appends) or they are read ahead (another process's)", async () => {
    const file = join(dir, `metadata-filter-${n++}.db`);
    const writer = new SqliteEventStore(file, { pollMs: 20 });
    const reader = new SqliteEventStore(file, { pollMs: 20 });
    const by = (i: number, actor: string): NewEvent => ({ ...event(i), metadata: { ...event(i).metadata, actor: { kind: 'user', id: actor } } });
    const seen = { alice: [] as RecordedEvent[], bob: [] as RecordedEvent[] };
    const subscriptions = (['alice', 'bob'] as const).map((actor) =>
      reader.subscribe({ after: 0, batchSize: 4, filter: { actorId: actor } }, async (batch) => void seen[actor].push(...batch)),
    );
    let i = 0;
    for (let round = 0; round < 10; round++) {
      const store = round % 2 === 0 ? writer : reader;
      await store.append([{ stream: `s-${round % 2}`, expected: 'any', events: [by(i++, 'alice'), by(i++, 'bob'), by(i++, 'alice')] }]);
    }
    await waitUntil(() => seen.alice.length >= 20 && seen.bob.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    const fromLog = await reader.readAll({ after: 0, limit: 100 });
    expect(seen.alice).toEqual(fromLog.filter((e) => e.metadata.actor.id === 'alice'));
    expect(seen.bob).toEqual(fromLog.filter((e) => e.metadata.actor.id === 'bob'));
    await writer.close();
    await reader.close();
  });

  it('commits through the writer thread while another connection holds the write lock (NORMAL)', async () => {
    const file = join(dir, `locked-${n++}.db`);
    const store = new SqliteEventStore(file, { pollMs: 20, synchronous: 'NORMAL' });
    await store.append([{ stream: 's', expected: 'no_stream', events: [event(0)] }]);
    // A process that appends rarely (the projector) runs no writer thread until one is needed.
    const writerThread = () => (store as unknown as { writerThread: unknown }).writerThread;
    expect(writerThread()).toBeNull();
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    let done = false;
    const appended = store.append([{ stream: 's', expected: 0, events: [event(1)] }]).then((result) => ((done = true), result));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    expect(writerThread()).not.toBeNull();
    other.exec('COMMIT');
    other.close();
    expect((await appended).revisions).toEqual([1]);
    expect((await store.readStream('s')).map((e) => (e.data as { i: number }).i)).toEqual([0, 1]);
    // Once the writer has answered, commits happen on the store's thread again.
    expect((await store.append([{ stream: 's', expected: 1, events: [event(2)] }])).revisions).toEqual([2]);
    await store.close();
  });

  it('starts a new writer thread when the last one stopped, instead of refusing every append after it', async () => {
    const file = join(dir, `writer-lost-${n++}.db`);
    const store = new SqliteEventStore(file, { pollMs: 20, synchronous: 'NORMAL' });
    const writerThread = () => (store as unknown as { writerThread: Worker | null }).writerThread;
    const throughTheWriter = async (expected: number | 'no_stream') => {
      const other = new Database(file);
      other.exec('BEGIN IMMEDIATE');
      const appended = store.append([{ stream: 's', expected, events: [event(0)] }]);
      await waitUntil(() => writerThread() !== null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      other.exec('COMMIT');
      other.close();
      return appended;
    };
    expect((await throughTheWriter('no_stream')).revisions).toEqual([0]);
    const lost = writerThread()!;
    await lost.terminate();
    await waitUntil(() => writerThread() === null);
    expect((await throughTheWriter(0)).revisions).toEqual([1]);
    expect(writerThread()).not.toBe(lost);
    await store.close();
  });
});

/** A WAL sync the test releases by hand (or fails), instead of the disk's. */
function heldSync() {
  const waiting: ((error: Error | null) => void)[] = [];
  return {
    sync: (_fd: number, done: (error: Error | null) => void) => void waiting.push(done),
    pending: () => waiting.length,
    release: (error: Error | null = null) => waiting.splice(0).forEach((done) => done(error)),
  };
}

const settledWithin = async <T>(promise: Promise<T>, ms = 50) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);

describe('SQLite event store (embedded, synchronous=FULL) — nothing is answered or acted on before it is on disk', () => {
  it('answers an append, and tells this process’s subscribers, only once its WAL sync is done; appends meanwhile share the next commit', async () => {
    const disk = heldSync();
    const store = new SqliteEventStore(join(dir, `held-${n++}.db`), { pollMs: 20, syncWal: disk.sync });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0 }, async (batch) => void seen.push(...batch));
    const first = store.append([{ stream: 's-1', expected: 'any', events: [event(1)] }]);
    await waitUntil(() => disk.pending() === 1);
    // Committed (another connection can read the row) but not yet synced: not answered, not delivered.
    expect(await settledWithin(first)).toBe(false);
    expect(seen).toEqual([]);
    // These arrive while the disk syncs the first commit: they wait, then go in one commit.
    const second = store.append([{ stream: 's-2', expected: 'any', events: [event(2)] }]);
    const third = store.append([{ stream: 's-3', expected: 'any', events: [event(3)] }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(disk.pending()).toBe(1);
    disk.release();
    expect((await first).position).toBe(1);
    await waitUntil(() => disk.pending() === 1);
    expect(await settledWithin(second)).toBe(false);
    disk.release();
    expect([(await second).position, (await third).position]).toEqual([2, 3]);
    await waitUntil(() => seen.length === 3);
    expect(seen.map((e) => e.position)).toEqual([1, 2, 3]);
    await subscription.stop();
    await store.close();
  });

  it('a reader that meets another connection’s commit syncs the WAL before returning it', async () => {
    const file = join(dir, `reader-${n++}.db`);
    const writerDisk = heldSync();
    const readerDisk = heldSync();
    const writer = new SqliteEventStore(file, { pollMs: 20, syncWal: writerDisk.sync });
    const reader = new SqliteEventStore(file, { pollMs: 20, syncWal: readerDisk.sync });
    const appended = writer.append([{ stream: 's-1', expected: 'any', events: [event(1)] }]);
    await waitUntil(() => writerDisk.pending() === 1);
    const read = reader.readAll({ limit: 10 });
    await waitUntil(() => readerDisk.pending() === 1);
    expect(await settledWithin(read)).toBe(false);
    readerDisk.release();
    expect((await read).map((e) => e.data)).toEqual([{ i: 1 }]);
    writerDisk.release();
    await appended;
    await writer.close();
    await reader.close();
  });

  it('a failed sync refuses only the append waiting for it; the next append syncs afresh, and the store says it cannot write until one succeeds', async () => {
    const disk = heldSync();
    const store = new SqliteEventStore(join(dir, `failed-${n++}.db`), { pollMs: 20, syncWal: disk.sync });
    const waiting = store.append([{ stream: 's-1', expected: 'any', events: [event(1)] }]);
    await waitUntil(() => disk.pending() === 1);
    disk.release(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    const refused = await waiting.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StoreWriteError);
    expect(refused).toMatchObject({ code: 'EIO', message: expect.stringMatching(/^The event store could not save: EIO/) });
    // Health asks the disk for a sync of its own: refused while the disk refuses, fine once it syncs again.
    const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const stillFailing = store.checkWritable();
    await waitUntil(() => disk.pending() === 1);
    disk.release(eio());
    await expect(stillFailing).rejects.toThrow(/could not save: EIO/);
    const recovered = store.checkWritable();
    await waitUntil(() => disk.pending() === 1);
    disk.release();
    await expect(recovered).resolves.toBeUndefined();
    // Nothing of the failure stays: the next append starts its own sync, which the disk answers.
    const next = store.append([{ stream: 's-2', expected: 'any', events: [event(2)] }]);
    await waitUntil(() => disk.pending() === 1);
    disk.release();
    expect((await next).revisions).toEqual([0]);
    await expect(store.checkWritable()).resolves.toBeUndefined();
    await store.close();
  });
});

describe('SQLite event store (embedded) — a commit that fails', () => {
  it('refuses that append with the cause, reports the store as unable to write, and takes the next append once the cause is gone', async () => {
    const file = join(dir, `full-${n++}.db`);
    const store = new SqliteEventStore(file, { pollMs: 20, synchronous: 'NORMAL' });
    await store.append([{ stream: 's', expected: 'any', events: [event(0)] }]);
    // A database that may not grow stands in for a full disk: SQLite answers SQLITE_FULL.
    const limiter = new Database(file);
    const pages = limiter.pragma('page_count', { simple: true }) as number;
    const fill = (count: number) => Array.from({ length: count }, (_, i) => ({ ...event(i), data: { pad: 'x'.repeat(3000) } }));
    limiter.close();
    // The store's own committing connection (private) is the one capped.
    const capped = store as unknown as { direct: { db: Database.Database } };
    capped.direct.db.pragma(`max_page_count = ${pages}`);
    const refused = await store.append([{ stream: 's', expected: 'any', events: fill(50) }]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StoreWriteError);
    expect(refused).toMatchObject({ code: 'SQLITE_FULL' });
    await expect(store.checkWritable()).rejects.toThrow(/could not save/);
    expect((await store.readStream('s')).length).toBe(1);

    // Room again: the store's own probe says so before anyone writes, and the next append is taken.
    capped.direct.db.pragma('max_page_count = 1073741823');
    await expect(store.checkWritable()).resolves.toBeUndefined();
    expect((await store.append([{ stream: 's', expected: 0, events: fill(50) }])).revisions).toEqual([50]);
    await store.close();
  });
});

describe('SQLite event store (embedded) — a click costs no index entry by type', () => {
  it('replaces the old index of every event by type with a partial one, and still finds events by type', async () => {
    const file = join(dir, `types-${n++}.db`);
    // A log from before: every event, clicks too, in an index by type.
    const old = new Database(file);
    old.exec(`${LEGACY_EVENTS_TABLE}; CREATE INDEX events_by_type ON events (type, position);`);
    old.close();
    const store = new SqliteEventStore(file, { pollMs: 20 });
    const typed = (type: string, i: number): NewEvent => ({ ...event(i), type });
    await store.append([{ stream: 'clicks-1', expected: 'any', events: [typed('Clicked', 1), typed('Clicked', 2)] }]);
    await store.append([{ stream: 'link-1', expected: 'any', events: [typed('LinkCreated', 3)] }]);
    const db = new Database(file, { readonly: true });
    const indexes = db.prepare<[], { name: string; partial: number }>("SELECT name, partial FROM pragma_index_list('events')").all();
    expect(indexes.find((index) => index.name === 'events_by_type')).toBeUndefined();
    expect(indexes.find((index) => index.name === 'events_by_type_not_clicks')?.partial).toBe(1);
    // A search for other types reads the partial index, not the whole log.
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT * FROM events WHERE position > 0 AND type IN ('LinkCreated') AND type <> 'Clicked' ORDER BY position LIMIT 10`)
      .all();
    expect(JSON.stringify(plan)).toMatch(/events_by_type_not_clicks|events_not_clicks/);
    db.close();
    expect((await store.readAll({ limit: 10, filter: { types: ['LinkCreated'] } })).map((e) => e.data)).toEqual([{ i: 3 }]);
    expect((await store.readAll({ limit: 10, filter: { types: ['Clicked'] } })).map((e) => e.data)).toEqual([{ i: 1 }, { i: 2 }]);
    await store.close();
  });
});

describe('SQLite event store (embedded) — appends that share one commit', () => {
  for (const synchronous of ['FULL', 'NORMAL'] as const) {
    it(`judge each append by the revisions written before it in the same commit, a refused one leaving none (${synchronous})`, async () => {
      const store = new SqliteEventStore(join(dir, `shared-commit-${n++}.db`), { pollMs: 20, synchronous });
      await store.append([{ stream: 't', expected: 'no_stream', events: [event(0)] }]);
      // All in one turn of the event loop: one transaction.
      const results = await Promise.allSettled([
        store.append([{ stream: 's', expected: 'any', events: [event(1), event(2)] }]),
        store.append([
          { stream: 's', expected: 1, events: [event(3)] },
          { stream: 't', expected: 'no_stream', events: [event(4)] },
        ]),
        store.append([{ stream: 's', expected: 1, events: [event(5)] }]),
        store.append([
          { stream: 's', expected: 2, events: [event(6)] },
          { stream: 's', expected: 3, events: [event(7)] },
        ]),
        store.append([
          { stream: 'u', expected: 'no_stream', events: [] },
          { stream: 'u', expected: 'no_stream', events: [event(8)] },
        ]),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((results[3] as PromiseFulfilledResult<{ revisions: number[] }>).value.revisions).toEqual([3, 4]);
      expect((await store.readStream('s')).map((e) => [e.revision, (e.data as { i: number }).i])).toEqual([
        [0, 1],
        [1, 2],
        [2, 5],
        [3, 6],
        [4, 7],
      ]);
      expect((await store.readStream('t')).map((e) => (e.data as { i: number }).i)).toEqual([0]);
      expect((await store.readStream('u')).map((e) => e.revision)).toEqual([0]);
      await store.close();
    });
  }
});
