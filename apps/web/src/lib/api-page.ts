import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { apiRequest, queryString } from './api-client';

/** One page of a list and how many items the whole list has. */
export interface Page<T> {
  items: T[];
  total: number;
}

type QueryParams = Parameters<typeof queryString>[0];

/**
 * A paged `GET`: list bodies stay the spec's plain arrays, the total rides in `X-Total-Count`.
 * An answer without the header (an older server) counts what it sent.
 */
export async function apiPage<T>(path: string, params: QueryParams = {}): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>(`${path}${queryString(params)}`);
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? NaN);
  return { items: data, total: Number.isNaN(total) ? data.length : total };
}

/** A paged list's query: while the next page loads, the current one stays on screen. */
export function pageQueryOptions<T, K extends QueryKey>(queryKey: K, queryFn: () => Promise<Page<T>>) {
  return queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });
}
