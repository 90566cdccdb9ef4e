import { queryOptions } from '@tanstack/react-query';
import type { Quote, QuoteStatus } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { QUOTES_ROOT } from '@/lib/query-roots';

export interface QuoteListParams {
  /** Only quotes in this status; every status when absent. */
  status?: QuoteStatus | undefined;
  /** Only the caller's own quotes (an admin's My Quotes; a buyer only ever sees their own). */
  mine?: boolean | undefined;
  page: number;
  limit: number;
}

/** `GET /api/quotes`: the buyer's own quotes (every quote for an admin), newest first, `X-Total-Count`. */
export function getQuotes({ status, mine, page, limit }: QuoteListParams) {
  return apiPage<Quote>('/api/quotes', { status, mine: mine ? 'true' : undefined, page, limit });
}

/** `GET /api/quotes/:id`: one quote, its status as of now (an answered quote past its date reads expired). */
export function getQuote(id: string): Promise<Quote> {
  return api<Quote>(`/api/quotes/${encodeURIComponent(id)}`);
}

/** `GET /api/quotes/:id/pdf`, the quote document: a plain download link (the session cookie goes with it). */
export function quotePdfUrl(id: string): string {
  return `/api/quotes/${encodeURIComponent(id)}/pdf`;
}

/** `/quotes/:id/checkout` (issue 29): where an answered quote is accepted with the checkout's details. */
export function quoteCheckoutPath(id: string): string {
  return `/quotes/${encodeURIComponent(id)}/checkout`;
}

const ALL = QUOTES_ROOT;

/**
 * Quotes in the cache (ADR 0010): every key starts with `all()`, so a request, an answer or a move
 * refreshes the buyer's list, the admin's list and the quote page in one invalidation. Not kept
 * on sign-out (the default for a domain).
 */
export const quoteQueries = {
  all: () => ALL,
  list: (params: QuoteListParams) => pageQueryOptions([...ALL, 'list', params] as const, () => getQuotes(params)),
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'detail', id] as const, queryFn: () => getQuote(id) }),
};
