// @ts-check
// The SQL of an event-store commit, shared by the writer thread (sqlite-writer.worker.mjs)
// and by the store itself when it commits on its own thread (synchronous=NORMAL, no lock
// contention). Plain JavaScript so the worker can load it without a TypeScript loader.

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

/** How many streams' last revisions a connection remembers between its commits. */
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
 * @returns {(appends: StreamRows[][]) => Outcome[]}
 */
export function createCommit(db) {
  const streamRevision = db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?');
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
   * Each stream's last revision as this connection's own commits left it, so that clicks
   * spread over many links do not look each link's stream up at every commit. Trusted only
   * while no other connection has committed: SQLite's data_version, read under the write
   * lock, changes exactly when one has, and then the whole map is dropped.
   * @type {Map<string, number>}
   */
  const committedRevisions = new Map();
  /** data_version when committedRevisions was last known true. @type {unknown} */
  let knownVersion = null;

  /** @param {StreamRows[]} streams @returns {Outcome} */
  function write(streams) {
    let position = 0;
    const revisions = [];
    /** This append's own revisions, kept only if all of it is written. @type {Map<string, number>} */
    const written = new Map();
    for (const { stream, expected, events } of streams) {
      const known = written.get(stream) ?? revisionsInCommit.get(stream) ?? committedRevisions.get(stream);
      const current = known ?? /** @type {{ revision: number | null } | undefined} */ (streamRevision.get(stream))?.revision ?? null;
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
    const version = dataVersion.get();
    if (version !== knownVersion) {
      committedRevisions.clear();
      knownVersion = version;
    }
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
      // streams' last revisions now. Bounded: a map of every link ever clicked would only grow.
      if (committedRevisions.size + revisionsInCommit.size > MAX_REMEMBERED_STREAMS) committedRevisions.clear();
      for (const [stream, revision] of revisionsInCommit) committedRevisions.set(stream, revision);
      return outcomes;
    } finally {
      revisionsInCommit.clear();
    }
  };
}
