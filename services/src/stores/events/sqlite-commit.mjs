// @ts-check
// The SQL of an event-store commit, shared by the writer thread (sqlite-writer.worker.mjs)
// and by the store itself when it commits on its own thread (synchronous=NORMAL, no lock
// contention). Plain JavaScript so the worker can load it without a TypeScript loader.
import { CLICK_TYPE, hasClickIndex } from './sqlite-click-layout.mjs';

/** @typedef {{ stream: string, expected: string | number, events: [string, string, number, string, string][] }} StreamRows */
/** @typedef {{ ok: true, position: number, revisions: number[] } | { ok: false, stream: string, expected: string | number, actual: number | null }} Outcome */

class Refused extends Error {
  /** @param {string} stream @param {string | number} expected @param {number | null} actual */
  constructor(stream, expected, actual) {
    super('wrong expected revision');
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/** How many streams' last revisions a connection remembers between its commits, by default. */
const MAX_REMEMBERED_STREAMS = 100_000;

/** @param {string | number} expected @param {number | null} current */
function expectationHolds(expected, current) {
  return (
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'number' && current === expected)
  );
}

/**
 * Prepares the statements of a commit on `db` and returns the commit: every append of the
 * batch in one immediate transaction (one sync), each append all or nothing.
 * @param {import('better-sqlite3').Database} db
 * @param {{ maxRememberedStreams?: number }} [options]
 * @returns {(appends: StreamRows[][]) => Outcome[]}
 */
export function createCommit(db, { maxRememberedStreams = MAX_REMEMBERED_STREAMS } = {}) {
  const clickIndex = hasClickIndex(db);
  // A stream's last revision when this connection does not remember it. With the click layout
  // the entries of clicks past the indexed point are in neither index: the remembered map holds
  // every stream with an event past that point (see streamsSince), so a miss needs only the two.
  const streamRevision = db
    .prepare(
      clickIndex
        ? `SELECT max(revision) FROM (
             SELECT max(revision) AS revision FROM events WHERE stream = ? AND type <> '${CLICK_TYPE}'
             UNION ALL SELECT max(revision) FROM click_revisions WHERE stream = ?)`
        : 'SELECT max(revision) FROM events WHERE stream = ?',
    )
    .pluck();
  /** Each stream's last revision over the events past a position, and how far the log reached. */
  const streamsSince = db.prepare('SELECT stream, max(revision) AS revision FROM events WHERE position > ? GROUP BY stream').raw(true);
  const indexedThrough = clickIndex ? db.prepare('SELECT position FROM click_revisions_through WHERE id = 1').pluck() : null;
  const head = db.prepare('SELECT max(position) FROM events').pluck();
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const savepoint = db.prepare('SAVEPOINT append');
  const release = db.prepare('RELEASE append');
  const rollbackTo = db.prepare('ROLLBACK TO append');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  /**
   * Each stream's last revision within the commit under way: a popular link's clicks in one
   * commit look their stream up once. Set only once an append is written (a refused one
   * leaves it alone), emptied with every commit.
   * @type {Map<string, number>}
   */
  const revisionsInCommit = new Map();
  /**
   * Each stream's last revision as of position `seen` of the log, so that clicks spread over
   * many links do not look each link's stream up at every commit. With the click layout it
   * holds every stream with an event past the indexed point (whose clicks no index answers for):
   * it is filled from those events first, and kept true under the write lock: this connection's
   * commits add theirs, and when SQLite's data_version says another connection committed, the
   * events appended since `seen` are read and merged. The indexer's commits add no events.
   * @type {Map<string, number>}
   */
  const committedRevisions = new Map();
  /** How far into the log committedRevisions is true; null until it is filled. @type {number | null} */
  let seen = null;
  /** data_version when committedRevisions was last known true. @type {unknown} */
  let knownVersion = null;

  /** @param {number} after */
  function merge(after) {
    for (const [stream, revision] of streamsSince.all(after)) committedRevisions.set(stream, revision);
  }

  /** Makes committedRevisions true for the log as it is now; runs under the write lock. */
  function catchUp() {
    const version = dataVersion.get();
    if (seen !== null && version === knownVersion) return;
    knownVersion = version;
    const now = Number(head.get() ?? 0);
    if (seen === null) {
      committedRevisions.clear();
      // Without the click layout every stream's revision is in the index: nothing to fill.
      merge(indexedThrough ? Number(indexedThrough.get() ?? 0) : now);
    } else if (now > seen) merge(seen);
    seen = now;
  }

  /** @param {StreamRows[]} streams @returns {Outcome} */
  function write(streams) {
    let position = 0;
    const revisions = [];
    /** This append's own revisions, kept only if all of it is written. @type {Map<string, number>} */
    const written = new Map();
    for (const { stream, expected, events } of streams) {
      const known = written.get(stream) ?? revisionsInCommit.get(stream) ?? committedRevisions.get(stream);
      const current = known ?? /** @type {number | null} */ (clickIndex ? streamRevision.get(stream, stream) : streamRevision.get(stream)) ?? null;
      if (!expectationHolds(expected, current)) throw new Refused(stream, expected, current);
      let revision = current ?? -1;
      for (const [id, type, version, data, metadata] of events) {
        revision += 1;
        position = Number(insert.run(id, stream, revision, type, version, data, metadata).lastInsertRowid);
      }
      revisions.push(revision);
      if (revision >= 0) written.set(stream, revision);
    }
    for (const [stream, revision] of written) revisionsInCommit.set(stream, revision);
    return { ok: true, position, revisions };
  }

  /** An append that can be refused gets a savepoint, so a refusal undoes only that append. */
  const commit = db.transaction((/** @type {StreamRows[][]} */ appends) => {
    // Under the write lock (BEGIN IMMEDIATE): no other connection can commit until this one has.
    catchUp();
    return appends.map((streams) => {
      if (streams.every((s) => s.expected === 'any')) return write(streams);
      savepoint.run();
      try {
        const outcome = write(streams);
        release.run();
        return outcome;
      } catch (error) {
        rollbackTo.run();
        release.run();
        if (error instanceof Refused) return /** @type {Outcome} */ ({ ok: false, stream: error.stream, expected: error.expected, actual: error.actual });
        throw error;
      }
    });
  });
  return (appends) => {
    revisionsInCommit.clear();
    try {
      const outcomes = commit.immediate(appends);
      // Committed (a rolled-back commit leaves the map as it was, still true): these are the
      // streams' last revisions now. Bounded: a map of every link ever clicked would only grow;
      // emptied, it is filled again at the next commit.
      if (committedRevisions.size + revisionsInCommit.size > maxRememberedStreams) seen = null;
      else {
        for (const [stream, revision] of revisionsInCommit) committedRevisions.set(stream, revision);
        for (const outcome of outcomes) if (outcome.ok && seen !== null && outcome.position > seen) seen = outcome.position;
      }
      return outcomes;
    } finally {
      revisionsInCommit.clear();
    }
  };
}
