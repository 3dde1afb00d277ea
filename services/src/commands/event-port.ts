import { domainEventOf, type DomainEvent, type NewEvent, type RecordedEvent } from '@linkledger/contracts';

/** What an `evolve` may know of a recorded event besides the event itself: where and when it was written, never its raw data. */
export type EventEnvelope = Pick<RecordedEvent, 'id' | 'stream' | 'revision' | 'position' | 'metadata'>;

/** How a stream's events fold into state: the typed domain event (latest shape), and its envelope for the few that date or number things. */
export type Evolve<State> = (state: State, event: DomainEvent, envelope: EventEnvelope) => State;

/**
 * The write side's event port: a recorded event is parsed once (`domainEventOf`: validated
 * against its version, brought to the latest shape) and handed to `evolve` typed. An event of
 * a type this version does not know leaves the state as it was; an unknown version of a known
 * type throws, as reading it anywhere does.
 */
export function evolveRecorded<State>(evolve: Evolve<State>, state: State, recorded: RecordedEvent): State {
  const event = domainEventOf(recorded);
  return event ? evolve(state, event, recorded) : state;
}

/** A stream's recorded events folded into state through `evolveRecorded`. */
export function foldEvents<State>(recorded: readonly RecordedEvent[], evolve: Evolve<State>, initial: State): State {
  return recorded.reduce((state, event) => evolveRecorded(evolve, state, event), initial);
}

/**
 * An event's data as the store holds it, before any parse: for the code that works on the
 * stored form itself — the personal-data vault sealing and opening fields on their way to and
 * from the store, the history showing what was written (unknown types included), the start-up
 * check of sealed registrations. Everything else reads the typed event.
 */
export function dataAsStored(event: RecordedEvent | NewEvent): Readonly<Record<string, unknown>> {
  return event.data as Record<string, unknown>;
}
