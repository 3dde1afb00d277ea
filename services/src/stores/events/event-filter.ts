import type { EventFilter, EventMetadata } from '@linkledger/contracts';

/** The parts of an event a filter looks at; metadata is asked for only when a criterion needs it. */
interface FilterableEvent {
  readonly type: string;
  readonly stream: string;
  metadata(): EventMetadata;
}

/** Each filter's predicate, built once: a subscription asks for it at every page it reads. */
const predicates = new WeakMap<EventFilter, (event: FilterableEvent) => boolean>();
const matchesAll = () => true;

/**
 * The filter as a predicate, for adapters that check some criteria in memory (the SQLite
 * store's in-memory tail, KurrentDB beyond the one criterion its server filters on). A filter
 * is not changed once handed to a store, so its predicate is kept for as long as the filter lives.
 */
export function eventFilterTest(filter: EventFilter | undefined): (event: FilterableEvent) => boolean {
  if (!filter) return matchesAll;
  let test = predicates.get(filter);
  if (!test) predicates.set(filter, (test = predicateOf(filter)));
  return test;
}

function predicateOf(filter: EventFilter): (event: FilterableEvent) => boolean {
  const types = filter.types?.length ? new Set(filter.types) : null;
  const excluded = filter.excludeTypes?.length ? new Set(filter.excludeTypes) : null;
  const prefixes = filter.streamPrefixes?.length ? filter.streamPrefixes : null;
  const { stream, actorId, correlationId, from, to } = filter;
  const needsMetadata = actorId !== undefined || correlationId !== undefined || from !== undefined || to !== undefined;
  if (!types && !excluded && !prefixes && stream === undefined && !needsMetadata) return matchesAll;
  return (event) => {
    if (types && !types.has(event.type)) return false;
    if (excluded?.has(event.type)) return false;
    if (stream !== undefined && event.stream !== stream) return false;
    if (prefixes && !prefixes.some((prefix) => event.stream.startsWith(prefix))) return false;
    if (!needsMetadata) return true;
    const metadata = event.metadata();
    if (actorId !== undefined && metadata.actor.id !== actorId) return false;
    if (correlationId !== undefined && metadata.correlation_id !== correlationId) return false;
    if (from !== undefined && metadata.at < from) return false;
    if (to !== undefined && metadata.at >= to) return false;
    return true;
  };
}
