import { useEffect, useState } from 'react';

/**
 * A search box's text and the search in force: the trimmed text applies once typing has paused
 * for `pauseMs`, and going back to page 1 (docs/web-app.md#admin-panel).
 */
export function useDebouncedSearch(pauseMs: number) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, pauseMs);
    return () => clearTimeout(timer);
  }, [searchText, pauseMs]);

  return { searchText, setSearchText, search, page, setPage };
}
