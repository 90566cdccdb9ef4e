import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { createGroupCommit } from '../../db/group-commit.js';
import type { OrdersTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type OrderRow = Selectable<OrdersTable>;

/** The columns an `Order` answer shows (`toOrder`). Lists read only these: building row objects
 * in the SQLite driver costs per column, and a page of whole rows took twice as long. */
export const ORDER_VIEW_COLUMNS = [
  'id',
  'product_id',
  'product_name',
  'product_img',
  'unit_price_cents',
  'quantity',
  'total_cents',
  'paid_at',
  'status',
  'user_email',
  'created_at',
  'payment_reference',
  'card_brand',
  'card_last4',
  'invoice_number',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderView = Pick<OrderRow, (typeof ORDER_VIEW_COLUMNS)[number]>;

export interface OrderListFilter {
  userId?: string | undefined;
  userEmail?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  offset: number;
  limit: number;
}

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Thrown inside the purchase transaction when the conditional stock update takes no row. */
export class StockTakenError extends Error {
  constructor(readonly available: number) {
    super('insufficient stock');
  }
}

export function createOrdersRepository(db: Kysely<DB>, engine: Engine) {
  // Orders that arrive together commit together on SQLite (db/group-commit.ts, ADR 0007).
  const orderCommits = createGroupCommit(db, engine);

  function filtered(filter: Omit<OrderListFilter, 'offset' | 'limit'>) {
    let query = db.selectFrom('orders');
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.userEmail) query = query.where(sql<boolean>`lower(user_email) = ${filter.userEmail.toLowerCase()}`);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.q) {
      const pattern = likePattern(filter.q);
      query = query.where(
        sql<boolean>`(lower(user_email) like ${pattern} escape '\\' or lower(product_name) like ${pattern} escape '\\')`,
      );
    }
    return query;
  }

  return {
    findProduct(id: string) {
      return db.selectFrom('products').selectAll().where('id', '=', id).where('archived', '=', 0).executeTakeFirst();
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    list(filter: OrderListFilter): Promise<OrderView[]> {
      return filtered(filter)
        .select(ORDER_VIEW_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
    },

    async count(filter: Omit<OrderListFilter, 'offset' | 'limit'>): Promise<number> {
      const row = await filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * A customer's order count and version, both kept by triggers (migrations 20261123100000 and
     * 20261123200000): one row instead of their whole index range, and a version that changes
     * with every write to their orders, whoever makes it.
     */
    async customerOrderState(userId: string): Promise<{ orders: number; version: number }> {
      const kept = await db.selectFrom('customer_order_counts').select(['orders', 'version']).where('user_id', '=', userId).executeTakeFirst();
      return { orders: Number(kept?.orders ?? 0), version: Number(kept?.version ?? 0) };
    },

    /**
     * Takes the stock with a conditional update and inserts the order, in one transaction. The
     * `available_quantity >= q` guard makes the database the arbiter: concurrent orders (one process
     * or many sharing PostgreSQL) can never take more than there is. `alsoWrite` adds rows that
     * must commit with the order (its confirmation mail in the outbox). Resolves once committed.
     */
    async placeOrder(order: OrderRow, alsoWrite?: (trx: Transaction<DB>) => Promise<void>): Promise<OrderRow> {
      return orderCommits.run(async (trx) => {
        // The order and its mail first, the stock last: on PostgreSQL the product's row stays
        // locked from the stock update to the commit, and a popular product's buyers queue on
        // that lock, so nothing else runs while it is held. Without the stock all of it rolls back.
        await trx.insertInto('orders').values(order).execute();
        await alsoWrite?.(trx);
        const result = await trx
          .updateTable('products')
          .set({ available_quantity: sql`available_quantity - ${order.quantity}` })
          .where('id', '=', order.product_id)
          .where('available_quantity', '>=', order.quantity)
          .where('archived', '=', 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          const row = await trx
            .selectFrom('products')
            .select('available_quantity')
            .where('id', '=', order.product_id)
            .executeTakeFirst();
          throw new StockTakenError(Number(row?.available_quantity ?? 0));
        }
        return order;
      });
    },

    /** Moves an order from one status to another only if it is still in `from`; returns whether it did. Cancelling returns the stock in the same transaction. */
    async transition(id: string, from: string, to: string, changes: Partial<OrderRow>, returnStock?: { productId: string; quantity: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('orders')
          .set({ ...changes, status: to })
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (returnStock) {
          await trx
            .updateTable('products')
            .set({ available_quantity: sql`available_quantity + ${returnStock.quantity}` })
            .where('id', '=', returnStock.productId)
            .execute();
        }
        return true;
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
