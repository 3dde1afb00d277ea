import { randomUUID } from 'node:crypto';
import { currentVersion, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';

/** Domain events as a stream would hand them back, for given/when/then tests of deciders. */
export const recorded = (events: DomainEvent[], stream = 'test-stream'): RecordedEvent[] =>
  events.map((event, revision) => ({
    id: randomUUID(),
    stream,
    revision,
    position: revision + 1,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '7' }, correlation_id: 'c', causation_id: 'c', at: '2026-11-22T00:00:00.000Z' },
  }));
