import type { Cart } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import type { AddLine } from './api/add-cart-lines';
import type { LocalCartLine } from './api/cart-queries';

export interface MergeOutcome {
  cart: Cart | null;
  /** Lines the server refused (an archived product, a sum past its stock), with its message. */
  dropped: { sku: string; message: string }[];
}

/**
 * Puts a signed-out visitor's lines into the server cart (`POST /api/cart/lines` sums them with
 * what is there). The add is all or nothing, so when the server names bad lines (400 with
 * `lines[].index`) those are dropped and the rest is sent once more: a stale line from last week
 * must not cost the visitor the whole cart. Anything else (offline, 5xx) is thrown, and the local
 * cart is kept for the next try.
 */
export async function mergeLocalCart(lines: readonly LocalCartLine[], add: (lines: AddLine[]) => Promise<Cart>): Promise<MergeOutcome> {
  let pending = lines.map(({ sku, quantity }) => ({ sku, quantity }));
  const dropped: MergeOutcome['dropped'] = [];
  for (let attempt = 0; pending.length > 0; attempt++) {
    try {
      return { cart: await add(pending), dropped };
    } catch (err) {
      const named = err instanceof ApiClientError && err.status === 400 ? err.lines.filter((l) => l.index !== undefined) : [];
      if (attempt > 0 || named.length === 0) {
        if (err instanceof ApiClientError && err.status >= 400 && err.status < 500) {
          // Refused as a whole for a reason no line explains (a full cart): nothing more to try.
          return { cart: null, dropped: [...dropped, ...pending.map((l) => ({ sku: l.sku, message: err.message }))] };
        }
        throw err;
      }
      const bad = new Set(named.map((l) => l.index));
      dropped.push(...named.map((l) => ({ sku: l.sku, message: l.message })));
      pending = pending.filter((_, i) => !bad.has(i));
    }
  }
  return { cart: null, dropped };
}
