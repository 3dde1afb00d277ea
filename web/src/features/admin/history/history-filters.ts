import type { EntityKind, EventTailFilter, EventsQuery } from '@linkledger/contracts';

/**
 * The event browser's filters as the address keeps them (`/admin?tab=history&category=link&actor=5`),
 * so a filtered view can be shared and Back undoes a filter (docs/web-app.md#history-tab).
 * Times are ISO in the address, whatever the viewer's time zone.
 */
export interface HistoryFilters {
  category: string;
  stream: string;
  type: string;
  actor: string;
  correlation: string;
  /** ISO times, or '' for no bound. */
  from: string;
  to: string;
  includeClicks: boolean;
  limit: number;
}

/** A page of the browser: older than `before`, newer than `after`, or (neither) the newest. */
export type Cursor = { before: number } | { after: number } | null;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export const NO_FILTERS: HistoryFilters = {
  category: '',
  stream: '',
  type: '',
  actor: '',
  correlation: '',
  from: '',
  to: '',
  includeClicks: false,
  limit: DEFAULT_LIMIT,
};

/** The categories of the log's streams an admin looks for; `system` is one stream, not a prefix. */
export const CATEGORIES: readonly { value: string; label: string }[] = [
  { value: '', label: 'All but clicks' },
  { value: 'link', label: 'Links' },
  { value: 'user', label: 'Users' },
  { value: 'subscription', label: 'Subscriptions' },
  { value: 'domain', label: 'Custom domains' },
  { value: 'clicks', label: 'Clicks' },
  { value: 'system', label: 'System settings' },
  { value: 'plan', label: 'Plans' },
  { value: 'shortcode', label: 'Short codes' },
  { value: 'email', label: 'E-mail addresses and tokens' },
  { value: 'oauth', label: 'Sign-in providers' },
  { value: 'mail-deliveries', label: 'Mail deliveries' },
  { value: 'api-usage', label: 'API usage' },
];

/** The one stream that has no numbered siblings: its "category" is the stream itself. */
const SINGLE_STREAMS = new Set(['system']);

/** The address's parameters that belong to the browser (everything but the tab). */
const FILTER_KEYS = ['category', 'stream', 'type', 'actor', 'correlation', 'from', 'to', 'clicks', 'limit', 'before', 'after'] as const;

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() ?? '';
const isIso = (value: string) => value !== '' && !Number.isNaN(Date.parse(value));
const wholeNumber = (value: string | null): number | null => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** The filters in the address; anything malformed there counts as absent. */
export function filtersFromParams(params: URLSearchParams): HistoryFilters {
  const limit = wholeNumber(params.get('limit'));
  return {
    category: text(params, 'category'),
    stream: text(params, 'stream'),
    type: text(params, 'type'),
    actor: text(params, 'actor'),
    correlation: text(params, 'correlation'),
    from: isIso(text(params, 'from')) ? text(params, 'from') : '',
    to: isIso(text(params, 'to')) ? text(params, 'to') : '',
    includeClicks: params.get('clicks') === '1',
    limit: limit !== null && limit >= 1 && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT,
  };
}

export function cursorFromParams(params: URLSearchParams): Cursor {
  const before = wholeNumber(params.get('before'));
  if (before !== null) return { before };
  const after = wholeNumber(params.get('after'));
  return after !== null ? { after } : null;
}

/**
 * The address for filters and a page: the other parameters (the tab) kept, the browser's
 * replaced, defaults left out so the address stays short.
 */
export function paramsFor(current: URLSearchParams, filters: HistoryFilters, cursor: Cursor = null): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...FILTER_KEYS, 'entity', 'at']) next.delete(key);
  const set = (key: string, value: string) => value && next.set(key, value);
  set('category', filters.category);
  set('stream', filters.stream.trim());
  set('type', filters.type.replace(/\s+/g, ''));
  set('actor', filters.actor.trim());
  set('correlation', filters.correlation.trim());
  set('from', filters.from);
  set('to', filters.to);
  if (filters.includeClicks) next.set('clicks', '1');
  if (filters.limit !== DEFAULT_LIMIT) next.set('limit', String(filters.limit));
  if (cursor && 'before' in cursor) next.set('before', String(cursor.before));
  if (cursor && 'after' in cursor) next.set('after', String(cursor.after));
  return next;
}

/** The stream filter in force: the one typed, else the single stream a category stands for. */
const streamOf = (filters: HistoryFilters) => filters.stream || (SINGLE_STREAMS.has(filters.category) ? filters.category : '');
const categoryOf = (filters: HistoryFilters) => (SINGLE_STREAMS.has(filters.category) ? '' : filters.category);

/** What the live tail listens to: the filters without time, limit or cursor. */
export function tailFilter(filters: HistoryFilters): EventTailFilter {
  const filter: EventTailFilter = {};
  if (categoryOf(filters)) filter.category = categoryOf(filters);
  if (streamOf(filters)) filter.stream = streamOf(filters);
  if (filters.type) filter.type = filters.type.replace(/\s+/g, '');
  if (filters.actor) filter.actor = filters.actor;
  if (filters.correlation) filter.correlation = filters.correlation;
  if (filters.includeClicks) filter.include_clicks = 'true';
  return filter;
}

/** The query of GET /api/admin/events for filters and a page. */
export function eventsQuery(filters: HistoryFilters, cursor: Cursor): Partial<Record<keyof EventsQuery, string | number>> {
  return {
    ...tailFilter(filters),
    ...(filters.from && { from: filters.from }),
    ...(filters.to && { to: filters.to }),
    limit: filters.limit,
    ...cursor,
  };
}

/** Why the filters cannot be sent, field by field (the server checks them again). */
export function filterErrors(filters: HistoryFilters): Partial<Record<'type' | 'to', string>> {
  const errors: Partial<Record<'type' | 'to', string>> = {};
  const type = filters.type.replace(/\s+/g, '');
  if (type && !/^[A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*$/.test(type))
    errors.type = 'One event type, or several separated by commas, such as LinkUpdated,LinkDeleted';
  if (filters.from && filters.to && Date.parse(filters.from) > Date.parse(filters.to)) errors.to = 'Must be after the start of the range';
  return errors;
}

/** Whether any filter narrows the list (the page size is not a filter). */
export const isFiltered = (filters: HistoryFilters) => JSON.stringify({ ...filters, limit: DEFAULT_LIMIT }) !== JSON.stringify(NO_FILTERS);

// ------------------------------------------------------------------- entities

export interface EntityRef {
  kind: EntityKind;
  id: number;
}

export const ENTITY_KINDS: readonly EntityKind[] = ['link', 'user', 'subscription', 'domain'];

function entityFrom(value: string, separator: '-' | ':'): EntityRef | null {
  const match = new RegExp(`^(link|user|subscription|domain)${separator}(\\d+)$`).exec(value.trim());
  const id = Number(match?.[2]);
  return match && id > 0 && Number.isSafeInteger(id) ? { kind: match[1] as EntityKind, id } : null;
}

/** The entity whose stream this is (`link-12`), or null for any other stream. */
export const entityOfStream = (stream: string) => entityFrom(stream, '-');
/** The entity of a timeline's address (`entity=link:12`), or null. */
export const entityFromParam = (value: string | null) => (value ? entityFrom(value, ':') : null);
export const entityParam = (entity: EntityRef) => `${entity.kind}:${entity.id}`;

/** The address of an entity's timeline, the tab kept and the browser's filters dropped. */
export function timelineParams(current: URLSearchParams, entity: EntityRef): URLSearchParams {
  const next = paramsFor(current, NO_FILTERS);
  next.set('entity', entityParam(entity));
  return next;
}

// ---------------------------------------------------------------------- times

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local input shows it, in the viewer's time zone (to the second). */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A datetime-local input's value (the viewer's time zone) as an ISO time; '' when empty or invalid. */
export function localInputToIso(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
