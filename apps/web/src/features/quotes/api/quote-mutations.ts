import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, Quote, QuoteAcceptInput, QuoteAnswer, QuoteRequest } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { quoteQueries } from './quote-queries';

const path = (id: string, action = '') => `/api/quotes/${encodeURIComponent(id)}${action}`;

/** `POST /api/quotes`: lines of up to a million pieces and a note; answers the `requested` quote. */
export function requestQuote(input: QuoteRequest): Promise<Quote> {
  return api<Quote>('/api/quotes', { method: 'POST', body: input });
}

/** `PATCH /api/quotes/:id` (admin): a unit price per line, the date they hold until, a message. */
export function answerQuote({ id, ...answer }: QuoteAnswer & { id: string }): Promise<Quote> {
  return api<Quote>(path(id), { method: 'PATCH', body: answer });
}

/**
 * `POST /api/quotes/:id/accept`: an order at the quoted prices with the checkout's ship-to, PO
 * number, note and payment method (issue 29), answered as `{ quote, order }`; the caller gets the
 * order (its payment page is next). 409 names the lines short of stock.
 */
export async function acceptQuote({ id, ...details }: QuoteAcceptInput & { id: string }): Promise<Order> {
  return (await api<{ quote: Quote; order: Order }>(path(id, '/accept'), { method: 'POST', body: details })).order;
}

export function declineQuote(id: string): Promise<Quote> {
  return api<Quote>(path(id, '/decline'), { method: 'POST', body: {} });
}

export function withdrawQuote(id: string): Promise<Quote> {
  return api<Quote>(path(id, '/withdraw'), { method: 'POST', body: {} });
}

/** A write that changes quotes only: the lists and the quote page refresh. */
function useQuoteMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: quoteQueries.all() }) });
}

export const useRequestQuote = () => useQuoteMutation(requestQuote);
export const useAnswerQuote = () => useQuoteMutation(answerQuote);
export const useDeclineQuote = () => useQuoteMutation(declineQuote);
export const useWithdrawQuote = () => useQuoteMutation(withdrawQuote);

export function useAcceptQuote() {
  const qc = useQueryClient();
  const refresh = (...roots: (readonly string[])[]) => Promise.all(roots.map((queryKey) => qc.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: acceptQuote,
    // The quote is accepted, a new order exists, its pieces left the stock, the ship-to is
    // remembered on the profile and an order on account uses the company's credit (as checkout).
    onSuccess: () => refresh(quoteQueries.all(), orderQueries.all(), productQueries.all(), profileQueries.all(), companyQueries.all()),
    // 409: short stock (nothing taken), the quote moved meanwhile (expired, withdrawn), or the
    // company's terms or credit changed: reload them.
    onError: (err) =>
      err instanceof ApiClientError && err.status === 409 ? refresh(quoteQueries.all(), productQueries.all(), companyQueries.mine().queryKey) : undefined,
  });
}
