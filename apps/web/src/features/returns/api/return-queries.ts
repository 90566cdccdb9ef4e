import { queryOptions } from '@tanstack/react-query';
import type { Return, ReturnStatus } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { RETURNS_ROOT } from '@/lib/query-roots';

export interface ReturnListParams {
  status?: ReturnStatus | undefined;
  page?: number;
  limit?: number;
}

/** `GET /api/returns`: one page (the caller's own, their company's, or every one for shop admins). */
export function getReturns(params: ReturnListParams) {
  return apiPage<Return>('/api/returns', { ...params });
}

/** `GET /api/returns?order=…`: one order's returns (at most a page of 100: an order has few). */
export function getOrderReturns(orderId: string): Promise<Return[]> {
  return api<Return[]>(`/api/returns?order=${encodeURIComponent(orderId)}&limit=100`);
}

/** A credit note's PDF, downloaded by a plain `<a href download>` with the session cookie. */
export const creditNoteUrl = (id: string) => `/api/credit-notes/${encodeURIComponent(id)}/pdf`;

const ALL = RETURNS_ROOT;

/** Returns in the cache (issue 31, ADR 0010): every write refreshes `all()` (and the orders, whose lines it changes). */
export const returnQueries = {
  all: () => ALL,
  list: (params: ReturnListParams) => pageQueryOptions([...ALL, 'list', params] as const, () => getReturns(params)),
  ofOrder: (orderId: string) => queryOptions({ queryKey: [...ALL, 'order', orderId] as const, queryFn: () => getOrderReturns(orderId) }),
};
