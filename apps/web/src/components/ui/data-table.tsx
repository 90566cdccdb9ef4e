import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's content in each cell (the actions column wraps its buttons). */
  className?: string;
  /** Issue 33: the column sorts the list by this key (the table's `sort`/`onSort`). */
  sortKey?: string;
}

export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

/**
 * The admin lists' table. Wide screens: a table with column headers. Under `sm` each row is a
 * card of "header: value" lines, so no column (the actions least of all) hides off to the side.
 * The explicit roles keep it a table for screen readers when the cards' CSS changes its display.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The list's order, shown on its column's header (`aria-sort`); a sortable header is a button that asks `onSort`. */
  sort?: TableSort;
  onSort?: (key: string) => void;
}) {
  return (
    <div className="sm:overflow-x-auto">
      <table role="table" className="table table-sm max-sm:block">
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row">
            {columns.map((c) => {
              const sorted = c.sortKey !== undefined && sort?.key === c.sortKey;
              return (
                <th
                  key={c.header}
                  scope="col"
                  role="columnheader"
                  aria-sort={c.sortKey === undefined ? undefined : sorted ? (sort?.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  {c.sortKey !== undefined && onSort ? (
                    <button type="button" className="inline-flex items-center gap-1 font-semibold hover:underline" onClick={() => onSort(c.sortKey!)}>
                      {c.header}
                      <span aria-hidden="true">{sorted ? (sort?.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block max-sm:space-y-3">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className="max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:p-2">
              {columns.map((c) => (
                <td
                  key={c.header}
                  role="cell"
                  data-label={c.header}
                  className="max-sm:grid max-sm:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:items-center max-sm:gap-2 max-sm:border-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:text-base-content/70 max-sm:before:content-[attr(data-label)]"
                >
                  <div className={c.className}>{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
