import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { PageSpinner } from './page-spinner';
import { Pagination } from './pagination';

interface PagedListProps<T> {
  query: UseQueryResult<{ items: T[]; total: number }>;
  /** What is loading, for screen readers ('Loading orders…'). */
  loadingLabel: string;
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Accessible name of the page navigation. */
  pagesLabel: string;
  children: (items: T[]) => ReactNode;
}

/** The states every paginated list has: loading, error with retry, empty, the rows, and the pages. */
export function PagedList<T>({ query, loadingLabel, empty, page, pageSize, onPage, pagesLabel, children }: PagedListProps<T>) {
  return (
    <>
      {query.isPending ? (
        <PageSpinner label={loadingLabel} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        empty
      ) : (
        children(query.data.items)
      )}
      {query.data && <Pagination page={page} pageCount={Math.ceil(query.data.total / pageSize)} onPage={onPage} label={pagesLabel} />}
    </>
  );
}

/** A labelled search box (the label is for screen readers; the placeholder shows the hint). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = 'max-w-sm',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={`input input-bordered w-full ${className}`}>
      <span className="sr-only">{label}</span>
      <input type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
