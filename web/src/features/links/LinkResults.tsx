import { Link as RouterLink } from 'react-router';
import type { Link, LinkList } from '../../api/types.ts';
import { KeyIcon, LinkIcon, PlusIcon, RefreshIcon, SearchIcon } from '../../ui/icons.tsx';
import type { LinkHandlers } from './LinkActions.tsx';
import { LinkCard, LinkRow } from './LinkRow.tsx';
import { hasFilters, type LinkQuery } from './list-query.ts';
import type { ListFailure } from './useLinkList.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

const LINK_COLUMNS: readonly TableColumn[] = [
  { label: 'Selected', hidden: true },
  'Link',
  { label: 'Clicks', className: 'num' },
  'Created',
  'Source',
  'Status',
  { label: 'Actions', hidden: true },
];

export type View = 'list' | 'cards';

interface LinkResultsProps {
  query: LinkQuery;
  list: LinkList | null;
  failure: ListFailure | null;
  view: View;
  isSelected(link: Link): boolean;
  onSelect(link: Link, on: boolean): void;
  handlers: LinkHandlers;
  pulses: Readonly<Record<number, number>>;
  onRetry(): void;
  /** Absent for a role that may not create links: the empty list then offers no Create. */
  onCreate?(): void;
  onClearFilters(): void;
}

/** The shown page of links as rows or cards, or why there are none: loading, failed, empty. */
export function LinkResults({ query, list, failure, view, isSelected, onSelect, handlers, pulses, onRetry, onCreate, onClearFilters }: LinkResultsProps) {
  if (failure) {
    return (
      <div className="empty-state" role="alert" data-testid="list-failure">
        <p className="empty-state__title">{failure.title}</p>
        <p>{failure.message}</p>
        {failure.retry ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            <RefreshIcon />
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  if (!list) return <ListSkeleton />;
  const links = list.urls;
  if (links.length === 0) return <EmptyState query={query} list={list} onCreate={onCreate} onClear={onClearFilters} />;
  if (view === 'cards') {
    return (
      <ul className="grid grid--fill gap-3 bare-list link-cards" aria-label={`Your URLs, page ${query.page}`}>
        {links.map((link) => (
          <LinkCard key={link.id} link={link} selected={isSelected(link)} onSelect={onSelect} handlers={handlers} pulse={pulses[link.id]} />
        ))}
      </ul>
    );
  }
  return (
    <ListTable className="table links-table" wrapClassName="links-table-wrap" caption={`Your URLs, page ${query.page}`} columns={LINK_COLUMNS}>
      {links.map((link) => (
        <LinkRow key={link.id} link={link} selected={isSelected(link)} onSelect={onSelect} handlers={handlers} pulse={pulses[link.id]} />
      ))}
    </ListTable>
  );
}

function EmptyState({ query, list, onCreate, onClear }: { query: LinkQuery; list: LinkList; onCreate?(): void; onClear(): void }) {
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
      {onCreate ? (
        <>
          <p>
            {first
              ? 'Paste a long URL above, or create your first short link here. Its clicks are counted live.'
              : 'Links you create on the dashboard appear here.'}
          </p>
          <button type="button" className="button button--primary" onClick={onCreate}>
            <PlusIcon />
            {first ? 'Create your first link' : 'Create a link'}
          </button>
        </>
      ) : (
        <p>Links the workspace’s members create appear here, with their clicks counted live.</p>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="stack gap-3 list-skeleton" aria-hidden="true">
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
