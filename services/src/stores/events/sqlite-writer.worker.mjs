// @ts-check
// The event store's writer, in its own thread: the inserts and the sync of each group
// commit run here, so the thread answering HTTP keeps working while a batch is made
// durable. Plain JavaScript on purpose: a worker must start without a TypeScript loader,
// under `npm start` and under the test runner alike.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {{ stream: string, expected: string | number, events: [string, string, number, string, string][] }} StreamRows */
/** @typedef {{ ok: true, position: number, revisions: number[] } | { ok: false, stream: string, expected: string | number, actual: number | null }} Outcome */

if (!parentPort) throw new Error('sqlite-writer must run as a worker thread');
const port = parentPort;
const { file, synchronous } = /** @type {{ file: string, synchronous: string }} */ (workerData);

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
db.pragma('busy_timeout = 5000');

const streamRevision = db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?');
const insert = db.prepare('INSERT INTO events (id, stream, revision, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)');
const savepoint = db.prepare('SAVEPOINT append');
const release = db.prepare('RELEASE append');
const rollbackTo = db.prepare('ROLLBACK TO append');

class Refused extends Error {
  /** @param {string} stream @param {string | number} expected @param {number | null} actual */
  constructor(stream, expected, actual) {
    super('wrong expected revision');
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/** @param {string | number} expected @param {number | null} current */
function expectationHolds(expected, current) {
  return (
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'number' && current === expected)
  );
}

/** @param {StreamRows[]} streams @returns {Outcome} */
function write(streams) {
  let position = 0;
  const revisions = [];
  for (const { stream, expected, events } of streams) {
    const row = /** @type {{ revision: number | null } | undefined} */ (streamRevision.get(stream));
    const current = row?.revision ?? null;
    if (!expectationHolds(expected, current)) throw new Refused(stream, expected, current);
    let revision = current ?? -1;
    for (const [id, type, version, data, metadata] of events) {
      revision += 1;
      position = Number(insert.run(id, stream, revision, type, version, data, metadata).lastInsertRowid);
    }
    revisions.push(revision);
  }
  return { ok: true, position, revisions };
}

/** An append that can be refused gets a savepoint, so a refusal undoes only that append. */
const commit = db.transaction((/** @type {StreamRows[][]} */ appends) =>
  appends.map((streams) => {
    if (streams.every((s) => s.expected === 'any')) return write(streams);
    savepoint.run();
    try {
      const outcome = write(streams);
      release.run();
      return outcome;
    } catch (error) {
      rollbackTo.run();
      release.run();
      if (error instanceof Refused) return { ok: false, stream: error.stream, expected: error.expected, actual: error.actual };
      throw error;
    }
  }),
);

port.on('message', (/** @type {{ type: 'commit', appends: StreamRows[][] } | { type: 'close' }} */ message) => {
  if (message.type === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    port.postMessage({ ok: true, outcomes: commit.immediate(message.appends) });
  } catch (error) {
    port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
