import type { ReactNode } from 'react';
import { ListTable } from '../../../ui/ListTable.tsx';
import type { PreviewRow, ResultRow } from './bulk-rows.ts';

/** A long table scrolls inside the dialog; the region takes focus, so a keyboard can scroll it too. */
function ScrollingRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bulk-create__table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/** Every row of the file as it will be sent; a row that will fail says why. Cells are text, never markup. */
export function BulkPreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  return (
    <ScrollingRegion label="Rows to create">
      <ListTable
        className="table table--stacked bulk-create__table"
        wrapClassName="bulk-create__table-inner"
        caption="Rows to create"
        columns={['Row', 'Destination URL', 'Title', 'Short code', 'Tags', 'Check']}
        testId="bulk-preview"
      >
        {rows.map((row) => (
          <tr key={row.row} className={row.problem ? 'bulk-create__row--failing' : undefined}>
            <td data-label="Row">{row.row}</td>
            <td data-label="Destination URL" className="bulk-create__cell">
              {text(row.item['original_url'])}
            </td>
            <td data-label="Title" className="bulk-create__cell">
              {text(row.item['title'])}
            </td>
            <td data-label="Short code">{text(row.item['short_code'])}</td>
            <td data-label="Tags" className="bulk-create__cell">
              {text(row.item['tags'])}
            </td>
            <td data-label="Check" className="bulk-create__check">
              {row.problem ? <span className="bulk-create__problem">Will fail: {row.problem}</span> : <span className="badge badge--success">Ready</span>}
            </td>
          </tr>
        ))}
      </ListTable>
    </ScrollingRegion>
  );
}

/** Each row's outcome: its short URL, or why it was not created. */
export function BulkResultTable({ rows }: { rows: readonly ResultRow[] }) {
  return (
    <ScrollingRegion label="Result of each row">
      <ListTable
        className="table table--stacked bulk-create__table"
        wrapClassName="bulk-create__table-inner"
        caption="Result"
        columns={['Row', 'Status', 'Short URL or error', 'Destination URL']}
        testId="bulk-result"
      >
        {rows.map((row) => (
          <tr key={row.row}>
            <td data-label="Row">{row.row}</td>
            <td data-label="Status">
              {row.created ? <span className="badge badge--success">Created</span> : <span className="badge badge--danger">Failed</span>}
            </td>
            <td data-label="Short URL or error" className="bulk-create__cell">
              {row.created ? row.shortUrl : <span className="bulk-create__problem">{row.error}</span>}
            </td>
            <td data-label="Destination URL" className="bulk-create__cell">
              {row.destination}
            </td>
          </tr>
        ))}
      </ListTable>
    </ScrollingRegion>
  );
}
