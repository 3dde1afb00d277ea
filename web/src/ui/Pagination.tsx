import './Pagination.css';
import { PAGE_SIZE, pageCount, pageWindow } from '../format/pagination.ts';

interface PaginationProps {
  page: number;
  total: number;
  onPage(page: number): void;
  /** Items a page (10 unless said). */
  pageSize?: number;
  /** What the pages are of, for screen readers. */
  label?: string;
}

/** Up to 5 page numbers around the current one, with previous and next (docs/links.md#listing-filtering-and-sorting). */
export function Pagination({ page, total, onPage, pageSize = PAGE_SIZE, label = 'Pages of your URLs' }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button button--secondary button--sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <ol className="pagination__pages">
        {pageWindow(page, pages).map((number) => (
          <li key={number}>
            <button
              type="button"
              className={`pagination__page${number === page ? ' pagination__page--current' : ''}`}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPage(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--secondary button--sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
