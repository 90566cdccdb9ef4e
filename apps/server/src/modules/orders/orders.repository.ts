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
  'order_number',
  'carrier',
  'tracking_number',
  'expires_at',
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

/** Thrown inside the purchase transaction when the account already has its cap of unpaid orders. */
export class PendingCapError extends Error {
  constructor(readonly max: number) {
    super('too many unpaid orders');
  }
}

/** The first key of PostgreSQL's two-key advisory locks taken per account while counting its unpaid orders. */
const PENDING_CAP_LOCK = 20261124;

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
      query = query.where(sql<boolean>`(lower(user_email) like ${pattern} escape '\\' or lower(product_name) like ${pattern} escape '\\')`);
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
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
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
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
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
    async placeOrder(
      order: Omit<OrderRow, 'order_number'>,
      options: { pendingMax?: number; alsoWrite?: (trx: Transaction<DB>, numbered: OrderRow) => Promise<void> } = {},
    ): Promise<OrderRow> {
      const { pendingMax = 0, alsoWrite } = options;
      return orderCommits.run(async (trx) => {
        if (pendingMax > 0) {
          // Counted inside the order's transaction so parallel orders cannot all pass: SQLite runs
          // the units one after the other (one writer); on PostgreSQL the account's advisory lock
          // queues its orders until each commits (other accounts never wait for it).
          if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${PENDING_CAP_LOCK}, hashtext(${order.user_id}))`.execute(trx);
          const row = await trx
            .selectFrom(trx.selectFrom('orders').select('id').where('user_id', '=', order.user_id).where('status', '=', 'pending').limit(pendingMax).as('p'))
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          if (Number(row.n) >= pendingMax) throw new PendingCapError(pendingMax);
        }
        // The order and its mail first, the stock last: on PostgreSQL the product's row stays
        // locked from the stock update to the commit, and a popular product's buyers queue on
        // that lock, so nothing else runs while it is held. Without the stock all of it rolls back.
        // The order number: PostgreSQL's sequence (the column default); SQLite's next after the
        // highest, read in this statement by the one writer (migration 20261124000000).
        const inserted = await trx
          .insertInto('orders')
          .values(engine === 'sqlite' ? { ...order, order_number: sql<number>`(select coalesce(max(order_number), 0) + 1 from orders)` } : order)
          .returning('order_number')
          .executeTakeFirstOrThrow();
        const numbered: OrderRow = { ...order, order_number: Number(inserted.order_number) };
        await alsoWrite?.(trx, numbered);
        const result = await trx
          .updateTable('products')
          .set({ available_quantity: sql`available_quantity - ${order.quantity}` })
          .where('id', '=', order.product_id)
          .where('available_quantity', '>=', order.quantity)
          .where('archived', '=', 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          const row = await trx.selectFrom('products').select('available_quantity').where('id', '=', order.product_id).executeTakeFirst();
          throw new StockTakenError(Number(row?.available_quantity ?? 0));
        }
        return numbered;
      });
    },

    /**
     * Expires up to `limit` pending orders whose deadline passed, returning their stock and running
     * `alsoWrite` (their mails) in the same transaction. Safe with several instances: each order
     * moves once (`status = 'pending'` guard), and on PostgreSQL an instance skips the rows
     * another one is expiring instead of waiting for them.
     */
    async expireDue(now: string, limit: number, alsoWrite?: (trx: Transaction<DB>, expired: OrderRow[]) => Promise<void>): Promise<OrderRow[]> {
      return db.transaction().execute(async (trx) => {
        let due = trx.selectFrom('orders').select('id').where('status', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit);
        if (engine === 'postgres') due = due.forUpdate().skipLocked();
        const expired = await trx
          .updateTable('orders')
          .set({ status: 'expired', updated_at: now })
          .where('id', 'in', due)
          .where('status', '=', 'pending')
          .returningAll()
          .execute();
        if (expired.length === 0) return [];
        const back = new Map<string, number>();
        for (const o of expired) back.set(o.product_id, (back.get(o.product_id) ?? 0) + o.quantity);
        // In id order, so two sweeps (or a sweep and a cancel) lock products in the same order.
        for (const [productId, quantity] of [...back].sort(([a], [b]) => (a < b ? -1 : 1))) {
          await trx
            .updateTable('products')
            .set({ available_quantity: sql`available_quantity + ${quantity}` })
            .where('id', '=', productId)
            .execute();
        }
        await alsoWrite?.(trx, expired);
        return expired;
      });
    },

    /** Moves an order from one status to another only if it is still in `from`; returns whether it did. Cancelling returns the stock in the same transaction. */
    async transition(
      id: string,
      from: string,
      to: string,
      changes: Partial<OrderRow>,
      returnStock?: { productId: string; quantity: number },
    ): Promise<boolean> {
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
