import { queryOptions } from '@tanstack/react-query';
import type { ListSummary, RequisitionList } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { LISTS_ROOT } from '@/lib/query-roots';

const ALL = LISTS_ROOT;

export interface ListIndexParams {
  scope?: 'all' | 'mine' | 'shared';
  page?: number;
  limit?: number;
}

/** Issue 33: requisition lists. Every list write answers the whole list (put into `detail`) and invalidates `all()`. */
export const listQueries = {
  all: () => ALL,
  index: (params: ListIndexParams) => pageQueryOptions([...ALL, 'index', params] as const, () => apiPage<ListSummary>('/api/lists', { ...params })),
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'detail', id] as const, queryFn: () => api<RequisitionList>(`/api/lists/${id}`) }),
};
