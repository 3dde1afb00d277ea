import { fdatasyncSync, openSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { clickAppend } from '@linkledger/services/redirect/click-event.ts';
import { createCommit, type StreamRows } from '@linkledger/services/stores/events/sqlite-commit.mjs';
import { createClickIndexer } from '@linkledger/services/stores/events/sqlite-click-layout.mjs';
import { SqliteEventStore } from '@linkledger/services/stores/events/sqlite-event-store.ts';
import { LEGACY_EVENTS_TABLE } from '@linkledger/services/testing/legacy-event-log.ts';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** The append a redirect makes, with the same fields and sizes (also the durable bare server's). */
export function click(linkId: number, userAgent = UA) {
  return clickAppend(
    {
      link_id: linkId,
      owner_id: 1,
      link_version: 1,
      destination: 'https://example.com/landing',
      country: 'IN',
      user_agent: userAgent,
      referrer: '',
      source: 'link',
      visitor_hash: 'q1w2e3r4t5y6u7i8o9p0as',
    },
    new Date(),
  );
}

function asRows(linkId: number): StreamRows[] {
  const { stream, expected, events } = click(linkId);
  return [
    {
      stream,
      expected,
      events: events.map((e) => [e.id, e.type, e.version, JSON.stringify(e.data), JSON.stringify(e.metadata)] as [string, string, number, string, string]),
    },
  ];
}

export interface FloorRow {
  perCommit: number;
  synced: boolean;
  cpuMicrosPerClick: number;
  clicksPerSecond: number;
}

/**
 * What a durable click costs with no HTTP at all: the product's own commit (sqlite-commit.mjs,
 * on the product's schema) of redirect-shaped rows, N per transaction, on one thread, with
 * and without the WAL's fdatasync after each commit (what EVENTS_SYNC=FULL waits for).
 */
export async function commitFloor(dir: string, total = 20_000): Promise<FloorRow[]> {
  const file = join(dir, 'floor.db');
  await new SqliteEventStore(file).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const commit = createCommit(db);
  const wal = openSync(`${file}-wal`, 'r');
  const rows: FloorRow[] = [];
  try {
    for (const perCommit of [1, 8, 32]) {
      for (const synced of [false, true]) {
        const appends = Array.from({ length: total }, (_, i) => asRows(1 + (i % 3)));
        const cpu = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < total; i += perCommit) {
          commit(appends.slice(i, i + perCommit));
          if (synced) fdatasyncSync(wal);
        }
        const used = process.cpuUsage(cpu);
        rows.push({ perCommit, synced, cpuMicrosPerClick: (used.user + used.system) / total, clicksPerSecond: total / ((performance.now() - started) / 1000) });
        db.pragma('wal_checkpoint(TRUNCATE)');
      }
    }
  } finally {
    closeSync(wal);
    db.close();
  }
  return rows;
}

/** The event store itself (group commit, thread-pool sync) with many appenders waiting at once. */
export async function storeThroughput(dir: string, synchronous: 'FULL' | 'NORMAL', inFlight: number, total = 50_000) {
  const store = new SqliteEventStore(join(dir, `store-${synchronous}-${inFlight}.db`), { synchronous });
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < total) await store.append([click(1 + (next % 100))]);
    }),
  );
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return { clicksPerSecond: total / seconds, cpuMicrosPerClick: (used.user + used.system) / total };
}

export type LogLayout = 'click layout' | 'made before';

export interface LayoutFloorRow {
  layout: LogLayout;
  links: number;
  synced: boolean;
  /** CPU of the commits, the answering path. */
  commitMicrosPerClick: number;
  /** CPU of the click indexer (off the answering path, same cores). */
  indexMicrosPerClick: number;
  walBytesPerCommit: number;
  indexWalBytesPerClick: number;
  clicksPerSecond: number;
}

/**
 * The commit floor of one log layout (docs/architecture.md#durable-clicks): redirect-shaped
 * clicks spread round-robin over `links` streams, `perCommit` per commit, with the indexer run
 * as the writer thread runs it (every 200 ms) where the layout has one. WAL bytes are read from
 * the log's size (no checkpoint during a run).
 */
export async function layoutFloor(dir: string, layout: LogLayout, links: number, total = 20_000, perCommit = 32): Promise<LayoutFloorRow[]> {
  const file = join(dir, `layout-${layout === 'made before' ? 'legacy' : 'clicks'}-${links}.db`);
  if (layout === 'made before') {
    const legacy = new Database(file);
    legacy.exec(LEGACY_EVENTS_TABLE.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'));
    legacy.close();
  }
  await new SqliteEventStore(file).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  const commit = createCommit(db);
  const index = layout === 'click layout' ? createClickIndexer(db) : () => 0;
  // Every link clicked before the run: its pages exist, as in a log that has been serving.
  for (let i = 0; i < links; i += perCommit) commit(Array.from({ length: Math.min(perCommit, links - i) }, (_, j) => asRows(1 + i + j)));
  index();
  const walSize = () => statSync(`${file}-wal`).size;
  const wal = openSync(`${file}-wal`, 'r');
  const rows: LayoutFloorRow[] = [];
  try {
    for (const synced of [false, true]) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      const appends = Array.from({ length: total }, (_, i) => asRows(1 + (i % links)));
      let commitCpu = 0;
      let indexCpu = 0;
      let indexWal = 0;
      let lastIndexed = performance.now();
      const walBefore = walSize();
      const started = performance.now();
      for (let i = 0; i < total; i += perCommit) {
        const cpu = process.cpuUsage();
        commit(appends.slice(i, i + perCommit));
        if (synced) fdatasyncSync(wal);
        const used = process.cpuUsage(cpu);
        commitCpu += used.user + used.system;
        if (performance.now() - lastIndexed >= 200 || i + perCommit >= total) {
          lastIndexed = performance.now();
          const size = walSize();
          const indexStarted = process.cpuUsage();
          index();
          const indexUsed = process.cpuUsage(indexStarted);
          indexCpu += indexUsed.user + indexUsed.system;
          indexWal += walSize() - size;
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const commits = Math.ceil(total / perCommit);
      rows.push({
        layout,
        links,
        synced,
        commitMicrosPerClick: commitCpu / total,
        indexMicrosPerClick: indexCpu / total,
        walBytesPerCommit: (walSize() - walBefore - indexWal) / commits,
        indexWalBytesPerClick: indexWal / total,
        clicksPerSecond: total / seconds,
      });
    }
  } finally {
    closeSync(wal);
    db.close();
  }
  return rows;
}
