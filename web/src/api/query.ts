import { useCallback, useSyncExternalStore } from 'react';

/**
 * The app's server state: each query is cached under a key (`['links', filters]`), shared
 * by every component that reads it, fetched once however many read it, refetched when a
 * mutation invalidates its key, and patched in place by live messages.
 *
 * A small hook rather than react-query: the app needs keys, sharing, invalidation and
 * in-place updates, which fit in this file; react-query would add ~12 kB gzip to a bundle
 * we keep under 95 kB, for retries, persistence and devtools we do not use.
 */
type QueryKey = readonly (string | number | boolean | null | undefined | object)[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** True while the first answer for this key is on its way (a refetch keeps showing the data). */
  loading: boolean;
}

interface Entry<T> {
  state: QueryState<T>;
  fetcher: () => Promise<T>;
  listeners: Set<() => void>;
  /** The fetch under way, so readers that arrive meanwhile share it. */
  inFlight: Promise<void> | null;
  /** Set by invalidate while a fetch is under way: fetch again when it ends. */
  again: boolean;
}

const entries = new Map<string, Entry<unknown>>();
const serialize = (key: QueryKey) => JSON.stringify(key);

function entryFor<T>(key: QueryKey, fetcher: () => Promise<T>): Entry<T> {
  const id = serialize(key);
  let entry = entries.get(id) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: { data: undefined, error: undefined, loading: true }, fetcher, listeners: new Set(), inFlight: null, again: false };
    entries.set(id, entry as Entry<unknown>);
  }
  entry.fetcher = fetcher;
  return entry;
}

function publish<T>(entry: Entry<T>, state: QueryState<T>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function run<T>(entry: Entry<T>): Promise<void> {
  if (entry.inFlight) {
    entry.again = true;
    return entry.inFlight;
  }
  // Nothing to show meanwhile (a first load, or trying again after a failure): say it is loading.
  if (entry.state.data === undefined && !entry.state.loading) publish(entry, { data: undefined, error: undefined, loading: true });
  entry.inFlight = entry
    .fetcher()
    .then(
      (data) => publish(entry, { data, error: undefined, loading: false }),
      (error: unknown) => publish(entry, { data: entry.state.data, error, loading: false }),
    )
    .finally(() => {
      entry.inFlight = null;
      if (entry.again) {
        entry.again = false;
        void run(entry);
      }
    });
  return entry.inFlight;
}

/**
 * Reads a query, fetching it when nobody has yet; re-renders when its data changes.
 * `enabled: false` reads only what is cached and fetches nothing (a dialog with nothing to show).
 */
export function useQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
): QueryState<T> & { refetch(): Promise<void> } {
  const entry = entryFor(key, fetcher);
  const subscribe = useCallback(
    (listener: () => void) => {
      // The first reader of a key (a page opened again) shows what is cached and fetches it
      // fresh in the background, as the page would have on a visit of its own.
      const first = entry.listeners.size === 0;
      entry.listeners.add(listener);
      if (first && !entry.inFlight && enabled) void run(entry);
      return () => entry.listeners.delete(listener);
    },
    [entry, enabled],
  );
  const state = useSyncExternalStore(subscribe, () => entry.state);
  return { ...state, refetch: () => run(entry) };
}

/** Whether a cached key starts with the given one (`['links']` matches `['links', {page: 2}]`). */
const startsWith = (id: string, prefix: QueryKey) => {
  const key = JSON.parse(id) as unknown[];
  return prefix.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));
};

/** After a mutation: refetch every read query under the key; unread ones are fetched fresh when next read. */
export async function invalidate(prefix: QueryKey): Promise<void> {
  const fetches: Promise<void>[] = [];
  for (const [id, entry] of entries) {
    if (!startsWith(id, prefix)) continue;
    if (entry.listeners.size > 0) fetches.push(run(entry));
    else entries.delete(id);
  }
  await Promise.all(fetches);
}

/** Patches cached data in place (a live click's new total), without a fetch. */
export function setQueryData<T>(key: QueryKey, update: (data: T | undefined) => T | undefined): void {
  const entry = entries.get(serialize(key)) as Entry<T> | undefined;
  if (!entry) return;
  publish(entry, { ...entry.state, data: update(entry.state.data) });
}

/** Patches every cached query under the key in place (a live click shown on several pages of a list). */
export function updateQueries<T>(prefix: QueryKey, update: (data: T) => T): void {
  for (const [id, entry] of entries) {
    if (!startsWith(id, prefix) || entry.state.data === undefined) continue;
    const data = update(entry.state.data as T);
    if (data !== entry.state.data) publish(entry, { ...entry.state, data });
  }
}

/** The cached data of every query under the key. */
export function cachedQueries<T>(prefix: QueryKey): T[] {
  return [...entries].filter(([id, entry]) => startsWith(id, prefix) && entry.state.data !== undefined).map(([, entry]) => entry.state.data as T);
}

/** Forgets everything (signing out: the next account must not see this one's data). */
export function clearQueries(): void {
  entries.clear();
}
