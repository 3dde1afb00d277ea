import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { HistoryEvent } from './history-api.ts';
import { NO_FILTERS, entityOfStream, paramsFor, timelineParams, type EntityRef, type HistoryFilters } from './history-filters.ts';
import { actorLabel, isFilterableActor } from './history-format.ts';

/**
 * Addresses inside the history tab (the tab kept): the browser filtered by one thing (an
 * actor, a request's correlation id, a stream), or an entity's timeline. Real links, so they
 * open in a new tab and Back returns.
 */
export function useHistoryLinks() {
  const [params] = useSearchParams();
  return {
    filtered: (filters: Partial<HistoryFilters>) => ({ search: `?${paramsFor(params, { ...NO_FILTERS, ...filters }).toString()}` }),
    timeline: (entity: EntityRef) => ({ search: `?${timelineParams(params, entity).toString()}` }),
  };
}

/** Who acted; a link to everything they did (but a visitor, whose id is redacted). */
function ActorLink({ actor }: { actor: HistoryEvent['actor'] }) {
  const links = useHistoryLinks();
  const label = actorLabel(actor);
  if (!isFilterableActor(actor)) return <span className="history__actor">{label}</span>;
  return (
    <Link className="text-link history__actor" to={links.filtered({ actor: actor.id })} aria-label={`Events by ${label}`} data-actor={actor.id}>
      {label}
    </Link>
  );
}

/** "By User 5", in a row's line of facts. */
export function ByActor({ actor }: { actor: HistoryEvent['actor'] }) {
  return (
    <span>
      <span className="history__label">By</span> <ActorLink actor={actor} />
    </span>
  );
}

/** A stream: an entity's opens its timeline, any other filters the browser by it. */
export function StreamLink({ stream }: { stream: string }) {
  const links = useHistoryLinks();
  const entity = entityOfStream(stream);
  return entity ? (
    <Link className="text-link history__stream" to={links.timeline(entity)} aria-label={`Timeline of ${stream}`}>
      {stream}
    </Link>
  ) : (
    <Link className="text-link history__stream" to={links.filtered({ stream })} aria-label={`Events of stream ${stream}`}>
      {stream}
    </Link>
  );
}

/** Everything one request caused: the events sharing its correlation id. */
export function CorrelationLink({ id, children }: { id: string; children?: ReactNode }) {
  const links = useHistoryLinks();
  return (
    <Link className="text-link history__correlation" to={links.filtered({ correlation: id })} data-correlation={id}>
      {children ?? id}
    </Link>
  );
}
