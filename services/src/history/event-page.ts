import type { EventFilter, EventPage, EventStore, EventsQuery, EventTailFilter } from '@linkledger/contracts';
import { toHistoryEvent } from './event-view.ts';

const CLICK = 'Clicked';

/**
 * The store filter for a history query. Clicks are left out unless asked for (by the
 * toggle, their type, their category or one click stream): they are most of the log, and
 * leaving them out lets the store page through the rest on its own index.
 */
function historyFilter(query: Pick<EventsQuery, keyof EventTailFilter | 'from' | 'to'>): EventFilter {
  const types = query.type?.split(',');
  const wantsClicks =
    query.include_clicks === 'true' || Boolean(types?.includes(CLICK)) || query.category === 'clicks' || Boolean(query.stream?.startsWith('clicks-'));
  return {
    ...(query.stream !== undefined && { stream: query.stream }),
    ...(query.category !== undefined && { streamPrefixes: [`${query.category}-`] }),
    ...(types && { types }),
    ...(!wantsClicks && { excludeTypes: [CLICK] }),
    ...(query.actor !== undefined && { actorId: query.actor }),
    ...(query.correlation !== undefined && { correlationId: query.correlation }),
    ...(query.from !== undefined && { from: inStoredForm(query.from) }),
    ...(query.to !== undefined && { to: inStoredForm(query.to) }),
  };
}

const EARLIEST = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
/**
 * An ISO time as events store it (UTC, milliseconds). Stored times are compared as text,
 * which holds for four-digit years: a bound beyond them is brought to the nearest one.
 */
export const inStoredForm = (iso: string) => new Date(Math.min(LATEST, Math.max(EARLIEST, Date.parse(iso)))).toISOString();

/**
 * The store filter for a history query, where a category that is one stream by itself
 * (`system`, `analysts`) is that stream rather than the streams named `{category}-…`.
 */
export async function resolvedFilter(
  events: Pick<EventStore, 'readAll'>,
  query: Pick<EventsQuery, keyof EventTailFilter | 'from' | 'to'>,
): Promise<EventFilter> {
  const filter = historyFilter(query);
  if (query.category !== undefined && (await events.readAll({ limit: 1, filter: { stream: query.category } })).length > 0)
    filter.streamPrefixes = [query.category];
  return filter;
}

/**
 * One page of the history, newest first, by global position: older than `before`, newer
 * than `after` (then the page just after it), or the newest. Each end is probed with a
 * one-event read, so the cursors are null exactly where nothing more matches.
 */
export async function eventPage(events: Pick<EventStore, 'readAll'>, query: EventsQuery): Promise<EventPage> {
  const filter = await resolvedFilter(events, query);
  const { limit, before, after } = query;
  const forward = after !== undefined && before === undefined;
  const rows = await events.readAll({ after, before, direction: forward ? 'forward' : 'backward', limit: limit + 1, filter });
  const more = rows.length > limit;
  const page = forward ? rows.slice(0, limit).reverse() : rows.slice(0, limit);
  const newest = page[0]?.position;
  const oldest = page.at(-1)?.position;
  let hasNewer: boolean;
  let hasOlder: boolean;
  if (forward) {
    hasNewer = more;
    hasOlder = (await events.readAll({ after: 0, before: after + 1, direction: 'backward', limit: 1, filter })).length > 0;
  } else {
    hasOlder = more;
    hasNewer = before !== undefined && (await events.readAll({ after: before - 1, limit: 1, filter })).length > 0;
  }
  return {
    events: page.map(toHistoryEvent),
    older: hasOlder ? (oldest ?? (after ?? 0) + 1) : null,
    newer: hasNewer ? (newest ?? Math.max(0, (before ?? 1) - 1)) : null,
  };
}
