import { parseOrderNumber } from '@bulkparts/shared';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { OrderLineRow, OrderRow } from './order-rows.js';
import { precompiled } from '../../db/precompiled.js';
import { anyColumnContains, idAmong } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';

export type { OrderLineRow, OrderRow } from './order-rows.js';

/** What a new order has not done yet: no payment, no invoice, no later status, no shipment. */
export const NEW_ORDER_BLANKS = {
  payment_provider: null,
  payment_reference: null,
  card_brand: null,
  card_last4: null,
  invoice_number: null,
  paid_at: null,
  shipped_at: null,
  delivered_at: null,
  cancelled_at: null,
  refunded_at: null,
  carrier: null,
  tracking_number: null,
  due_date: null,
  rejection_reason: null,
  decided_by: null,
  reminded_at: null,
  awaiting_since: null,
} satisfies Partial<OrderRow>;

/** The columns an `Order` answer shows (`toOrder`). Lists read only these: building row objects
 * in the SQLite driver costs per column, and a page of whole rows took twice as long. */
export const ORDER_VIEW_COLUMNS = [
  'id',
  'product_id',
  'product_name',
  'product_img',
  'unit_price_e4',
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
  'po_number',
  'shipping_address',
  'note',
  'line_count',
  'company_id',
  'payment_method',
  'due_date',
  'rejection_reason',
  'fulfilment',
  'credited_cents',
  'review_note',
  'subtotal_cents',
  'tax_cents',
  'tax_lines',
  'shipping_cents',
  'shipping_method',
  'delivery_from',
  'delivery_to',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderView = Pick<OrderRow, (typeof ORDER_VIEW_COLUMNS)[number]>;

// A payment reads its order and the order's lines first: compiled once (ADR 0029).
const orderById = precompiled((q, id: string) => q.selectFrom('orders').selectAll().where('id', '=', id));
const linesOfOne = precompiled((q, orderId: string) =>
  q.selectFrom('order_lines').selectAll().where('order_id', 'in', [orderId]).orderBy('order_id').orderBy('line_no'),
);

/** The columns the orders search (admin list, own list, CSV export) matches a part of; issue 29 added the PO number. */
export const ORDER_SEARCH_COLUMNS = ['user_email', 'product_name', 'po_number'] as const;

/** The orders search: those columns, or exactly the order number as quoted ('BP-000123', '123'; a part would find BP-000120 … 129 for '12'). */
export function orderSearch(q: string): RawBuilder<boolean> {
  const n = parseOrderNumber(q);
  return n === null ? anyColumnContains(ORDER_SEARCH_COLUMNS, q) : sql<boolean>`(${anyColumnContains(ORDER_SEARCH_COLUMNS, q)} or order_number = ${n})`;
}

/** The first instant of a calendar day (UTC), as stored timestamps read. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + plusDays * 86_400_000).toISOString();

export interface OrderListFilter {
  userId?: string | undefined;
  userEmail?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  /** Issue 18: the orders placed for this company. */
  companyId?: string | undefined;
  /** Issue 18: invoiced orders whose due date is before this instant. */
  overdueAt?: string | undefined;
  /** Issue 19: orders changed at or after this ISO instant (an ERP's incremental pull). */
  updatedSince?: string | undefined;
  /** Issue 29: orders placed on or after this day, on or before that one (`YYYY-MM-DD`, UTC). */
  from?: string | undefined;
  to?: string | undefined;
  offset: number;
  limit: number;
}

/** Thrown inside the purchase transaction when the account already has its cap of unpaid orders. */
export class PendingCapError extends Error {
  constructor(readonly max: number) {
    super('too many unpaid orders');
  }
}

/** The first key of PostgreSQL's two-key advisory locks taken per account while counting its unpaid orders. */
const PENDING_CAP_LOCK = 20261124;

/** Reads, and the operations an order's unit of work runs (`…In(trx, …)`): the flows open the units (db/unit-of-work.ts). */
export function createOrdersRepository(db: Kysely<DB>, engine: Engine) {
  function filtered(filter: Omit<OrderListFilter, 'offset' | 'limit'>) {
    let query = db.selectFrom('orders');
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.userEmail) query = query.where(sql<boolean>`lower(user_email) = ${filter.userEmail.toLowerCase()}`);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.q) query = query.where(orderSearch(filter.q));
    // `created_at` is ISO text in UTC on both engines: text bounds compare as instants, the end
    // day included by stopping before the next one begins.
    if (filter.from) query = query.where('created_at', '>=', dayStart(filter.from));
    if (filter.to) query = query.where('created_at', '<', dayStart(filter.to, 1));
    if (filter.companyId) query = query.where('company_id', '=', filter.companyId);
    // Issue 31: an order on account ships before it is paid, so an overdue invoice may have shipped.
    if (filter.overdueAt) {
      query = query
        .where('payment_method', '=', 'account')
        .where('paid_at', 'is', null)
        .where('status', 'in', ['invoiced', 'partially_shipped', 'shipped', 'delivered'])
        .where('due_date', '<', filter.overdueAt);
    }
    if (filter.updatedSince) query = query.where('updated_at', '>=', filter.updatedSince);
    return query;
  }

  return {
    /** With `trx`, as the caller's transaction sees it (a status change's webhook, issue 19). */
    findById(id: string, trx?: Transaction<DB>): Promise<OrderRow | undefined> {
      return orderById(trx ?? db, id).then((r) => r.rows[0]);
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

    /** The lines of these orders in one query (a page of a list, one order), in line order. */
    linesOf(orderIds: readonly string[], trx?: Transaction<DB>): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      if (orderIds.length === 1) return linesOfOne(trx ?? db, orderIds[0]!).then((r) => r.rows);
      return (trx ?? db).selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('line_no').execute();
    },

    /**
     * The unpaid-order cap, counted inside the order's unit so parallel orders cannot all pass:
     * SQLite runs the units one after the other (one writer); on PostgreSQL the account's advisory
     * lock queues its orders until each commits (other accounts never wait for it).
     */
    async checkPendingCapIn(trx: Transaction<DB>, userId: string, pendingMax: number): Promise<void> {
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${PENDING_CAP_LOCK}, hashtext(${userId}))`.execute(trx);
      const row = await trx
        .selectFrom(trx.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'pending').limit(pendingMax).as('p'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= pendingMax) throw new PendingCapError(pendingMax);
    },

    /**
     * Inserts the order and its lines in the unit and answers the row with its number: PostgreSQL's
     * sequence (the column default); SQLite's next after the highest, read in this statement by the
     * one writer (migration 20261124000000).
     */
    async insertIn(trx: Transaction<DB>, order: Omit<OrderRow, 'order_number'>, lines: readonly OrderLineRow[]): Promise<OrderRow> {
      if (engine === 'postgres') {
        // One statement, one round trip (issue 29): the lines go in a data-modifying CTE, which
        // PostgreSQL runs to completion whether or not the insert of the order reads it.
        const inserted = await trx
          .with('l', (q) => q.insertInto('order_lines').values(lines))
          .insertInto('orders')
          .values(order)
          .returning('order_number')
          .executeTakeFirstOrThrow();
        return { ...order, order_number: Number(inserted.order_number) };
      }
      const inserted = await trx
        .insertInto('orders')
        .values({ ...order, order_number: sql<number>`(select coalesce(max(order_number), 0) + 1 from orders)` })
        .returning('order_number')
        .executeTakeFirstOrThrow();
      await trx.insertInto('order_lines').values(lines).execute();
      return { ...order, order_number: Number(inserted.order_number) };
    },

    /**
     * Expires up to `limit` pending orders whose deadline passed, in the unit, and answers them with
     * their lines. Safe with several instances: each order moves once (`status = 'pending'` guard),
     * and on PostgreSQL an instance skips the rows another one is expiring instead of waiting.
     */
    async expireDueIn(trx: Transaction<DB>, now: string, limit: number): Promise<{ expired: OrderRow[]; lines: OrderLineRow[] }> {
      const due = trx.selectFrom('orders').select('id').where('status', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit);
      const expired = await trx
        .updateTable('orders')
        .set({ status: 'expired', updated_at: now })
        .where(idAmong(engine, due))
        .where('status', '=', 'pending')
        .returningAll()
        .execute();
      if (expired.length === 0) return { expired, lines: [] };
      const lines = await trx
        .selectFrom('order_lines')
        .selectAll()
        .where(
          'order_id',
          'in',
          expired.map((o) => o.id),
        )
        .orderBy('order_id')
        .orderBy('line_no')
        .execute();
      return { expired, lines };
    },

    /**
     * Issue 31: the order as the unit sees it, its row locked until the unit ends on PostgreSQL (a
     * shipment or a delivery of one order waits for another's; SQLite's one writer needs nothing).
     */
    lockIn(trx: Transaction<DB>, id: string): Promise<OrderRow | undefined> {
      const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
      return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    /**
     * Issue 31: adds `quantity` shipped pieces to one line in the unit, only while the line's shipped
     * pieces stay within what it ordered less what is backordered (the arbiter of "no more than
     * ordered", whatever else runs at once). Whether it did.
     */
    async shipLineIn(trx: Transaction<DB>, orderId: string, lineNo: number, quantity: number): Promise<boolean> {
      const result = await trx
        .updateTable('order_lines')
        .set({ shipped_quantity: sql`shipped_quantity + ${quantity}` })
        .where('order_id', '=', orderId)
        .where('line_no', '=', lineNo)
        // Issue 31: backordered pieces are not in stock for it yet.
        .where(sql<boolean>`shipped_quantity + ${quantity} <= quantity - backordered`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Issue 31: the lines of open orders waiting for these products' stock, in each product's queue
     * order (their place, taken under the product's lock at placement; then the order's time).
     */
    waitingLinesIn(trx: Transaction<DB>, productIds: readonly string[], statuses: readonly string[]) {
      return trx
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select([
          'l.order_id',
          'l.line_no',
          'l.product_id',
          'l.sku',
          'l.product_name',
          'l.backordered',
          'l.promised_dispatch',
          'l.backorder_position',
          'o.created_at',
        ])
        .where('l.product_id', 'in', productIds)
        .where('l.backordered', '>', 0)
        .where('o.status', 'in', statuses)
        .orderBy('l.product_id')
        .orderBy('l.backorder_position')
        .orderBy('o.created_at')
        .orderBy('l.order_id')
        .execute();
    },

    /** Issue 31: `pieces` of a waiting line are now in stock for it (only while that many still wait); whether they were. */
    async allocateLineIn(trx: Transaction<DB>, orderId: string, lineNo: number, pieces: number): Promise<boolean> {
      const result = await trx
        .updateTable('order_lines')
        .set({
          backordered: sql`backordered - ${pieces}`,
          promised_dispatch: sql`case when backordered = ${pieces} then null else promised_dispatch end`,
        })
        .where('order_id', '=', orderId)
        .where('line_no', '=', lineNo)
        .where('backordered', '>=', pieces)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Issue 31: `quantity` more pieces of a line go back in a return, only while the line's returned
     * pieces stay within what shipped (the arbiter of "no more than shipped"); whether they do.
     */
    async reserveReturnIn(trx: Transaction<DB>, orderId: string, lineNo: number, quantity: number): Promise<boolean> {
      const result = await trx
        .updateTable('order_lines')
        .set({ returned_quantity: sql`returned_quantity + ${quantity}` })
        .where('order_id', '=', orderId)
        .where('line_no', '=', lineNo)
        .where(sql<boolean>`returned_quantity + ${quantity} <= shipped_quantity`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Issue 31: pieces of a line no longer going back (a rejected return, pieces that never arrived). */
    async releaseReturnIn(trx: Transaction<DB>, orderId: string, lineNo: number, quantity: number): Promise<void> {
      await trx
        .updateTable('order_lines')
        .set({ returned_quantity: sql`case when returned_quantity > ${quantity} then returned_quantity - ${quantity} else 0 end` })
        .where('order_id', '=', orderId)
        .where('line_no', '=', lineNo)
        .execute();
    },

    /** Issue 31: a credit note's pieces of a line, in its unit. */
    async creditLineIn(trx: Transaction<DB>, orderId: string, lineNo: number, pieces: number): Promise<void> {
      await trx
        .updateTable('order_lines')
        .set({ credited_quantity: sql`credited_quantity + ${pieces}` })
        .where('order_id', '=', orderId)
        .where('line_no', '=', lineNo)
        .execute();
    },

    /** Issue 31: a credit note's amount on its order, never past the order's total; whether it fitted. */
    async creditOrderIn(trx: Transaction<DB>, orderId: string, cents: number, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set({ credited_cents: sql`credited_cents + ${cents}`, updated_at: now })
        .where('id', '=', orderId)
        .where(sql<boolean>`credited_cents + ${cents} <= total_cents`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Issue 31: new lines' backordered pieces, promised day and queue place as the placement's unit took the stock. */
    async settleBackordersIn(
      trx: Transaction<DB>,
      lines: readonly Pick<OrderLineRow, 'order_id' | 'line_no' | 'backordered' | 'promised_dispatch' | 'backorder_position'>[],
    ): Promise<void> {
      for (const l of lines) {
        await trx
          .updateTable('order_lines')
          .set({ backordered: l.backordered, promised_dispatch: l.promised_dispatch, backorder_position: l.backorder_position })
          .where('order_id', '=', l.order_id)
          .where('line_no', '=', l.line_no)
          .execute();
      }
    },

    /** Moves an order from one status to another in the unit, only if it is still in `from`; whether it did. */
    async transitionIn(trx: Transaction<DB>, id: string, from: string, to: string, set: Partial<OrderRow>): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set({ ...set, status: to })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Issue 29: the order's ship-to (JSON text), only while its status is one of `statuses` (checked
     * by the update itself: a ship committed first wins). Whether it changed.
     */
    async setShippingAddressIn(trx: Transaction<DB>, id: string, address: string, statuses: readonly string[], now: string): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set({ shipping_address: address, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', statuses)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Any order line names the product (every order has its lines, migration 20261126000000 backfilled older ones). */
    async hasOrdersForProduct(productId: string): Promise<boolean> {
      const row = await db.selectFrom('order_lines').select('order_id').where('product_id', '=', productId).limit(1).executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Whether an order line's product snapshot shows `url` (every order has its lines, the first
     * one's image being the order's `product_img`). The literal LIKE matches the partial index's
     * predicate (migration 20261126000000).
     */
    async imageInUse(url: string): Promise<boolean> {
      const line = await db
        .selectFrom('order_lines')
        .select('order_id')
        .where('product_img', '=', url)
        .where(sql<boolean>`product_img like '/uploads/%'`)
        .limit(1)
        .executeTakeFirst();
      return line !== undefined;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
