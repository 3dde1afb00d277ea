import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Link } from '../../api/types.ts';
import { GridIcon, ListIcon } from '../../ui/icons.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { BulkBar } from './BulkBar.tsx';
import { copyWithToast } from './browser.ts';
import { useCreateLink } from './create-link-dialog.ts';
import { ExportButton } from './ExportButton.tsx';
import { Filters } from './Filters.tsx';
import { useLinkDialogs } from './LinkDialogs.tsx';
import { LinkResults, type View } from './LinkResults.tsx';
import { resultLine, type Tab } from './list-query.ts';
import { useListView } from './list-view.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { useClickPulses } from './useClickPulses.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { useSubscription } from '../billing/index.ts';
import { dashboardCopy, exportUpsell } from './dashboard-copy.ts';
import { useLinkList } from './useLinkList.ts';
import { useSelection } from './useSelection.ts';

const VIEW_KEY = 'dashboard-view';
const storedView = (): View => (localStorage.getItem(VIEW_KEY) === 'cards' ? 'cards' : 'list');
const NO_LINKS: readonly Link[] = [];
const TABS: readonly { tab: Tab; label: string }[] = [
  { tab: 'manual', label: 'Manual URLs' },
  { tab: 'api', label: 'API URLs' },
];

/**
 * The Your URLs panel (docs/web-app.md#dashboard): tabs, filters, list or cards, pagination, per-link and bulk actions;
 * editing, deleting and creating only for a role that may change links (docs/web-app.md#roles-on-screen).
 */
export function LinksPanel({ exportAllowed, access }: { exportAllowed: boolean; access: WorkspaceAccess }) {
  const id = useId();
  const openCreate = useCreateLink((s) => s.setOpen);
  const { change, goToPage } = useListView.getState();
  const { query, searchText, setSearchText, list, loading, failure, rangeProblem, retry, clearFilters } = useLinkList();
  const links = list?.urls ?? NO_LINKS;
  const selection = useSelection(links);
  const { selectedLinks, allSelected } = selection;
  const { handlers: allHandlers, openBulkDelete, dialogs } = useLinkDialogs(selectedLinks, selection.clear);
  const writable = access.allows('links:write');
  // Sharing is the plan's (social_sharing); it changes nothing, so a read-only role shares too.
  const { onShare, ...changing } = allHandlers;
  const share = useSubscription().subscription?.features?.social_sharing === true ? { onShare } : {};
  const handlers = writable ? { ...changing, ...share } : { onCopy: allHandlers.onCopy, onQr: allHandlers.onQr, ...share };
  const copy = dashboardCopy(access);
  const pulses = useClickPulses();
  const [view, setView] = useState<View>(storedView);
  const results = useRef<HTMLDivElement>(null);

  // A page chosen in the pager replaces the rows above it: take the view (and focus) to the top of the new rows.
  const choosePage = (page: number) => {
    goToPage(page);
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  };

  const chooseView = (next: View) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  };
  const copySelected = () => {
    const text = selectedLinks.map((link) => link.short_url).join('\n');
    void copyWithToast(text, `${selectedLinks.length} short ${selectedLinks.length === 1 ? 'URL' : 'URLs'} copied, one per line.`);
  };

  const body = (
    <div className="stack links-panel__body">
      <Filters query={query} searchText={searchText} onSearchText={setSearchText} onChange={change} rangeProblem={rangeProblem} />

      <div className="results-bar">
        <label className="checkbox results-bar__all">
          <input
            type="checkbox"
            className="dash-checkbox"
            checked={allSelected}
            ref={(element) => {
              if (element) element.indeterminate = selectedLinks.length > 0 && !allSelected;
            }}
            onChange={(event) => selection.selectAll(event.target.checked)}
            disabled={links.length === 0}
          />
          Select all on this page
        </label>
        <p className="results-bar__count" aria-live="polite" data-testid="result-count">
          {list ? resultLine(list.total, query.page, links.length) : failure ? '' : 'Loading your URLs…'}
        </p>
      </div>

      {selectedLinks.length > 0 ? (
        <BulkBar count={selectedLinks.length} onCopyAll={copySelected} onDeleteAll={writable ? openBulkDelete : undefined} onClear={selection.clear} />
      ) : null}

      <div ref={results} tabIndex={-1} className={`links-panel__results${loading && list ? ' links-panel__results--busy' : ''}`} aria-busy={loading}>
        <LinkResults
          query={query}
          list={list}
          failure={failure}
          view={view}
          isSelected={selection.isSelected}
          onSelect={selection.select}
          handlers={handlers}
          pulses={pulses}
          onRetry={retry}
          onCreate={writable ? () => openCreate(true) : undefined}
          onClearFilters={clearFilters}
        />
      </div>

      {list ? <Pagination page={query.page} total={list.total} onPage={choosePage} /> : null}
    </div>
  );

  return (
    <section id="your-urls" className="card links-panel" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <header className="links-panel__head cluster cluster--between gap-3 cluster--top">
        <div>
          <h2 id={`${id}-title`} className="card__title">
            {copy.panelTitle}
          </h2>
          <p className="card__subtitle">{copy.panelSubtitle}</p>
        </div>
        <div className="cluster cluster--top links-panel__tools">
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
          <ExportButton allowed={exportAllowed} query={query} total={list?.total ?? 0} upsell={exportUpsell(access)} />
          {exportAllowed && (
            <RouterLink to="/import" className="button button--secondary button--sm" data-testid="import-link">
              Import
            </RouterLink>
          )}
        </div>
      </header>

      <Tabs
        label="Where the URLs were created"
        className="links-panel__tabs"
        selected={query.tab}
        onSelect={(tab) => change({ tab: tab as Tab })}
        tabs={TABS.map(({ tab, label }) => ({ id: tab, label: `${label} (${list ? list[tab] : '…'})`, content: body }))}
      />

      {dialogs}
    </section>
  );
}
