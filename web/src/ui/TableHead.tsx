import type { ReactNode } from 'react';

/** A column heading: its text, or the text with a class (`num` right-aligns) or read only by screen readers (a column of buttons). */
export type TableColumn = string | { label: string; className?: string; hidden?: boolean } | { key: string; label: ReactNode; className?: string };

/** A table's `<thead>`: one row of `<th scope="col">`, in the order given. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          if (typeof column === 'string') {
            return (
              <th key={column} scope="col">
                {column}
              </th>
            );
          }
          const hidden = 'hidden' in column && column.hidden;
          return (
            <th key={'key' in column ? column.key : column.label} scope="col" className={column.className}>
              {hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
