import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@linkledger/contracts';
import { createClickIndexer, cutClickIndexAt, hasClickIndex } from './sqlite-click-layout.mjs';
import { createCommit, type StreamRows } from './sqlite-commit.mjs';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { waitUntil } from './event-store.contract.ts';
import { LEGACY_EVENTS_TABLE } from '../../testing/legacy-event-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-click-layout-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (stream: string, type: string, count = 1, expected: StreamRows['expected'] = 'any'): StreamRows[] => [
  { stream, expected, events: Array.from({ length: count }, (): StreamRows['events'][number] => [randomUUID(), type, 1, '{}', '{}']) },
];

const click = (): NewEvent => ({ id: randomUUID(), type: 'Clicked', version: 1, data: {}, metadata: {} as NewEvent['metadata'] });

/** A new log, with a plain connection that commits as the store does but never indexes. */
async function newLog() {
  const file = join(dir, `log-${n++}.db`);
  await new SqliteEventStore(file, { synchronous: 'NORMAL' }).close();
  const db = new Database(file);
  const through = () => db.prepare('SELECT position FROM click_revisions_through').pluck().get() as number;
  const head = () => (db.prepare('SELECT max(position) FROM events').pluck().get() as number | null) ?? 0;
  const entries = () => db.prepare('SELECT stream, revision, position FROM click_revisions ORDER BY position').raw(true).all();
  const clicks = () => db.prepare("SELECT stream, revision, position FROM events WHERE type = 'Clicked' ORDER BY position").raw(true).all();
  return { file, db, commit: createCommit(db), index: createClickIndexer(db), through, head, entries, clicks };
}

describe('the click layout of the embedded event log', () => {
  it('is what a new log gets; a log made before keeps its table and gets none of the click tables', async () => {
    const log = await newLog();
    expect(hasClickIndex(log.db)).toBe(true);
    log.db.close();
    const file = join(dir, `legacy-${n++}.db`);
    const legacy = new Database(file);
    legacy.exec(LEGACY_EVENTS_TABLE);
    await new SqliteEventStore(file).close();
    expect(hasClickIndex(legacy)).toBe(false);
    expect(legacy.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'click_revisions%'").all()).toEqual([]);
    legacy.close();
  });

  it('indexes only clicks, in bounded transactions that resume where the last stopped, and does nothing more once caught up', async () => {
    const log = await newLog();
    for (let i = 0; i < 25; i++) log.commit([rows(`clicks-${i % 7}`, 'Clicked', 1000), rows(`link-${i}`, 'LinkCreated')]);
    const inFirstRange = (log.clicks() as number[][]).filter(([, , position]) => position! <= 10_000).length;
    expect(inFirstRange).toBeLessThan(10_000);
    expect(log.index(1)).toBe(inFirstRange);
    expect(log.through()).toBe(10_000);
    // Another connection (another process) carries on from the same point.
    const other = new Database(log.file);
    expect(createClickIndexer(other)()).toBe(25_000 - inFirstRange);
    other.close();
    expect(log.through()).toBe(log.head());
    expect(log.entries()).toEqual(log.clicks());
    expect(log.index()).toBe(0);
    expect(log.entries()).toHaveLength(25_000);
    log.db.close();
  });

  it('keeps revisions unique and dense when connections commit to one click stream by turns, with the indexer running between', async () => {
    const log = await newLog();
    const other = new Database(log.file);
    const otherCommit = createCommit(other);
    const indexer = new Database(log.file);
    const index = createClickIndexer(indexer);
    let expected = -1;
    for (let turn = 0; turn < 60; turn++) {
      const commit = turn % 3 === 0 ? otherCommit : log.commit;
      // Exact expectations as the click cap makes them: the right one passes, a stale one is refused with the truth.
      const stale = commit([rows('clicks-1', 'Clicked', 1, expected - 1)]);
      if (expected >= 0) expect(stale).toEqual([{ ok: false, stream: 'clicks-1', expected: expected - 1, actual: expected }]);
      const [outcome] = commit([[...rows('clicks-1', 'Clicked', 2, expected < 0 ? 'no_stream' : expected), ...rows(`other-${turn}`, 'Clicked')]]);
      expect(outcome).toMatchObject({ ok: true, revisions: [expected + 2, expect.any(Number)] });
      expected += 2;
      if (turn % 4 === 1) index();
      if (turn % 10 === 5) {
        // A commit that fails after writing some rows: rolled back, it leaves no revision behind.
        expect(() =>
          commit([
            rows('clicks-1', 'Clicked', 3),
            rows('clicks-2', 'Clicked', 1).map((r) => ({ ...r, events: [[null as unknown as string, 'Clicked', 1, '{}', '{}']] })),
          ]),
        ).toThrow(/NOT NULL/);
      }
    }
    const revisions = log.db.prepare("SELECT revision FROM events WHERE stream = 'clicks-1' ORDER BY position").pluck().all();
    expect(revisions).toEqual(Array.from({ length: expected + 1 }, (_, i) => i));
    index();
    expect(log.entries()).toEqual(log.clicks());
    // A connection opened now finds each stream's last revision through the indexes alone.
    const freshDb = new Database(log.file);
    expect(createCommit(freshDb)([rows('clicks-1', 'Clicked', 1, expected)])[0]).toMatchObject({ ok: true, revisions: [expected + 1] });
    freshDb.close();
    other.close();
    indexer.close();
    log.db.close();
  });

  it('fills what a connection remembers again after dropping it, from the clicks the indexer has not reached', async () => {
    const log = await newLog();
    const smallDb = new Database(log.file);
    const small = createCommit(smallDb, { maxRememberedStreams: 3 });
    log.commit([rows('clicks-a', 'Clicked', 4)]);
    log.index();
    for (let round = 0; round < 4; round++) {
      for (const stream of ['clicks-a', 'clicks-b', 'clicks-c', 'clicks-d', 'clicks-e']) {
        log.commit([rows(stream, 'Clicked')]);
        small([rows(stream, 'Clicked')]);
      }
      if (round === 1) log.index();
    }
    const last = (stream: string) => log.db.prepare('SELECT revision FROM events WHERE stream = ? ORDER BY position').pluck().all(stream);
    expect(last('clicks-a')).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(last('clicks-e')).toEqual(Array.from({ length: 8 }, (_, i) => i));
    smallDb.close();
    log.db.close();
  });

  it('reads a stream the same before, during and after indexing, and after a restart that left clicks unindexed', async () => {
    const log = await newLog();
    log.commit([rows('clicks-1', 'Clicked', 3)]);
    log.commit([rows('clicks-1', 'ClicksCapped')]);
    for (let i = 0; i < 4; i++) log.commit([rows('clicks-1', 'Clicked', 2), rows('clicks-2', 'Clicked', 5000)]);
    // The process that committed stopped before indexing: the store opened now finds the clicks.
    const store = new SqliteEventStore(log.file, { synchronous: 'NORMAL' });
    const read = async () => ({
      all: (await store.readStream('clicks-1')).map((e) => [e.revision, e.type, e.position]),
      from: (await store.readStream('clicks-1', 5)).map((e) => e.revision),
      window: (await store.readAll({ after: 4, before: 5020, limit: 100, filter: { stream: 'clicks-1' } })).map((e) => e.revision),
      count: await store.countAll({ filter: { stream: 'clicks-1', types: ['Clicked'] } }),
    });
    const expected = await read();
    expect(expected.all.map(([revision]) => revision)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(expected.from).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(expected.window).toEqual([4, 5, 6, 7]);
    expect(expected.count).toBe(11);
    // The store asks its writer to index at opening; meanwhile a partial pass changes nothing read.
    log.index(1);
    expect(await read()).toEqual(expected);
    await waitUntil(() => log.through() === log.head());
    expect(await read()).toEqual(expected);
    expect((await store.append([{ stream: 'clicks-1', expected: 11, events: [click()] }])).revisions).toEqual([12]);
    await store.close();
    log.db.close();
  });

  it('answers a stream read from its indexes and a range of positions, never by scanning the log', async () => {
    const log = await newLog();
    const store = new SqliteEventStore(log.file, { synchronous: 'NORMAL' });
    await store.append([{ stream: 'clicks-1', expected: 'any', events: [click()] }]);
    await store.readStream('clicks-1');
    await store.readAll({ limit: 10, filter: { stream: 'clicks-1', types: ['Clicked'] } });
    await store.countAll({ filter: { stream: 'clicks-1' } });
    const internals = store as unknown as { statements: Record<string, { source: string }>; pageStatements: Map<string, unknown> };
    const sources = [...Object.entries(internals.statements)].filter(([name]) => name !== 'rowsAfter').map(([, s]) => s.source);
    sources.push(...[...internals.pageStatements.keys()].filter((sql) => sql.includes('click_revisions')));
    expect(sources.length).toBeGreaterThan(5);
    for (const sql of sources) {
      const params = (sql.match(/\?/g) ?? []).map(() => 1);
      const plan = log.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      const scans = plan.filter(({ detail }) => /^SCAN (events|click_revisions)\b/.test(detail));
      expect({ sql, scans }).toEqual({ sql, scans: [] });
    }
    await store.close();
    log.db.close();
  });

  it('forgets the entries past a cut of the log (a restore to a point), so the positions given again are read and indexed', async () => {
    const log = await newLog();
    log.commit([rows('clicks-1', 'Clicked', 10)]);
    log.index();
    log.db.transaction(() => {
      log.db.prepare('DELETE FROM events WHERE position > 4').run();
      log.db.prepare("UPDATE sqlite_sequence SET seq = 4 WHERE name = 'events'").run();
      cutClickIndexAt(log.db, 4);
    })();
    expect(log.through()).toBe(4);
    const store = new SqliteEventStore(log.file, { synchronous: 'NORMAL' });
    expect((await store.append([{ stream: 'clicks-1', expected: 3, events: [click(), click()] }])).revisions).toEqual([5]);
    expect((await store.readStream('clicks-1')).map((e) => [e.revision, e.position])).toEqual(Array.from({ length: 6 }, (_, i) => [i, i + 1]));
    await store.close();
    log.index();
    expect(log.entries()).toEqual(log.clicks());
    log.db.close();
  });
});
