import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommit, type StreamRows } from './sqlite-commit.mjs';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { LEGACY_EVENTS_TABLE } from '../../testing/legacy-event-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const append = (stream: string, expected: StreamRows['expected'] = 'any', id: string = randomUUID()): StreamRows[] => [
  { stream, expected, events: [[id, 'Clicked', 1, '{}', '{}']] },
];

async function openLog(name: string, layout: 'click layout' | 'made before') {
  const file = join(dir, `${layout === 'made before' ? 'legacy-' : ''}${name}`);
  if (layout === 'made before') {
    new Database(file).exec(LEGACY_EVENTS_TABLE).close();
  }
  await new SqliteEventStore(file).close();
  const db = new Database(file);
  return {
    db,
    commit: createCommit(db),
    revisions: (stream: string) => db.prepare('SELECT revision FROM events WHERE stream = ? ORDER BY revision').pluck().all(stream),
  };
}

describe.each(['click layout', 'made before'] as const)('the event log’s commit (%s)', (layout) => {
  it('after a commit that failed and rolled back, gives the next event the revision after what is in the log', async () => {
    const { db, commit, revisions } = await openLog('rollback.db', layout);
    commit([append('clicks-1')]);
    // The second append of this commit breaks a constraint (no id): the whole commit is undone.
    expect(() => commit([append('clicks-1'), append('clicks-1'), append('clicks-2', 'any', null as unknown as string)])).toThrow(/NOT NULL/);
    expect(revisions('clicks-1')).toEqual([0]);
    expect(commit([append('clicks-1')])).toEqual([{ ok: true, position: expect.any(Number), revisions: [1] }]);
    expect(commit([append('clicks-1', 1)])).toEqual([{ ok: true, position: expect.any(Number), revisions: [2] }]);
    expect(revisions('clicks-1')).toEqual([0, 1, 2]);
    db.close();
  });

  it('gives the next revision after another connection’s commits to the same stream', async () => {
    const { db, commit, revisions } = await openLog('two-connections.db', layout);
    const other = new Database(db.name);
    const otherCommit = createCommit(other);
    commit([append('clicks-1')]);
    otherCommit([append('clicks-1')]);
    otherCommit([append('clicks-1')]);
    expect(commit([append('clicks-1', 2)])).toEqual([{ ok: true, position: expect.any(Number), revisions: [3] }]);
    expect(otherCommit([append('clicks-1')])[0]).toMatchObject({ revisions: [4] });
    expect(revisions('clicks-1')).toEqual([0, 1, 2, 3, 4]);
    other.close();
    db.close();
  });
});
