/**
 * The Activity screen's filters, kept in the address (`/activity?member=…&link=…`) so a link's
 * "Activity" action opens the screen filtered by that link (docs/workspaces.md#screens).
 */
export interface ActivityFilters {
  member: number | null;
  link: number | null;
}

/** A positive whole number from the address, or null for anything else. */
function idFrom(value: string | null): number | null {
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export function activityFiltersFrom(params: URLSearchParams): ActivityFilters {
  return { member: idFrom(params.get('member')), link: idFrom(params.get('link')) };
}

/** The address's query for the filters: only those set. */
export function activitySearch(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  if (filters.member !== null) params.set('member', String(filters.member));
  if (filters.link !== null) params.set('link', String(filters.link));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API's query for one page: the filters, and the cursor for pages after the first. */
export function activityApiQuery(filters: ActivityFilters, before: number | null): string {
  const params = new URLSearchParams(activitySearch(filters));
  if (before !== null) params.set('before', String(before));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One entry of the feed, as the API and the live socket give it. */
interface ShownEntry {
  position: number;
  type: string;
  actor: { kind: 'user' | 'api_key'; id: string } | null;
  link_id: number | null;
}

/** Whether an entry belongs under the filters, as the server filters a page: by the member who did it themselves, by the link. */
function matchesActivityFilters(entry: ShownEntry, filters: ActivityFilters): boolean {
  if (filters.link !== null && entry.link_id !== filters.link) return false;
  if (filters.member !== null && !(entry.actor?.kind === 'user' && entry.actor.id === String(filters.member) && entry.type !== 'LinkModerated')) return false;
  return true;
}

/**
 * The newest page with a live entry added on top (docs/workspaces.md#live-activity): only one
 * the filters let through and not shown yet, newest first by its position in the log.
 */
export function withLiveEntry<E extends ShownEntry, P extends { events: E[] }>(page: P, entry: E, filters: ActivityFilters): P {
  if (!matchesActivityFilters(entry, filters) || page.events.some((shown) => shown.position === entry.position)) return page;
  return { ...page, events: [entry, ...page.events].sort((a, b) => b.position - a.position) };
}
