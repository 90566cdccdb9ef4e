import type { Order } from '@bulkparts/shared';
import { linesByOrder, toOrder } from './order-view.js';
import type { OrderView, OrdersRepository } from './orders.repository.js';

/** Orders as the API answers them: rows with their lines, read for all of them in one query. */
export function createOrderReads(repo: Pick<OrdersRepository, 'linesOf'>) {
  async function withLines(rows: readonly OrderView[]): Promise<Order[]> {
    const lines = linesByOrder(await repo.linesOf(rows.map((r) => r.id)));
    return rows.map((r) => toOrder(r, lines.get(r.id) ?? []));
  }
  return { withLines, one: async (row: OrderView): Promise<Order> => (await withLines([row]))[0]! };
}
