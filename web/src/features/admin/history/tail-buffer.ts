import { countLabel } from '../../../format/numbers.ts';

/**
 * What the live tail holds between the websocket and the list (docs/web-app.md#history-tab):
 * events shown at the top of the list while live, and those that arrived while paused,
 * counted and held until Resume. Newest first, one entry per log position.
 */
export interface TailBuffer<E extends { position: number }> {
  /** Shown above the fetched page, newest first. */
  shown: E[];
  /** Arrived while paused, newest first (the newest MAX_HELD of them). */
  held: E[];
  /** How many arrived while paused, those no longer held included. */
  heldCount: number;
  paused: boolean;
  /** Events of bursts the server left out (the list can page to them). */
  skipped: number;
}

/** The most events kept on either side: a busy log must not grow the page without bound. */
export const MAX_KEPT = 500;

export const emptyTail = <E extends { position: number }>(paused = false): TailBuffer<E> => ({ shown: [], held: [], heldCount: 0, paused, skipped: 0 });

/** Newest first, each position once, at most `max`. */
function newestFirst<E extends { position: number }>(events: readonly E[], max = Infinity): E[] {
  const seen = new Set<number>();
  const sorted = [...events].sort((a, b) => b.position - a.position).filter((event) => !seen.has(event.position) && Boolean(seen.add(event.position)));
  return sorted.slice(0, max);
}

const merge = <E extends { position: number }>(newer: readonly E[], older: readonly E[]) => newestFirst([...newer, ...older], MAX_KEPT);

/** A message of the tail: `events` oldest first, as the server sends them. */
export function receive<E extends { position: number }>(buffer: TailBuffer<E>, events: readonly E[], skipped = 0): TailBuffer<E> {
  const arrived = [...events].reverse();
  if (buffer.paused) {
    const known = new Set([...buffer.held, ...buffer.shown].map((event) => event.position));
    const fresh = arrived.filter((event) => !known.has(event.position));
    return { ...buffer, held: merge(fresh, buffer.held), heldCount: buffer.heldCount + fresh.length, skipped: buffer.skipped + skipped };
  }
  return { ...buffer, shown: merge(arrived, buffer.shown), skipped: buffer.skipped + skipped };
}

export const pause = <E extends { position: number }>(buffer: TailBuffer<E>): TailBuffer<E> => ({ ...buffer, paused: true });

/** Shows what was held, on top, and goes on showing new events as they come. */
export const resume = <E extends { position: number }>(buffer: TailBuffer<E>): TailBuffer<E> => ({
  ...buffer,
  shown: merge(buffer.held, buffer.shown),
  held: [],
  heldCount: 0,
  paused: false,
});

/**
 * The list as shown: the tail's events over the fetched page, newest first, each position
 * once (a page read again after the tail started holds some of the same events).
 */
export const withPage = <E extends { position: number }>(shown: readonly E[], page: readonly E[]): E[] => newestFirst([...shown, ...page]);

/** "12 new events", for the paused banner and the screen reader. */
export const newEventsLabel = (count: number) => `${countLabel(count)} new ${count === 1 ? 'event' : 'events'}`;
