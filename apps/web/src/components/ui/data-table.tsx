import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's cells (the actions column wraps its buttons). */
  className?: string;
}

/** The admin lists' table: column headers for screen readers, one row per item, scrolls sideways on a phone. */
export function DataTable<T>({ columns, rows, rowKey }: { columns: readonly Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
