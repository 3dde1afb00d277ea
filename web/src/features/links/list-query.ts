import type { DomainFilter, SortBy, StatusFilter } from '@linkledger/contracts';
import type { LinkListParams } from '../../api/endpoints.ts';
import { PAGE_SIZE } from '../../format/pagination.ts';

export type Tab = 'manual' | 'api';

/** Everything that decides which links the Your URLs panel shows. */
export interface LinkQuery {
  tab: Tab;
  /** The applied search (after the 500 ms pause), not what is being typed. */
  search: string;
  domain: DomainFilter;
  status: StatusFilter;
  sort: SortBy;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
  /** Tag names (docs/links.md#tags-and-folders): any or all of them; a folder name or ''. */
  tags: string[];
  tagMode: 'any' | 'all';
  folder: string;
  page: number;
}

export const INITIAL_QUERY: LinkQuery = {
  tab: 'manual',
  search: '',
  domain: 'all',
  status: 'all',
  sort: 'newest',
  dateFrom: '',
  dateTo: '',
  tags: [],
  tagMode: 'any',
  folder: '',
  page: 1,
};

/** The tag and folder filters as the list and the export take them. */
export function labelParams(query: Pick<LinkQuery, 'tags' | 'tagMode' | 'folder'>): Pick<LinkListParams, 'tag' | 'tag_mode' | 'folder'> {
  return {
    ...(query.tags.length ? { tag: query.tags, ...(query.tagMode === 'all' ? { tag_mode: 'all' as const } : {}) } : {}),
    ...(query.folder ? { folder: query.folder } : {}),
  };
}

/** The search waits for a 500 ms pause in typing (docs/links.md#listing-filtering-and-sorting). */
export const SEARCH_PAUSE_MS = 500;

export function listParams(query: LinkQuery): LinkListParams {
  const params: LinkListParams = { skip: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, created_via: query.tab, sort_by: query.sort };
  if (query.search.trim()) params.search = query.search.trim();
  if (query.domain !== 'all') params.domain = query.domain;
  if (query.status !== 'all') params.status = query.status;
  if (query.dateFrom) params.date_from = query.dateFrom;
  if (query.dateTo) params.date_to = query.dateTo;
  return { ...params, ...labelParams(query) };
}

/** Whether a filter narrows the list (the empty state then offers to clear them). */
export const hasFilters = (query: LinkQuery) =>
  Boolean(query.search.trim() || query.domain !== 'all' || query.status !== 'all' || query.dateFrom || query.dateTo || query.tags.length || query.folder);

/** The result count line: "Showing 11–20 of 23 URLs". */
export function resultLine(total: number, page: number, shown: number): string {
  if (total === 0) return 'No URLs found';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + shown - 1;
  return `Showing ${first}–${Math.max(first, last)} of ${total} ${total === 1 ? 'URL' : 'URLs'}`;
}

/** A short URL for reading: without the scheme ("localhost:8080/abc123"). */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '');
