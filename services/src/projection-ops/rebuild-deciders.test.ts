import { describe, expect, it } from 'vitest';
import { currentVersion, type DomainEvent, type ProjectionRebuildFinished, type RecordedEvent } from '@linkledger/contracts';
import { RebuildAlreadyRunning, finishRebuildDecider, startRebuildDecider } from './rebuild-deciders.ts';
import { evolveRebuildLog, openRebuild, type RebuildLog } from './rebuild-log-state.ts';
import { foldEvents } from '../commands/event-port.ts';

/** The rebuilds stream holding these events, from position 10 on. */
function given(...events: DomainEvent[]): RebuildLog {
  const history = events.map<RecordedEvent>((event, i) => ({
    id: `e${i}`,
    stream: 'projection-rebuilds',
    revision: i,
    position: 10 + i,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '1' }, correlation_id: `c${i}`, causation_id: `c${i}`, at: `2026-11-23T10:0${i}:00.000Z` },
  }));
  return foldEvents(history, evolveRebuildLog, [] as RebuildLog);
}

const started = (id: string): DomainEvent => ({ type: 'ProjectionRebuildStarted', data: { rebuild_id: id, projections: ['analytics'], reason: 'rebuild' } });
const finish = (id: string): ProjectionRebuildFinished => ({
  rebuild_id: id,
  outcome: 'done',
  through: 42,
  events: 40,
  duration_ms: 1200,
  error: '',
  clicks: { before: { human: 3, bot: 1 }, after: { human: 2, bot: 2 } },
});
const finished = (id: string): DomainEvent => ({ type: 'ProjectionRebuildFinished', data: finish(id) });

describe('the rebuilds stream', () => {
  it('starts a rebuild when none is open, and refuses a second one while it runs', () => {
    const command = { rebuildId: 'b', projections: ['read' as const], reason: 'rebuild' as const };
    expect(startRebuildDecider.decide(command, given(started('a'), finished('a')))).toEqual([
      { type: 'ProjectionRebuildStarted', data: { rebuild_id: 'b', projections: ['read'], reason: 'rebuild' } },
    ]);
    const open = given(started('a'));
    expect(() => startRebuildDecider.decide(command, open)).toThrow(RebuildAlreadyRunning);
    expect(() => startRebuildDecider.decide(command, open)).toThrow('A rebuild is already running (analytics, started 2026-11-23T10:00:00.000Z)');
  });

  it('records a finish once, for the open rebuild only', () => {
    expect(finishRebuildDecider.decide(finish('a'), given(started('a')))).toEqual([finished('a')]);
    expect(finishRebuildDecider.decide(finish('a'), given(started('a'), finished('a')))).toEqual([]);
    expect(finishRebuildDecider.decide(finish('a'), given(started('b')))).toEqual([]);
  });

  it('folds starts and finishes into each rebuild’s record', () => {
    const log = given(started('a'), finished('a'), started('b'));
    expect(log[0]).toMatchObject({
      rebuild_id: 'a',
      started_position: 10,
      correlation_id: 'c0',
      finished: { outcome: 'done', at: '2026-11-23T10:01:00.000Z', clicks: { after: { bot: 2 } } },
    });
    expect(openRebuild(log)).toMatchObject({ rebuild_id: 'b', started_by: { kind: 'user', id: '1' }, finished: null });
  });
});
