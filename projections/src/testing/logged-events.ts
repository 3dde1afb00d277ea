import { currentVersion, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';

/** The time of the n-th event `loggedEvents` hands over: one minute apart from 10:00 UTC on 2026-11-23. */
export const loggedAt = (n: number) => new Date(Date.UTC(2026, 10, 23, 10, n)).toISOString();

/** Events on their streams as the log would hand them over: positions from 1, one minute apart. */
export const loggedEvents = (events: { stream: string; event: DomainEvent }[]): RecordedEvent[] =>
  events.map(({ stream, event }, i) => ({
    id: `e${i + 1}`,
    stream,
    revision: i,
    position: i + 1,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '1' }, correlation_id: 'c', causation_id: 'c', at: loggedAt(i + 1) },
  }));

/** The events of recorded ones, to log again with more after them. */
export const eventsOf = (recorded: readonly RecordedEvent[]) =>
  recorded.map((r) => ({ stream: r.stream, event: { type: r.type, data: r.data } as DomainEvent }));
