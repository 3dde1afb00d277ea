import { useId, useState, type ReactNode } from 'react';
import type { HistoryEvent } from './history-api.ts';
import { prettyJson, timeLabel } from './history-format.ts';
import { ByActor, CorrelationLink, StreamLink } from './HistoryLinks.tsx';

interface EventRowProps {
  event: HistoryEvent;
  /** Arrived through the live tail since the page was read. */
  fresh?: boolean;
}

interface EventHeadProps {
  event: Pick<HistoryEvent, 'at' | 'type' | 'summary'>;
  /** Shown before the time (a version number). */
  lead?: ReactNode;
  /** Shown after the type (a "New" badge). */
  children?: ReactNode;
}

/** When, what type, and the one-line summary of an event (the browser's rows, the timeline's versions). */
export function EventHead({ event, lead, children }: EventHeadProps) {
  return (
    <>
      <div className="history-event__head">
        {lead}
        <time className="history-event__time" dateTime={event.at} title={event.at}>
          {timeLabel(event.at)}
        </time>
        <code className="code-inline history-event__type">{event.type}</code>
        {children}
      </div>
      <p className="history-event__summary">{event.summary}</p>
    </>
  );
}

/** One event of the browser: time, type, summary, stream and actor; its metadata and data on demand. */
export function EventRow({ event, fresh = false }: EventRowProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <li className={`history-event${fresh ? ' history-event--fresh' : ''}`} data-position={event.position} data-type={event.type}>
      <EventHead event={event}>{fresh ? <span className="badge badge--info">New</span> : null}</EventHead>
      <div className="history-event__meta">
        <span>
          <span className="history__label">Stream</span> <StreamLink stream={event.stream} />
        </span>
        <ByActor actor={event.actor} />
        <button
          type="button"
          className="button button--ghost button--sm history-event__toggle"
          aria-expanded={open}
          aria-controls={`${id}-details`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide details' : 'Details'}
          <span className="visually-hidden"> of event {event.position}</span>
        </button>
      </div>
      <div id={`${id}-details`} className="history-event__details" hidden={!open}>
        {open ? <EventDetails event={event} labelId={`${id}-data`} /> : null}
      </div>
    </li>
  );
}

function EventDetails({ event, labelId }: { event: HistoryEvent; labelId: string }) {
  const rows: [string, ReactNode][] = [
    ['Position', event.position],
    ['Revision in stream', event.revision],
    ['Schema version', event.version],
    ['Correlation id', <CorrelationLink key="c" id={event.correlation_id} />],
    ['Causation id', <code key="k">{event.causation_id}</code>],
  ];
  if (event.origin?.route) rows.push(['Route', <code key="r">{event.origin.route}</code>]);
  if (event.origin?.user_agent) rows.push(['User agent', event.origin.user_agent]);
  return (
    <>
      <dl className="history-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="history-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p id={labelId} className="history__label">
        Data
      </p>
      {/* Text in a <pre>: a title or an address holding markup is shown, never run. */}
      <pre className="history-json" tabIndex={0} aria-labelledby={labelId}>
        {prettyJson(event.data)}
      </pre>
    </>
  );
}
