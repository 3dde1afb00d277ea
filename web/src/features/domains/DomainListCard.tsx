import { useId, type ReactNode } from 'react';
import { errorText } from '../../api/client.ts';
import type { QueryState } from '../../api/query.ts';
import { RefreshIcon } from '../../ui/icons.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

interface DomainListCardProps<Item> {
  title: string;
  list: QueryState<Item[]> & { refetch(): Promise<void> };
  /** How many placeholder rows show while the first answer is on its way. */
  placeholders: number;
  /** Said when the list cannot be read (and the server gives no reason). */
  loadFailed: string;
  empty: { icon: ReactNode; title: string; text: string };
  /** One row of the list. */
  children(item: Item): ReactNode;
}

/** A panel's list of custom domains or TRAI headers: placeholders, a failed read with Try again, an empty state, or the rows. */
export function DomainListCard<Item>({ title, list, placeholders, loadFailed, empty, children }: DomainListCardProps<Item>) {
  const id = useId();
  const { data, loading, error, refetch } = list;
  return (
    <TitledCard className="domains__list-card" titleId={`${id}-list-title`} title={title} aria-busy={loading}>
      {loading && !data ? (
        <div className="domains__loading" aria-hidden="true">
          {Array.from({ length: placeholders }, (_, index) => (
            <span key={index} className="skeleton" style={{ height: '4rem' }} />
          ))}
        </div>
      ) : error && !data ? (
        <div className="banner banner--error domains__load-error" role="alert">
          <p className="banner__body">{errorText(error, loadFailed)}</p>
          <button type="button" className="button button--secondary button--sm" onClick={() => void refetch()}>
            <RefreshIcon />
            Try again
          </button>
        </div>
      ) : !data?.length ? (
        <div className="empty-state domains__empty">
          <span className="empty-state__icon" aria-hidden="true">
            {empty.icon}
          </span>
          <p className="empty-state__title">{empty.title}</p>
          <p>{empty.text}</p>
        </div>
      ) : (
        <ul className="domains__rows">{data.map((item) => children(item))}</ul>
      )}
    </TitledCard>
  );
}
