import type { Units, UnitOfWork } from '../db/unit-of-work.js';
import { nowIso } from '../lib/ids.js';
import type { Allocation, OrderBackorderSteps } from '../modules/orders/order-backorders.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface AllocateBackordersDeps {
  orders: Pick<OrderBackorderSteps, 'waitingIn' | 'allocateIn'>;
  products: Pick<ProductsService, 'lockIn' | 'queueIn' | 'fillIn'>;
}

/** Allocates inside a unit the caller opened (a stock take, a cancellation, a return's receipt). */
export type AllocateBackordersIn = (uow: UnitOfWork, productIds: readonly string[]) => Promise<Allocation[]>;

/**
 * Stock arriving for backorders (issue 31): in the unit that raised the stock, each product's
 * sellable pieces go to the lines waiting for it, first come first served (their place in the
 * product's queue, taken at placement under the product's lock), never more than a line waits for
 * nor more than there is; what is left stays on sale. The products are locked first (ADR 0032's
 * order), so no order can take stock ahead of the queue meanwhile; the buyers are mailed.
 */
export function createAllocateBackorders({ orders, products }: AllocateBackordersDeps): AllocateBackordersIn {
  return async function allocateIn(uow, productIds) {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return [];
    await products.lockIn(uow, ids);
    const queue = await products.queueIn(uow, ids);
    const candidates = ids.filter((id) => (queue.get(id)?.available ?? 0) > 0 && (queue.get(id)?.waiting ?? 0) > 0);
    if (candidates.length === 0) return [];
    const waiting = await orders.waitingIn(uow, candidates);
    const allocations: Allocation[] = [];
    for (const productId of candidates) {
      let left = queue.get(productId)!.available;
      for (const line of waiting.filter((w) => w.productId === productId)) {
        const take = Math.min(line.backordered, left);
        if (take > 0) allocations.push({ orderId: line.orderId, lineNo: line.lineNo, pieces: take });
        left -= take;
      }
    }
    const held = await orders.allocateIn(uow, allocations, nowIso());
    // What each product sold to its queue, and what still waits (the lines' own figures: the queue's count heals itself).
    const fills = candidates.map((productId) => {
      const pieces = held
        .filter((a) => waiting.some((w) => w.productId === productId && w.orderId === a.orderId && w.lineNo === a.lineNo))
        .reduce((n, a) => n + a.pieces, 0);
      const total = waiting.filter((w) => w.productId === productId).reduce((n, w) => n + w.backordered, 0);
      return { productId, pieces, waiting: total - pieces };
    });
    await products.fillIn(uow, fills);
    return held;
  };
}

/** The same in a unit of its own, right after a change that raised stock outside any unit (the product form, CSV, a delta). */
export function createAllocateBackordersNow(units: Units, allocateIn: AllocateBackordersIn) {
  return (productIds: readonly string[]) => units.run((uow) => allocateIn(uow, productIds));
}
