import { useEffect, useState } from 'react';
import { useQuery } from '../../api/query.ts';
import type { LinkList } from '../../api/types.ts';
import { pageCount } from '../../format/pagination.ts';
import { linkListQuery, loadLinkList } from './link-queries.ts';
import { SEARCH_PAUSE_MS, listParams } from './list-query.ts';
import { useListView } from './list-view.ts';

/**
 * The page of links the Your URLs panel shows: the search applies after a 500 ms pause in
 * typing; while another page loads the last one stays shown (marked busy); a page emptied
 * by a delete steps back to the new last page.
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

  const params = listParams(query);
  const { data, error, refetch } = useQuery(linkListQuery(params), loadLinkList(params));
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
    list: shown,
    loading: data === undefined || emptiedPage,
    failed: error !== undefined,
    retry: () => void refetch(),
    clearFilters: () => {
      setSearchText('');
      useListView.getState().clearFilters();
    },
  };
}
