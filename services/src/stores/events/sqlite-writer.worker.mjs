// @ts-check
// The event store's writer, in its own thread: the inserts and the sync of each group
// commit run here, so the thread answering HTTP keeps working while a batch is made
// durable. Plain JavaScript on purpose: a worker must start without a TypeScript loader,
// under `npm start` and under the test runner alike.
import { statSync } from 'node:fs';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createCommit } from './sqlite-commit.mjs';
import { createClickIndexer, hasClickIndex } from './sqlite-click-layout.mjs';

/** @typedef {import('./sqlite-commit.mjs').StreamRows} StreamRows */

if (!parentPort) throw new Error('sqlite-writer must run as a worker thread');
const port = parentPort;
const { file, synchronous } = /** @type {{ file: string, synchronous: string }} */ (workerData);

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
db.pragma('busy_timeout = 5000');

const commit = createCommit(db);
/** Writes clicks' revision entries in batches, off the answering thread (sqlite-click-layout.mjs). */
const indexClicks = hasClickIndex(db) ? createClickIndexer(db) : null;
/** Transactions of the indexer per turn: bounded, so commits waiting behind it are not held long. */
const INDEX_TRANSACTIONS_PER_TURN = 4;
/**
 * How often the indexer runs at most. Each run writes every clicked link's page of
 * click_revisions once, so the longer between runs the more clicks share that write: over
 * 1,000 links at a few thousand clicks a second, a run every 200 ms wrote about a page per
 * click (the cost the layout took off the commit, moved to this thread and the WAL's sync),
 * a run every 2 s about a page per ten clicks. Readers meet at most this much of the log
 * past the indexed point (bench/RESULTS.md, issue 35).
 */
const INDEX_EVERY_MS = 2000;
/** Positions left unindexed after a run from which the next turn indexes again, without waiting. */
const INDEX_AGAIN_FROM = 20_000;
const unindexed = indexClicks
  ? db.prepare('SELECT coalesce(max(position), 0) - (SELECT position FROM click_revisions_through WHERE id = 1) FROM events').pluck()
  : null;
let lastIndexed = 0;
let indexBehind = false;

/** Like SQLite's automatic checkpoint: once the log holds about 1000 pages. */
const CHECKPOINT_BYTES = 4 * 1024 * 1024;
const walBytes = () => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

/**
 * A batch arrives as one flat array (cheaper to clone across threads than nested objects):
 * [appendCount, then per append: streamCount, then per stream: stream, expected, eventCount,
 * then per event: id, type, version, data JSON, metadata JSON].
 * @param {(string | number)[]} flat @returns {StreamRows[][]}
 */
function decodeBatch(flat) {
  let i = 0;
  const next = () => flat[i++];
  const appends = [];
  for (let a = Number(next()); a > 0; a--) {
    /** @type {StreamRows[]} */
    const streams = [];
    for (let s = Number(next()); s > 0; s--) {
      const stream = String(next());
      const expected = /** @type {string | number} */ (next());
      /** @type {StreamRows['events']} */
      const events = [];
      for (let e = Number(next()); e > 0; e--) events.push([String(next()), String(next()), Number(next()), String(next()), String(next())]);
      streams.push({ stream, expected, events });
    }
    appends.push(streams);
  }
  return appends;
}

/** @typedef {{ type: 'commit', batch: (string | number)[] } | { type: 'checkpoint' } | { type: 'index' } | { type: 'close' }} Message */

/**
 * Group commit: the batches that reached this thread while the previous commit was being
 * synced are committed together, one transaction and one sync, and answered in one message
 * (`batches`: each batch's outcomes, in the order they came).
 * @param {Message} first
 */
function onMessages(first) {
  /** @type {Message[]} */
  const messages = [first];
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) messages.push(next.message);
  const batches = [];
  let closing = false;
  let checkpoint = false;
  let indexAll = false;
  for (const message of messages) {
    if (message.type === 'close') closing = true;
    else if (message.type === 'checkpoint') checkpoint = true;
    else if (message.type === 'index') indexAll = checkpoint = true;
    else batches.push(decodeBatch(message.batch));
  }
  if (batches.length > 0) {
    try {
      const outcomes = commit(batches.flat());
      let offset = 0;
      port.postMessage({ ok: true, batches: batches.map((appends) => outcomes.slice(offset, (offset += appends.length))) });
    } catch (error) {
      port.postMessage({ ok: false, batches: batches.length, ...described(error) });
    }
  }
  // The clicks committed since the last turn get their revision entries, many per page
  // written; all of them when the store opens a log left with clicks unindexed. Like a
  // checkpoint, a failure is tried again at the next turn.
  const now = performance.now();
  const due = indexAll || indexBehind || ((checkpoint || batches.length > 0) && now - lastIndexed >= INDEX_EVERY_MS);
  if (due && !closing && indexClicks && unindexed) {
    lastIndexed = now;
    try {
      indexClicks(indexAll ? Number.POSITIVE_INFINITY : INDEX_TRANSACTIONS_PER_TURN);
      indexBehind = Number(unindexed.get() ?? 0) >= INDEX_AGAIN_FROM;
    } catch (error) {
      if (!/^SQLITE_(BUSY|LOCKED)/.test(described(error).code)) port.postMessage({ checkpointFailed: true, ...described(error) });
    }
  }
  // For the commits the store makes on its own thread, which does not checkpoint: copying the
  // log into the database (and syncing it) happens here. RESTART holds the write lock until
  // the log can start over, so it stays small; the store's thread does not wait meanwhile,
  // it hands its commits to this thread, which makes them right after.
  // A checkpoint that fails (the database cannot grow on a full disk) is tried again at the
  // next one; the log keeps taking commits meanwhile. Never thrown: a thrown error would stop
  // this thread, and with it every commit that waits for the lock.
  if (checkpoint && !closing && walBytes() >= CHECKPOINT_BYTES) {
    try {
      db.pragma('wal_checkpoint(RESTART)');
    } catch (error) {
      port.postMessage({ checkpointFailed: true, ...described(error) });
    }
  }
  if (closing) {
    db.close();
    port.close();
  }
}

/** An error as the store's thread needs it: what happened and its code (SQLITE_FULL, SQLITE_IOERR…). @param {unknown} error */
function described(error) {
  const code = /** @type {{ code?: unknown }} */ (error)?.code;
  return { message: error instanceof Error ? error.message : String(error), code: typeof code === 'string' ? code : 'UNKNOWN' };
}

port.on('message', onMessages);
