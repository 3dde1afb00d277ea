import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { personalFieldsOf } from '@linkledger/contracts';
import { SqliteEventStore, type Row } from '../stores/events/sqlite-event-store.ts';
import { createClickIndexer, hasClickIndex } from '../stores/events/sqlite-click-layout.mjs';
import type { DataKeyStore } from './data-key-store.ts';
import { contextOf, isSealed, sealField } from './field-cipher.ts';

/** The log being written with its personal fields sealed, beside the old one until it is complete. */
export const SEALING_FILE = 'events.sealing.db';
const LOG_FILE = 'events.db';

interface SealLogOptions {
  dataDir: string;
  keys: DataKeyStore;
  /** Rows copied per transaction: the unit of progress a restart resumes from. */
  batch?: number;
  onProgress?: (copied: number, head: number) => void;
  /** Stops after this many batches, as a crash would (tests). */
  stopAfterBatches?: number;
}

interface SealLogResult {
  /** Rows whose personal fields were sealed in this run. */
  sealed: number;
  /** Rows copied in this run. */
  copied: number;
  /** Whether the sealed log replaced the old one. */
  swapped: boolean;
}

/**
 * Rewrites an embedded log written before personal fields were sealed (docs/privacy.md#older-installations):
 * every row is copied, in order, with the same position, id, stream, revision and metadata,
 * into `events.sealing.db`, its personal fields sealed under their users' data keys (created
 * as needed). A run that stops is resumed from the last copied position. Once the copy has
 * reached the old log's head, the old file and its WAL are deleted and the copy takes its
 * name: no plain copy of a personal field is left. The server must be stopped meanwhile.
 */
export async function sealLog(options: SealLogOptions): Promise<SealLogResult> {
  const { dataDir, keys, batch = 5000 } = options;
  const logPath = join(dataDir, LOG_FILE);
  const sealingPath = join(dataDir, SEALING_FILE);
  if (!existsSync(logPath)) {
    // The old log was deleted but the copy not yet renamed: finish the swap.
    if (existsSync(sealingPath)) return finishSwap(sealingPath, logPath, { sealed: 0, copied: 0 });
    return { sealed: 0, copied: 0, swapped: false };
  }
  // The sealed log gets the very schema and indexes the store makes.
  await new SqliteEventStore(sealingPath).close();
  const source = new Database(logPath, { readonly: true });
  const target = new Database(sealingPath);
  target.pragma('journal_mode = WAL');
  const insert = target.prepare(
    'INSERT INTO events (position, id, stream, revision, type, version, data, metadata) VALUES (@position, @id, @stream, @revision, @type, @version, @data, @metadata)',
  );
  const page = source.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
  const result = { sealed: 0, copied: 0 };
  let batches = 0;
  try {
    const head = source.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events').get()?.head ?? 0;
    let after = target.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events').get()?.head ?? 0;
    for (;;) {
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) return { ...result, swapped: false };
      const rows = page.all(after, batch);
      if (rows.length === 0) break;
      const sealedRows: Row[] = [];
      for (const row of rows) {
        const sealed = await sealRow(row, keys);
        if (sealed !== row) result.sealed += 1;
        sealedRows.push(sealed);
      }
      target.transaction(() => {
        for (const row of sealedRows) insert.run(row);
      })();
      result.copied += rows.length;
      after = rows[rows.length - 1]!.position;
      batches += 1;
      options.onProgress?.(after, head);
    }
    // SQLite's AUTOINCREMENT continues after the highest position ever used, as in the old log.
    const sequence = source.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get();
    if (sequence) target.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'events'").run(sequence.seq);
    // The copied clicks get their revision entries now, not from the first store that opens the log.
    if (hasClickIndex(target)) createClickIndexer(target)();
    target.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    source.close();
    target.close();
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${logPath}${suffix}`, { force: true });
  return finishSwap(sealingPath, logPath, result);
}

function finishSwap(sealingPath: string, logPath: string, result: { sealed: number; copied: number }): SealLogResult {
  // The old log's WAL too: a run that stopped while deleting it must not leave plain pages beside the copy.
  for (const suffix of ['-wal', '-shm']) rmSync(`${logPath}${suffix}`, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${sealingPath}${suffix}`, { force: true });
  renameSync(sealingPath, logPath);
  return { ...result, swapped: true };
}

/** The row with its plain personal fields sealed (destroyed keys: the shredded value); the same row when there is nothing to seal. */
async function sealRow(row: Row, keys: DataKeyStore): Promise<Row> {
  const fields = personalFieldsOf(row.type);
  if (!fields) return row;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const plain = Object.keys(fields.shredded).filter((field) => typeof data[field] === 'string' && !isSealed(data[field]));
  const userId = data[fields.subject];
  if (plain.length === 0 || typeof userId !== 'number') return row;
  const key = await keys.keyFor(userId, true);
  for (const field of plain)
    data[field] = key ? sealField(key, contextOf(userId, row.type, field), data[field] as string) : (fields.shredded as Record<string, string>)[field];
  return { ...row, data: JSON.stringify(data) };
}
