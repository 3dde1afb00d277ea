import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/client.ts';
import { useQuery } from '../../../api/query.ts';
import { RetryMessage } from '../StatusMessage.tsx';
import { EventFilters } from './EventFilters.tsx';
import { EventRow } from './EventRow.tsx';
import { LiveBar } from './LiveBar.tsx';
import { historyApi, type HistoryEvent } from './history-api.ts';
import { cursorFromParams, eventsQuery, filtersFromParams, isFiltered, paramsFor, tailFilter, type Cursor, type HistoryFilters } from './history-filters.ts';
import { emptyTail, pause, receive, resume, withPage, type TailBuffer } from './tail-buffer.ts';
import { useEventTail } from './useEventTail.ts';
import { historyQueries } from '../admin-queries.ts';

/** The tail's buffer with the filter it was filled under: another filter starts it afresh. */
interface Tail {
  key: string;
  buffer: TailBuffer<HistoryEvent>;
}

/**
 * The event browser (docs/web-app.md#history-tab): filters and page in the address, newest
 * first, paged by position both ways, and a live tail that adds new events on top.
 */
export function EventBrowser() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const cursor = cursorFromParams(params);
  const query = eventsQuery(filters, cursor);
  const page = useQuery(historyQueries.events(query), () => historyApi.events(query));
  const go = (next: HistoryFilters, nextCursor: Cursor = null) => setParams(paramsFor(params, next, nextCursor));

  const [live, setLive] = useState(false);
  const listening = tailFilter(filters);
  const key = JSON.stringify(listening);
  const [stored, setTail] = useState<Tail>({ key, buffer: emptyTail() });
  const tail = stored.key === key ? stored.buffer : emptyTail<HistoryEvent>(stored.buffer.paused);
  const update = (change: (buffer: TailBuffer<HistoryEvent>) => TailBuffer<HistoryEvent>) =>
    setTail((current) => ({ key, buffer: change(current.key === key ? current.buffer : emptyTail(current.buffer.paused)) }));

  // A time range's end is in the past or near: the tail (which has no end) would contradict it.
  const canWatch = filters.to === '';
  const atNewest = cursor === null;
  const connection = useEventTail(live && canWatch, listening, {
    // From the log's head on: the newest page read again closes any gap before it (the list shows each position once).
    onReady: () => atNewest && void page.refetch(),
    onEvents: (events, skipped) => update((buffer) => receive(buffer, events, skipped)),
  });

  const startLive = () => {
    setTail({ key, buffer: emptyTail() });
    setLive(true);
    if (!atNewest) go(filters);
  };
  const stopLive = () => {
    // Back to the log as read: the page again, without the tail's events on top.
    setLive(false);
    setTail({ key, buffer: emptyTail() });
    if (atNewest) void page.refetch();
  };
  const resumeLive = () => {
    update(resume);
    if (!atNewest) go(filters);
  };
  const older = (before: number) => {
    // An older page is not where new events appear: hold them until Resume.
    if (live) update(pause);
    go(filters, { before });
  };

  const fresh = new Set(atNewest ? tail.shown.map((event) => event.position) : []);
  const events = page.data ? (atNewest ? withPage(tail.shown, page.data.events) : page.data.events) : [];

  return (
    <>
      <EventFilters key={JSON.stringify(filters)} filters={filters} onApply={(next) => go(next)} />

      <LiveBar
        live={live}
        canWatch={canWatch}
        status={connection.status}
        detail={connection.detail}
        tail={tail}
        onStart={startLive}
        onStop={stopLive}
        onPause={() => update(pause)}
        onResume={resumeLive}
        onReconnect={connection.reconnect}
      />

      {page.error !== undefined ? <RetryMessage text={errorText(page.error, 'Failed to fetch events')} onRetry={() => void page.refetch()} /> : null}

      <section className="history-list" aria-labelledby="history-events-title" aria-busy={page.loading}>
        <div className="admin__row cluster cluster--between gap-3">
          <h2 id="history-events-title" className="card__title">
            Events
          </h2>
          <p className="admin__count">{page.loading ? 'Loading events…' : page.data ? pageLabel(events, atNewest) : ''}</p>
        </div>
        {page.data && events.length === 0 ? (
          <p className="history__empty">{isFiltered(filters) ? 'No events match these filters.' : 'No events yet.'}</p>
        ) : (
          <ol className="history-events">
            {events.map((event) => (
              <EventRow key={event.position} event={event} fresh={fresh.has(event.position)} />
            ))}
          </ol>
        )}
        {page.data ? (
          <nav className="cluster cluster--between cluster--stretch history-pager" aria-label="Pages of events">
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={page.data.newer === null}
              onClick={() => page.data?.newer != null && go(filters, { after: page.data.newer })}
            >
              <span aria-hidden="true">‹</span> Newer
            </button>
            {!atNewest ? (
              <button type="button" className="button button--ghost button--sm" onClick={() => go(filters)}>
                Newest
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={page.data.older === null}
              onClick={() => page.data?.older != null && older(page.data.older)}
            >
              Older <span aria-hidden="true">›</span>
            </button>
          </nav>
        ) : null}
      </section>
    </>
  );
}

/** "Positions 1,204 – 1,160 · newest first". */
function pageLabel(events: HistoryEvent[], atNewest: boolean): string {
  const first = events[0];
  const last = events.at(-1);
  if (!first || !last) return '';
  const range = first === last ? `Position ${first.position}` : `Positions ${first.position} – ${last.position}`;
  return `${events.length} ${events.length === 1 ? 'event' : 'events'} · ${range}${atNewest ? ' · the newest' : ''}`;
}
