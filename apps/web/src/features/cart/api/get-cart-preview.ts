import type { CartPreview } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/cart/lines/preview` (issue 33): a read that writes nothing: each line's product, the
 * caller's price per piece for its quantity, and the problem the add would refuse it for.
 */
export function getCartPreview(lines: readonly { sku: string; quantity: number | null }[]): Promise<CartPreview> {
  return api<CartPreview>('/api/cart/lines/preview', { method: 'POST', body: { lines } });
}
