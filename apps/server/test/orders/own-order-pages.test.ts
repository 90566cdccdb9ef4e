import { describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import type { OrdersRepository, OrderView } from '../../src/modules/orders/orders.repository.js';
import { createOwnOrderPages } from '../../src/modules/orders/own-order-pages.js';

/** The kept pages' own rules, on a stub repository: reuse while the version holds, bounded memory. */
function stubRepo() {
  const state = { orders: 3, version: 1, listCalls: 0 };
  const repo = {
    customerOrderState: async () => ({ orders: state.orders, version: state.version }),
    list: async ({ offset }: { offset: number }) => {
      state.listCalls++;
      return [{ id: `o${offset}-${state.version}` } as OrderView];
    },
  } as unknown as OrdersRepository;
  return { repo, state };
}
const toOrders = async (rows: readonly OrderView[]) => rows.map((row) => ({ _id: row.id }) as Order);

describe('own order pages', () => {
  it('reuses a page while the version holds and reads again once it changes', async () => {
    const { repo, state } = stubRepo();
    const pages = createOwnOrderPages(repo, toOrders);
    const first = await pages.read('u1', 1, 10);
    expect(first).toEqual({ items: [{ _id: 'o0-1' }], total: 3 });
    expect(await pages.read('u1', 1, 10)).toEqual(first);
    expect(state.listCalls).toBe(1);
    expect(Object.isFrozen(first.items)).toBe(true);
    state.version = 2;
    state.orders = 4;
    expect(await pages.read('u1', 1, 10)).toEqual({ items: [{ _id: 'o0-2' }], total: 4 });
    expect(state.listCalls).toBe(2);
    // Page and size are part of the key; another customer never sees these pages.
    await pages.read('u1', 2, 10);
    await pages.read('u2', 1, 10);
    expect(state.listCalls).toBe(4);
  });

  it('keeps at most maxCustomers customers and maxPages pages each', async () => {
    const { repo, state } = stubRepo();
    const pages = createOwnOrderPages(repo, toOrders, { maxCustomers: 2, maxPages: 2 });
    for (const page of [1, 2, 3]) await pages.read('u1', page, 10);
    await pages.read('u1', 1, 10); // evicted as the oldest page
    expect(state.listCalls).toBe(4);
    await pages.read('u2', 1, 10);
    await pages.read('u3', 1, 10); // evicts u1
    await pages.read('u1', 3, 10);
    expect(state.listCalls).toBe(7);
  });
});
