import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@/lib/api-page';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { Pagination } from './pagination';

interface PagedListProps<T> {
  query: UseQueryResult<Page<T>>;
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
        <LoadFailure error={query.error} onRetry={query.refetch} />
      ) : query.data.items.length === 0 ? (
        empty
      ) : (
        children(query.data.items)
      )}
      {query.data && <Pagination page={page} pageCount={Math.ceil(query.data.total / pageSize)} onPage={onPage} label={pagesLabel} />}
    </>
  );
}
