import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from '@linkledger/contracts';
import { hasClickIndex } from './sqlite-click-layout.mjs';
import { SqliteEventStore, type Row } from './sqlite-event-store.ts';
import { LogInUseError, upgradeLog } from './upgrade-log.ts';
import { LEGACY_EVENTS_TABLE } from '../../testing/legacy-event-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-upgrade-log-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event = (type: string, i: number): NewEvent => ({
  id: randomUUID(),
  type,
  version: 1,
  data: { i, url: `https://example.com/${i}` },
  metadata: {
    actor: { kind: 'user', id: `u${i % 3}` },
    correlation_id: `c${i}`,
    causation_id: `c${i}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  },
});

const LINKS = ['1', '2', '3', '4'];

/** A legacy log with links' events, clicks appended with 'any' and, like capped links, with expected revisions, interleaved. */
async function legacyLog(): Promise<string> {
  const file = join(dir, `events-${n++}.db`);
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.exec(LEGACY_EVENTS_TABLE);
  raw.close();
  const store = new SqliteEventStore(file, { synchronous: 'NORMAL' });
  let i = 0;
  for (const link of LINKS) await store.append([{ stream: `link-${link}`, expected: 'no_stream', events: [event('LinkCreated', i++)] }]);
  const cappedRevision = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const link = LINKS[round % LINKS.length]!;
    if (link === '4') {
      // A capped link: each click expects the revision last seen.
      const expected = cappedRevision.get(link) ?? 'no_stream';
      const { revisions } = await store.append([{ stream: `clicks-${link}`, expected, events: [event('Clicked', i++)] }]);
      cappedRevision.set(link, revisions[0]!);
    } else {
      await Promise.all([
        store.append([{ stream: `clicks-${link}`, expected: 'any', events: [event('Clicked', i++), event('Clicked', i++)] }]),
        round % 10 === 0 ? store.append([{ stream: `link-${link}`, expected: 'any', events: [event('LinkUpdated', i++)] }]) : null,
      ]);
    }
  }
  await store.close();
  // Positions continue after the highest ever used, which may lie past the head (a rolled-back append).
  const db = new Database(file);
  db.prepare("UPDATE sqlite_sequence SET seq = seq + 7 WHERE name = 'events'").run();
  db.close();
  return file;
}

const rowsOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      rows: db.prepare<[], Row>('SELECT position, id, stream, revision, type, version, data, metadata FROM events ORDER BY position').all(),
      sequence: db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get()?.seq,
      indexes: db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' ORDER BY name")
        .all()
        .map((index) => index.name),
      tables: db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((table) => table.name),
      clickIndex: hasClickIndex(db),
    };
  } finally {
    db.close();
  }
};

const clickRevisionsOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      entries: db.prepare('SELECT stream, revision, position FROM click_revisions ORDER BY stream, revision').all(),
      through: db.prepare<[], { position: number }>('SELECT position FROM click_revisions_through WHERE id = 1').get()?.position,
    };
  } finally {
    db.close();
  }
};

const HISTORY_INDEXES = ['events_by_actor', 'events_by_correlation', 'events_by_type_not_clicks', 'events_not_clicks'];

describe('upgradeLog: a log of the older layout to the click layout', () => {
  it('copies every row as it was, indexes the clicks, and swaps the tables, resuming after a stop midway', async () => {
    const file = await legacyLog();
    const before = rowsOf(file);
    expect(before.clickIndex).toBe(false);
    expect(before.indexes).toContain('sqlite_autoindex_events_1');
    const clicks = before.rows.filter((row) => row.type === 'Clicked');
    expect(clicks.length).toBeGreaterThan(100);
    expect(new Set(clicks.map((row) => row.stream)).size).toBe(LINKS.length);

    const killed = () => {
      throw new Error('killed');
    };
    expect(() => upgradeLog(file, { chunk: 40, afterChunk: killed })).toThrow('killed');
    // Stopped after its first chunk: the old log is whole and still of the older layout.
    const stopped = rowsOf(file);
    expect(stopped.rows).toEqual(before.rows);
    expect(stopped.clickIndex).toBe(false);
    expect(stopped.tables).toContain('events_upgraded');

    const progress: number[] = [];
    const result = upgradeLog(file, { chunk: 40, onProgress: (copied) => progress.push(copied) });
    const head = before.rows.at(-1)!.position;
    expect(result).toEqual({ outcome: 'upgraded', copied: before.rows.length - 40, head, freeBytes: expect.any(Number) });
    // Resumed after the first chunk's 40 rows.
    expect(progress[0]).toBe(before.rows[79]!.position);
    expect(progress.at(-1)).toBe(head);

    const after = rowsOf(file);
    expect(after.rows).toEqual(before.rows);
    expect(after.sequence).toBe(before.sequence);
    expect(after.clickIndex).toBe(true);
    expect(after.indexes).toEqual([...HISTORY_INDEXES, 'events_stream_revision']);
    expect(after.tables).not.toContain('events_upgraded');
    expect(after.tables).not.toContain('click_revisions_upgraded');
    const indexed = clickRevisionsOf(file);
    expect(indexed.through).toBe(head);
    expect(indexed.entries).toEqual(
      clicks
        .map(({ stream, revision, position }) => ({ stream, revision, position }))
        .sort((a, b) => (a.stream === b.stream ? a.revision - b.revision : a.stream < b.stream ? -1 : 1)),
    );

    expect(upgradeLog(file)).toEqual({ outcome: 'already-upgraded' });
  });

  it('leaves the schema a new log gets from the store', async () => {
    const file = await legacyLog();
    upgradeLog(file);
    const fresh = join(dir, `fresh-${n++}.db`);
    await new SqliteEventStore(fresh).close();
    const schemaOf = (path: string) => {
      const db = new Database(path, { readonly: true });
      try {
        return db
          .prepare<[], { type: string; name: string; sql: string | null }>(
            "SELECT type, name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY name",
          )
          .all()
          .map((entry) => ({
            ...entry,
            sql: entry.sql
              ?.replace(/"events"/, 'events')
              .replace(/"click_revisions"/, 'click_revisions')
              .replace(/\s+/g, ' '),
          }));
      } finally {
        db.close();
      }
    };
    expect(schemaOf(file)).toEqual(schemaOf(fresh));
  });

  it('keeps non-click revisions unique, and the next position after the sequence', async () => {
    const file = await legacyLog();
    const { sequence } = rowsOf(file);
    upgradeLog(file);
    const db = new Database(file);
    try {
      const insert = db.prepare("INSERT INTO events (id, stream, revision, type, version, data, metadata) VALUES (?, ?, ?, ?, 1, '{}', '{}')");
      expect(() => insert.run(randomUUID(), 'link-1', 0, 'LinkUpdated')).toThrow(/UNIQUE/);
      expect(insert.run(randomUUID(), 'link-1', 99, 'LinkUpdated').lastInsertRowid).toBe(sequence! + 1);
    } finally {
      db.close();
    }
  });

  it('gives the store the same streams, positions and revisions as before', async () => {
    const file = await legacyLog();
    const streams = [...LINKS.map((link) => `link-${link}`), ...LINKS.map((link) => `clicks-${link}`)];
    const read = async () => {
      const store = new SqliteEventStore(file, { synchronous: 'NORMAL' });
      try {
        const byStream: Record<string, RecordedEvent[]> = {};
        for (const stream of streams) byStream[stream] = await store.readStream(stream);
        return { all: await store.readAll({ after: 0, limit: 10_000 }), byStream, fromRevision: await store.readStream('clicks-4', 5) };
      } finally {
        await store.close();
      }
    };
    const before = await read();
    upgradeLog(file);
    const after = await read();
    expect(after).toEqual(before);
    expect(after.byStream['clicks-4']!.map((e) => e.revision)).toEqual(before.byStream['clicks-4']!.map((_, k) => k));

    // The store goes on from there: a capped link's next click expects the stream's last revision, a stale one is refused.
    const store = new SqliteEventStore(file, { synchronous: 'NORMAL' });
    try {
      const last = before.byStream['clicks-4']!.length - 1;
      await expect(store.append([{ stream: 'clicks-4', expected: last - 1, events: [event('Clicked', 1000)] }])).rejects.toThrow(WrongExpectedRevisionError);
      const { revisions, position } = await store.append([{ stream: 'clicks-4', expected: last, events: [event('Clicked', 1001)] }]);
      expect(revisions).toEqual([last + 1]);
      expect(position).toBe(rowsOf(file).sequence);
      expect((await store.readStream('clicks-4', last + 1)).map((e) => e.revision)).toEqual([last + 1]);
    } finally {
      await store.close();
    }
  });

  it("with compact, gives the old table's pages back, the rows unchanged", async () => {
    const file = await legacyLog();
    const before = rowsOf(file);
    const loose = await legacyLog();
    const kept = upgradeLog(loose);
    const compacted = upgradeLog(file, { compact: true });
    expect(kept).toMatchObject({ outcome: 'upgraded', freeBytes: expect.any(Number) });
    expect(kept.outcome === 'upgraded' && kept.freeBytes).toBeGreaterThan(0);
    expect(compacted).toMatchObject({ outcome: 'upgraded', freeBytes: 0 });
    expect(statSync(file).size).toBeLessThan(statSync(loose).size);
    expect(rowsOf(file).rows).toEqual(before.rows);
  });

  it('refuses while another connection has the log open, and changes nothing', async () => {
    const file = await legacyLog();
    const before = rowsOf(file);
    const store = new SqliteEventStore(file, { synchronous: 'NORMAL' });
    try {
      await store.readAll({ after: 0, limit: 1 });
      expect(() => upgradeLog(file)).toThrow(LogInUseError);
    } finally {
      await store.close();
    }
    expect(rowsOf(file)).toEqual(before);
  });

  it('has nothing to do without an events table', () => {
    const file = join(dir, `empty-${n++}.db`);
    new Database(file).close();
    expect(upgradeLog(file)).toEqual({ outcome: 'no-log' });
  });
});
