import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import type { LinkList } from '../../api/types.ts';
import { REVERSED_RANGE, isReversedRange } from '../../format/day-range.ts';
import { pageCount } from '../../format/pagination.ts';
import { linkListQuery, loadLinkList } from './link-queries.ts';
import { SEARCH_PAUSE_MS, listParams } from './list-query.ts';
import { useListView } from './list-view.ts';

/** Why the panel shows no page of links: the message, and whether trying the same call again could help. */
export interface ListFailure {
  title: string;
  message: string;
  retry: boolean;
}

const NOT_LOADED = 'Your URLs could not be loaded';

/** When the server could not answer at all, or failed itself. */
const LIST_UNREACHABLE = 'Check your connection and try again.';

/** The server's own reason for a refused call (a 4xx with a detail); anything else may pass if tried again. */
function listFailureOf(error: unknown): ListFailure {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail) return { title: NOT_LOADED, message: error.detail, retry: false };
  return { title: NOT_LOADED, message: LIST_UNREACHABLE, retry: true };
}

/**
 * The page of links the Your URLs panel shows: the search applies after a 500 ms pause in
 * typing; while another page loads the last one stays shown (marked busy); a page emptied
 * by a delete steps back to the new last page. A reversed date range is refused here,
 * without a call; a failed call shows why, and then no earlier page, count or pager.
 */
export function useLinkList() {
  const query = useListView((s) => s.query);
  const { change, goToPage } = useListView.getState();
  const [searchText, setSearchText] = useState(query.search);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (useListView.getState().query.search !== searchText) change({ search: searchText });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searchText, change]);

  const reversed = isReversedRange(query.dateFrom, query.dateTo);
  const params = listParams(query);
  const { data, error, refetch } = useQuery(linkListQuery(params), loadLinkList(params), { enabled: !reversed });
  const failure: ListFailure | null = reversed
    ? { title: 'Check the dates', message: REVERSED_RANGE, retry: false }
    : error !== undefined
      ? listFailureOf(error)
      : null;
  const emptiedPage = data !== undefined && data.urls.length === 0 && data.total > 0 && query.page > 1;

  useEffect(() => {
    if (emptiedPage) goToPage(pageCount(data.total));
  }, [emptiedPage, data, goToPage]);

  // What is on screen: this page's answer, else the last page shown while it loads.
  const [shown, setShown] = useState<LinkList | null>(null);
  if (data !== undefined && !emptiedPage && data !== shown) setShown(data);

  return {
    query,
    searchText,
    setSearchText,
    list: failure ? null : shown,
    loading: !failure && (data === undefined || emptiedPage),
    failure,
    /** The date fields' own problem, shown beside them. */
    rangeProblem: reversed ? REVERSED_RANGE : null,
    retry: () => void refetch(),
    clearFilters: () => {
      setSearchText('');
      useListView.getState().clearFilters();
    },
  };
}
