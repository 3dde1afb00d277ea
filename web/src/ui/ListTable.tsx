import type { ReactNode } from 'react';
import { TableHead, type TableColumn } from './TableHead.tsx';

interface ListTableProps {
  /** The table's classes (`table` and the feature's own). */
  className: string;
  /** The scrolling wrapper's classes. */
  wrapClassName?: string;
  /** Read by screen readers only. */
  caption?: ReactNode;
  columns: readonly TableColumn[];
  /** A row across every column that says the list is empty, with its class; null while there are rows (or nothing loaded yet). */
  empty?: { text: ReactNode; className: string } | null;
  testId?: string;
  /** The rows. */
  children: ReactNode;
}

/** A list as a table in its scrolling wrapper: hidden caption, column headings, the rows, and the row that says it is empty. */
export function ListTable({ className, wrapClassName = 'table-wrap', caption, columns, empty, testId, children }: ListTableProps) {
  return (
    <div className={wrapClassName}>
      <table className={className} data-testid={testId}>
        {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>
          {children}
          {empty ? (
            <tr>
              <td colSpan={columns.length} className={empty.className}>
                {empty.text}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
