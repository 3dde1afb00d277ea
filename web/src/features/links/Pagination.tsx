import { pageCount, pageWindow } from '../../format/pagination.ts';

interface PaginationProps {
  page: number;
  total: number;
  onPage(page: number): void;
}

/** 10 links a page, up to 5 page numbers around the current one (docs/links.md#listing-filtering-and-sorting). */
export function Pagination({ page, total, onPage }: PaginationProps) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages of your URLs">
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
