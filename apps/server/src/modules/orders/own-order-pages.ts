import type { Order } from '@bulkparts/shared';
import type { OrdersRepository, OrderView } from './orders.repository.js';

interface KeptPages {
  version: number;
  /** By `page:limit`. Shared between answers, so never mutated once stored. */
  pages: Map<string, readonly Order[]>;
}

/**
 * My Orders pages kept in memory per customer, valid while the customer's order version is
 * unchanged. The version lives in the database beside the kept count and is bumped by triggers on
 * every write to the customer's orders, so the one row each page read makes anyway (for its
 * `X-Total-Count`) also proves a kept page exact: no TTL, no staleness, whichever instance or
 * script wrote the order (an order's lines are written with it and never change). A hit skips the page query and its lines query (about 40 µs of SQLite for 12 rows of 15
 * columns) and building the answers; see ADR 0007.
 *
 * Bounded: at most `maxCustomers` customers (the oldest first out) and `maxPages` pages each.
 */
export function createOwnOrderPages(
  repo: OrdersRepository,
  toOrders: (rows: readonly OrderView[]) => Promise<Order[]>,
  { maxCustomers = 1000, maxPages = 10 } = {},
) {
  const kept = new Map<string, KeptPages>();

  return {
    async read(userId: string, page: number, limit: number): Promise<{ items: readonly Order[]; total: number }> {
      const state = await repo.customerOrderState(userId);
      let mine = kept.get(userId);
      if (!mine || mine.version !== state.version) {
        // A newer version replaces the old pages; a request that read an older version while a
        // write landed only replaces them with its own, and the next read puts the newest back.
        mine = { version: state.version, pages: new Map() };
        kept.delete(userId);
        if (kept.size >= maxCustomers) kept.delete(kept.keys().next().value as string);
        kept.set(userId, mine);
      }
      const key = `${page}:${limit}`;
      let items = mine.pages.get(key);
      if (!items) {
        // Read after the version: the rows are at least as new as the version they are kept under.
        items = Object.freeze(await toOrders(await repo.list({ userId, offset: (page - 1) * limit, limit })));
        if (mine.pages.size >= maxPages) mine.pages.delete(mine.pages.keys().next().value as string);
        mine.pages.set(key, items);
      }
      return { items, total: state.orders };
    },
  };
}
