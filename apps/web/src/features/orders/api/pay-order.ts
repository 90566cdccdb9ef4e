import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentResultSchema, type PaymentResult } from '@bulkparts/shared/payment';
import { api, ApiClientError } from '@/lib/api-client';
import { orderQueries } from './order-queries';

/** What the provider needs: the card fields for the test card gateway, nothing for Stripe. */
export type PaymentInput = { cardNumber: string; expiry: string; cvc: string } | Record<string, never>;

/**
 * `POST /api/purchase/:id/pay`. 200 is `paid` (test card) or `redirect` (Stripe Checkout);
 * a decline is a 402, bad card fields a 400 with `fields`, an order already paid a 409 — all
 * thrown as ApiClientError. The answer is parsed because the page acts on its `redirectUrl`.
 */
export async function payOrder({ id, input }: { id: string; input: PaymentInput }): Promise<PaymentResult> {
  return paymentResultSchema.parse(await api<unknown>(`/api/purchase/${encodeURIComponent(id)}/pay`, { method: 'POST', body: input }));
}

export function usePayOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // Awaited, so the page already shows the order as paid when the mutation resolves.
    onSuccess: () => qc.invalidateQueries({ queryKey: orderQueries.all() }),
    // 409: paid (or cancelled) meanwhile, e.g. in another tab; reloading shows what it is now.
    onError: (err) => (err instanceof ApiClientError && err.status === 409 ? qc.invalidateQueries({ queryKey: orderQueries.all() }) : undefined),
  });
}
