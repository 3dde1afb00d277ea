import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { linksApi } from '../../api/endpoints.ts';
import type { Link, LinkList } from '../../api/types.ts';
import { pageCount } from '../../format/pagination.ts';
import { useLiveClicks } from '../../live/useLiveClicks.ts';
import { useCreateLink } from '../../ui/create-link.ts';
import { GridIcon, KeyIcon, LinkIcon, ListIcon, PlusIcon, RefreshIcon, SearchIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toasts.ts';
import { BulkBar } from './BulkBar.tsx';
import { copyWithToast } from './browser.ts';
import { BulkDeleteModal, DeleteLinkModal } from './DeleteLinkModal.tsx';
import { EditLinkModal } from './EditLinkModal.tsx';
import { ExportButton } from './ExportButton.tsx';
import { Filters } from './Filters.tsx';
import type { LinkHandlers } from './LinkActions.tsx';
import { LinkCard, LinkRow } from './LinkRow.tsx';
import { INITIAL_QUERY, SEARCH_PAUSE_MS, hasFilters, listParams, resultLine, type LinkQuery, type Tab } from './list-query.ts';
import { Pagination } from './Pagination.tsx';
import { QrModal } from './QrModal.tsx';

type View = 'list' | 'cards';
const VIEW_KEY = 'dashboard-view';
const storedView = (): View => (localStorage.getItem(VIEW_KEY) === 'cards' ? 'cards' : 'list');

interface LinksPanelProps {
  /** Changes on Refresh and after a create elsewhere: back to page 1 and reload. */
  reloadKey: number;
  exportAllowed: boolean;
  /** Every loaded page, so the page can follow click totals. */
  onLoaded(links: readonly Link[]): void;
  /** A link was edited or deleted: the tiles and usage are stale. */
  onChanged(): void;
}

type Loaded = { key: string; list: LinkList } | { key: string; error: true };

/** The Your URLs panel (docs/web-app.md#dashboard): tabs, filters, list or cards, pagination, per-link and bulk actions. */
export function LinksPanel({ reloadKey, exportAllowed, onLoaded, onChanged }: LinksPanelProps) {
  const id = useId();
  const openCreate = useCreateLink((s) => s.setOpen);
  const [query, setQuery] = useState<LinkQuery>(INITIAL_QUERY);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<View>(storedView);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [localReload, setLocalReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pulses, setPulses] = useState<Record<number, number>>({});
  const [qrLink, setQrLink] = useState<Link | null>(null);
  const [editLink, setEditLink] = useState<Link | null>(null);
  const [deleteLink, setDeleteLink] = useState<Link | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  // Refresh (or a create elsewhere) goes back to page 1; the key below makes it reload even there.
  const [seenReload, setSeenReload] = useState(reloadKey);
  if (seenReload !== reloadKey) {
    setSeenReload(reloadKey);
    setQuery((q) => ({ ...q, page: 1 }));
  }

  // The search waits for a 500 ms pause in typing, then starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.search === searchText ? q : { ...q, search: searchText, page: 1 })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const params = listParams(query);
  const requestKey = `${JSON.stringify(params)}|${reloadKey}|${localReload}`;

  useEffect(() => {
    let current = true;
    linksApi.list(params).then(
      (list) => {
        if (!current) return;
        // A delete can empty the last page: step back to the new last page.
        if (list.urls.length === 0 && list.total > 0 && query.page > 1) {
          setQuery((q) => ({ ...q, page: pageCount(list.total) }));
          return;
        }
        const ids = new Set(list.urls.map((link) => link.id));
        setSelected((previous) => new Set([...previous].filter((linkId) => ids.has(linkId))));
        setLoaded({ key: requestKey, list });
        onLoaded(list.urls);
      },
      (error: unknown) => {
        console.error('Could not load the URLs', error);
        if (current) setLoaded({ key: requestKey, error: true });
      },
    );
    return () => {
      current = false;
    };
    // requestKey stands for params, reloadKey and localReload together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  // Live: a click on a shown link updates its count in place, with a short highlight.
  useLiveClicks((click) => {
    setLoaded((state) => {
      if (!state || !('list' in state) || !state.list.urls.some((link) => link.id === click.url_id)) return state;
      const urls = state.list.urls.map((link) => (link.id === click.url_id ? { ...link, total_clicks: click.total_clicks } : link));
      return { ...state, list: { ...state.list, urls } };
    });
    setPulses((p) => ({ ...p, [click.url_id]: (p[click.url_id] ?? 0) + 1 }));
  });

  const change = (changes: Partial<LinkQuery>) => setQuery((q) => ({ ...q, ...changes, page: 1 }));
  const setTab = (tab: Tab) => change({ tab });
  const reload = () => setLocalReload((n) => n + 1);
  const clearFilters = () => {
    setSearchText('');
    setQuery((q) => ({ ...INITIAL_QUERY, tab: q.tab, sort: q.sort }));
  };
  const chooseView = (next: View) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  };

  const list = loaded && 'list' in loaded ? loaded.list : null;
  const failed = loaded !== null && 'error' in loaded && loaded.key === requestKey;
  const loading = loaded?.key !== requestKey;
  const links = list?.urls ?? [];
  const selectedLinks = links.filter((link) => selected.has(link.id));
  const allSelected = links.length > 0 && selectedLinks.length === links.length;

  const select = (link: Link, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(link.id);
      else next.delete(link.id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(links.map((link) => link.id)) : new Set());

  const handlers: LinkHandlers = {
    onCopy: (link) => void copyWithToast(link.short_url),
    onQr: setQrLink,
    onEdit: setEditLink,
    onDelete: setDeleteLink,
  };

  const remove = async (link: Link) => {
    try {
      await linksApi.remove(link.id);
      toast('URL Deleted', 'success', `${link.title || 'Untitled URL'} was deleted.`);
      reload();
      onChanged();
    } catch (error) {
      console.error('Delete failed', error);
      toast('Delete Failed', 'error', 'The URL could not be deleted. Please try again.');
    }
  };

  const removeSelected = async () => {
    const ids = selectedLinks.map((link) => link.id);
    try {
      const result = await linksApi.bulkDelete(ids);
      toast('URLs Deleted', 'success', result.message);
      setSelected(new Set());
      reload();
      onChanged();
    } catch (error) {
      console.error('Bulk delete failed', error);
      toast('Delete Failed', 'error', 'The selected URLs could not be deleted. Please try again.');
    }
  };

  const copySelected = () => {
    const text = selectedLinks.map((link) => link.short_url).join('\n');
    void copyWithToast(text, `${selectedLinks.length} short ${selectedLinks.length === 1 ? 'URL' : 'URLs'} copied, one per line.`);
  };

  const tabCount = (tab: Tab) => (list ? list[tab] : null);
  const tabs: { tab: Tab; label: string }[] = [
    { tab: 'manual', label: 'Manual URLs' },
    { tab: 'api', label: 'API URLs' },
  ];

  return (
    <section id="your-urls" className="card links-panel" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <header className="links-panel__head">
        <div>
          <h2 id={`${id}-title`} className="card__title">
            Your URLs
          </h2>
          <p className="card__subtitle">Search, filter and manage every short link you own.</p>
        </div>
        <div className="links-panel__tools">
          <div className="view-toggle" role="group" aria-label="Display">
            <button type="button" className="view-toggle__button" aria-pressed={view === 'list'} onClick={() => chooseView('list')}>
              <ListIcon />
              <span>List</span>
            </button>
            <button type="button" className="view-toggle__button" aria-pressed={view === 'cards'} onClick={() => chooseView('cards')}>
              <GridIcon />
              <span>Cards</span>
            </button>
          </div>
          <ExportButton allowed={exportAllowed} query={query} total={list?.total ?? 0} />
        </div>
      </header>

      <div className="tabs" role="tablist" aria-label="Where the URLs were created">
        {tabs.map(({ tab, label }, index) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            className="tab"
            aria-selected={query.tab === tab}
            aria-controls={`${id}-tabpanel`}
            tabIndex={query.tab === tab ? 0 : -1}
            onClick={() => setTab(tab)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
              setTab(next.tab);
              document.getElementById(`${id}-tab-${next.tab}`)?.focus();
            }}
          >
            {label} ({tabCount(tab) ?? '…'})
          </button>
        ))}
      </div>

      <div id={`${id}-tabpanel`} role="tabpanel" aria-labelledby={`${id}-tab-${query.tab}`} className="links-panel__body">
        <Filters query={query} searchText={searchText} onSearchText={setSearchText} onChange={change} />

        <div className="results-bar">
          <label className="checkbox results-bar__all">
            <input
              type="checkbox"
              className="dash-checkbox"
              checked={allSelected}
              ref={(element) => {
                if (element) element.indeterminate = selectedLinks.length > 0 && !allSelected;
              }}
              onChange={(event) => selectAll(event.target.checked)}
              disabled={links.length === 0}
            />
            Select all on this page
          </label>
          <p className="results-bar__count" aria-live="polite" data-testid="result-count">
            {list ? resultLine(list.total, query.page, links.length) : 'Loading your URLs…'}
          </p>
        </div>

        {selectedLinks.length > 0 ? (
          <BulkBar count={selectedLinks.length} onCopyAll={copySelected} onDeleteAll={() => setBulkOpen(true)} onClear={() => setSelected(new Set())} />
        ) : null}

        <div className={`links-panel__results${loading && list ? ' links-panel__results--busy' : ''}`} aria-busy={loading}>
          {failed ? (
            <div className="empty-state" role="alert">
              <p className="empty-state__title">Your URLs could not be loaded</p>
              <p>Check your connection and try again.</p>
              <button type="button" className="button button--secondary" onClick={reload}>
                <RefreshIcon />
                Try again
              </button>
            </div>
          ) : !list ? (
            <ListSkeleton />
          ) : links.length === 0 ? (
            <EmptyState query={query} list={list} onCreate={() => openCreate(true)} onClear={clearFilters} />
          ) : view === 'list' ? (
            <div className="links-table-wrap">
              <table className="table links-table">
                <caption className="visually-hidden">Your URLs, page {query.page}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Selected</span>
                    </th>
                    <th scope="col">Link</th>
                    <th scope="col" className="num">
                      Clicks
                    </th>
                    <th scope="col">Created</th>
                    <th scope="col">Source</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {links.map((link) => (
                    <LinkRow key={link.id} link={link} selected={selected.has(link.id)} onSelect={select} handlers={handlers} pulse={pulses[link.id]} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="link-cards" aria-label={`Your URLs, page ${query.page}`}>
              {links.map((link) => (
                <LinkCard key={link.id} link={link} selected={selected.has(link.id)} onSelect={select} handlers={handlers} pulse={pulses[link.id]} />
              ))}
            </ul>
          )}
        </div>

        {list ? <Pagination page={query.page} total={list.total} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
      </div>

      <QrModal link={qrLink} onClose={() => setQrLink(null)} />
      <EditLinkModal
        link={editLink}
        onClose={() => setEditLink(null)}
        onSaved={(saved) => {
          setEditLink(null);
          if (saved !== editLink) {
            reload();
            onChanged();
          }
        }}
      />
      <DeleteLinkModal link={deleteLink} onConfirm={remove} onClose={() => setDeleteLink(null)} />
      <BulkDeleteModal count={selectedLinks.length} open={bulkOpen} onConfirm={removeSelected} onClose={() => setBulkOpen(false)} />
    </section>
  );
}

function EmptyState({ query, list, onCreate, onClear }: { query: LinkQuery; list: LinkList; onCreate(): void; onClear(): void }) {
  if (hasFilters(query)) {
    return (
      <div className="empty-state" data-testid="empty-filtered">
        <span className="empty-state__icon" aria-hidden="true">
          <SearchIcon />
        </span>
        <p className="empty-state__title">No URLs match your filters</p>
        <p>Try another search or widen the filters.</p>
        <button type="button" className="button button--secondary" onClick={onClear}>
          Clear filters
        </button>
      </div>
    );
  }
  if (query.tab === 'api') {
    return (
      <div className="empty-state" data-testid="empty-api">
        <span className="empty-state__icon" aria-hidden="true">
          <KeyIcon />
        </span>
        <p className="empty-state__title">No API URLs yet</p>
        <p>Links you create with your API key appear here.</p>
        <RouterLink className="button button--secondary" to="/api-keys">
          Get your API key
        </RouterLink>
      </div>
    );
  }
  const first = list.api === 0;
  return (
    <div className="empty-state" data-testid="empty-none">
      <span className="empty-state__icon" aria-hidden="true">
        <LinkIcon />
      </span>
      <p className="empty-state__title">{first ? 'No links yet' : 'No manual URLs yet'}</p>
      <p>{first ? 'Paste a long URL above, or create your first short link here. Its clicks are counted live.' : 'Links you create on the dashboard appear here.'}</p>
      <button type="button" className="button button--primary" onClick={onCreate}>
        <PlusIcon />
        {first ? 'Create your first link' : 'Create a link'}
      </button>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="list-skeleton" aria-hidden="true">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="list-skeleton__row">
          <span className="skeleton list-skeleton__box" />
          <span className="list-skeleton__lines">
            <span className="skeleton list-skeleton__line" />
            <span className="skeleton list-skeleton__line list-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
