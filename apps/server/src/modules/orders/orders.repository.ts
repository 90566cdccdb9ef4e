import { parseOrderNumber } from '@bulkparts/shared';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { GroupCommit } from '../../db/group-commit.js';
import type { OrderLineRow, OrderRow } from './order-rows.js';
import { anyColumnContains, idAmong } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import { checkCreditIn } from './company-orders.repository.js';

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
  'po_number',
  'shipping_address',
  'note',
  'line_count',
  'company_id',
  'payment_method',
  'due_date',
  'rejection_reason',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderView = Pick<OrderRow, (typeof ORDER_VIEW_COLUMNS)[number]>;

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

/** `orderCommits`: the one group commit (services.ts); orders that arrive together commit together on SQLite (ADR 0007). */
export function createOrdersRepository(db: Kysely<DB>, engine: Engine, orderCommits: GroupCommit) {
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
    if (filter.overdueAt) query = query.where('status', '=', 'invoiced').where('due_date', '<', filter.overdueAt);
    if (filter.updatedSince) query = query.where('updated_at', '>=', filter.updatedSince);
    return query;
  }

  return {
    /** With `trx`, as the caller's transaction sees it (a status change's webhook, issue 19). */
    findById(id: string, trx?: Transaction<DB>): Promise<OrderRow | undefined> {
      return (trx ?? db).selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
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
      return (trx ?? db).selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('line_no').execute();
    },

    /**
     * Runs `claim` (the checkout's cart taken), inserts the order and its lines and runs
     * `alsoWrite` (its confirmation mail in the outbox, the remembered address), then `takeStock`
     * (the products module's conditional updates), in one transaction: without the cart or the
     * stock all of it rolls back. Resolves once committed (db/group-commit.ts).
     */
    async placeOrder(
      order: Omit<OrderRow, 'order_number'>,
      lines: readonly OrderLineRow[],
      options: {
        /** Runs first: what the order is made of is taken here (a checkout's cart); throwing rolls everything back. */
        claim?: ((trx: Transaction<DB>) => Promise<void>) | undefined;
        pendingMax?: number;
        /** An account order: the company's open account orders plus this one must stay within `limitCents`. */
        credit?: { companyId: string; limitCents: number };
        /** An order invoiced at once takes its invoice number (the payments module's sequence) in this unit. */
        invoiceNumber?: (trx: Transaction<DB>) => Promise<number>;
        alsoWrite?: (trx: Transaction<DB>, numbered: OrderRow) => Promise<void>;
        takeStock: (trx: Transaction<DB>) => Promise<void>;
      },
    ): Promise<OrderRow> {
      const { claim, pendingMax = 0, credit, invoiceNumber, alsoWrite, takeStock } = options;
      return orderCommits.run(async (trx) => {
        // First, so that of two checkouts of one cart the second fails as such, not on the cap or the credit.
        await claim?.(trx);
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
        // The same pattern per company (company-orders.repository.ts): CreditLimitError past the limit.
        if (credit) await checkCreditIn(trx, engine, credit, Number(order.total_cents));
        const placed = invoiceNumber && order.status === 'invoiced' ? { ...order, invoice_number: await invoiceNumber(trx) } : order;
        // The order and its mail first, the stock last: on PostgreSQL the product's row stays
        // locked from the stock update to the commit, and a popular product's buyers queue on
        // that lock, so nothing else runs while it is held. Without the stock all of it rolls back.
        // The order number: PostgreSQL's sequence (the column default); SQLite's next after the
        // highest, read in this statement by the one writer (migration 20261124000000).
        const inserted = await trx
          .insertInto('orders')
          .values(engine === 'sqlite' ? { ...placed, order_number: sql<number>`(select coalesce(max(order_number), 0) + 1 from orders)` } : placed)
          .returning('order_number')
          .executeTakeFirstOrThrow();
        const numbered: OrderRow = { ...placed, order_number: Number(inserted.order_number) };
        await trx.insertInto('order_lines').values(lines).execute();
        await alsoWrite?.(trx, numbered);
        await takeStock(trx);
        return numbered;
      });
    },

    /**
     * Expires up to `limit` pending orders whose deadline passed and runs `alsoWrite` (their stock
     * back, their mails) in the same transaction. Safe with several instances: each order
     * moves once (`status = 'pending'` guard), and on PostgreSQL an instance skips the rows
     * another one is expiring instead of waiting for them.
     */
    async expireDue(
      now: string,
      limit: number,
      alsoWrite?: (trx: Transaction<DB>, expired: OrderRow[], lines: OrderLineRow[]) => Promise<void>,
    ): Promise<OrderRow[]> {
      return db.transaction().execute(async (trx) => {
        const due = trx.selectFrom('orders').select('id').where('status', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit);
        const expired = await trx
          .updateTable('orders')
          .set({ status: 'expired', updated_at: now })
          .where(idAmong(engine, due))
          .where('status', '=', 'pending')
          .returningAll()
          .execute();
        if (expired.length === 0) return [];
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
        await alsoWrite?.(trx, expired, lines);
        return expired;
      });
    },

    /** Moves an order from one status to another only if it is still in `from`; returns whether it did. `alsoWrite` (returning the stock) commits with it. */
    async transition(
      id: string,
      from: string,
      to: string,
      changes: Partial<OrderRow> | ((trx: Transaction<DB>) => Promise<Partial<OrderRow>>),
      alsoWrite?: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // A function computes the changes inside the transaction (an invoice number rolls back with a lost race).
        const set = typeof changes === 'function' ? await changes(trx) : changes;
        const result = await trx
          .updateTable('orders')
          .set({ ...set, status: to })
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await alsoWrite?.(trx);
        return true;
      });
    },

    /**
     * Issue 29: the order's ship-to (JSON text), only while its status is one of `statuses` (checked
     * by the update itself: a ship committed first wins); `alsoWrite` commits with it. Whether it changed.
     */
    async setShippingAddress(id: string, address: string, statuses: readonly string[], now: string, alsoWrite: (trx: Transaction<DB>) => Promise<void>) {
      return db.transaction().execute(async (trx) => {
        const set = { shipping_address: address, updated_at: now };
        const result = await trx.updateTable('orders').set(set).where('id', '=', id).where('status', 'in', statuses).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await alsoWrite(trx);
        return true;
      });
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
