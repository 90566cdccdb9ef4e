import {
  canTransition,
  centsToDollars,
  lineTotalCents,
  quantityError,
  stockErrorMessage,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type PurchaseInput,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { SessionUser } from '../../plugins/auth.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { createOwnOrderPages } from './own-order-pages.js';
import { StockTakenError, type OrderRow, type OrdersRepository, type OrderView } from './orders.repository.js';

export function toOrder(row: OrderView): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    Name: row.product_name,
    img: row.product_img,
    price: centsToDollars(row.unit_price_cents),
    quantity: row.quantity,
    total: centsToDollars(row.total_cents),
    paid: row.paid_at !== null,
    status: row.status as OrderStatus,
    userEmail: row.user_email,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    paymentReference: row.payment_reference,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
  };
}

const TIMESTAMP_COLUMN: Partial<Record<OrderStatus, keyof OrderRow>> = {
  paid: 'paid_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
  refunded: 'refunded_at',
};

export type OrderEvent = 'placed' | OrderStatus;

/** Tells the buyer (and the metrics) about an order; `order-mail.ts` implements it. */
export interface OrderNotifier {
  /** After a committed status change. */
  changed(order: Order, event: OrderStatus): void;
  /** A new order: `write` runs inside the order's transaction, `committed` after it commits. */
  placing(order: Order): { write(trx: Transaction<DB>): Promise<void>; committed(): void };
}

const silent: OrderNotifier = { changed() {}, placing: () => ({ write: async () => {}, committed() {} }) };

export interface OrderHooks {
  /** Runs before a paid order becomes `refunded`; throwing keeps it paid. */
  beforeRefund?: (row: OrderRow) => Promise<void>;
}

export function createOrdersService(repo: OrdersRepository, notify: OrderNotifier = silent, hooks: OrderHooks = {}) {
  const ownPages = createOwnOrderPages(repo, toOrder);

  async function visibleOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await repo.findById(id);
    // Another buyer's order answers exactly like a missing one: its existence is not revealed.
    if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Order');
    return row;
  }

  async function move(row: OrderRow, to: OrderStatus): Promise<Order> {
    const from = row.status as OrderStatus;
    if (!canTransition(from, to)) {
      throw new AppError('INVALID_TRANSITION', `An order that is ${from} cannot become ${to}`);
    }
    if (to === 'refunded') await hooks.beforeRefund?.(row);
    const now = nowIso();
    const changes: Partial<OrderRow> = { updated_at: now };
    const column = TIMESTAMP_COLUMN[to];
    if (column) (changes as Record<string, unknown>)[column] = now;
    const returnStock = to === 'cancelled' ? { productId: row.product_id, quantity: row.quantity } : undefined;
    const moved = await repo.transition(row.id, from, to, changes, returnStock);
    const fresh = await repo.findById(row.id);
    if (!moved || !fresh) {
      throw new AppError('INVALID_TRANSITION', `The order changed meanwhile; it is now ${fresh?.status ?? 'gone'}`);
    }
    const order = toOrder(fresh);
    notify.changed(order, to);
    return order;
  }

  return {
    async purchase(input: PurchaseInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }> {
      if (idempotencyKey) {
        const existing = await repo.findByIdempotencyKey(user.id, idempotencyKey);
        if (existing) return { order: toOrder(existing), created: false };
      }
      const product = await repo.findProduct(input.productId);
      if (!product) throw notFound('Product');
      const message = quantityError(input.quantity, {
        minimumOrderQuantity: product.minimum_order_quantity,
        availableQuantity: product.available_quantity,
      });
      if (message) {
        const code = input.quantity > product.available_quantity ? 'INSUFFICIENT_STOCK' : 'VALIDATION_FAILED';
        throw new AppError(code, message, { quantity: message });
      }
      const now = nowIso();
      const row: OrderRow = {
        id: newId(),
        product_id: product.id,
        product_name: product.name,
        product_img: product.img,
        unit_price_cents: product.price_cents,
        quantity: input.quantity,
        total_cents: lineTotalCents(product.price_cents, input.quantity),
        user_id: user.id,
        user_email: user.email,
        status: 'pending',
        idempotency_key: idempotencyKey ?? null,
        payment_provider: null,
        payment_reference: null,
        card_brand: null,
        card_last4: null,
        invoice_number: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        shipped_at: null,
        delivered_at: null,
        cancelled_at: null,
        refunded_at: null,
      };
      try {
        const order = toOrder(row);
        const placing = notify.placing(order);
        await repo.placeOrder(row, placing.write);
        placing.committed();
        return { order, created: true };
      } catch (error) {
        if (error instanceof StockTakenError) {
          const msg = stockErrorMessage(error.available);
          throw new AppError('INSUFFICIENT_STOCK', msg, { quantity: msg });
        }
        // A concurrent retry with the same key won the unique index: answer with its order.
        if (idempotencyKey) {
          const existing = await repo.findByIdempotencyKey(user.id, idempotencyKey);
          if (existing) return { order: toOrder(existing), created: false };
        }
        throw error;
      }
    },

    async list(query: OrderListQuery, user: SessionUser): Promise<{ items: readonly Order[]; total: number }> {
      const isAdmin = user.role === 'admin';
      if (query.order === undefined && !isAdmin) throw forbidden('Only admins can list every order');
      if (query.order !== undefined && !isAdmin && query.order.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden('You can only list your own orders');
      }
      if (query.order !== undefined && !isAdmin && query.status === undefined && query.q === undefined) {
        return ownPages.read(user.id, query.page, query.limit);
      }
      const filter = {
        ...(query.order !== undefined ? (isAdmin ? { userEmail: query.order } : { userId: user.id }) : {}),
        status: query.status,
        q: query.q,
      };
      const [rows, total] = await Promise.all([
        repo.list({ ...filter, offset: (query.page - 1) * query.limit, limit: query.limit }),
        repo.count(filter),
      ]);
      return { items: rows.map(toOrder), total };
    },

    async get(id: string, user: SessionUser): Promise<Order> {
      return toOrder(await visibleOrder(id, user));
    },

    async cancel(id: string, user: SessionUser): Promise<Order> {
      const row = await visibleOrder(id, user);
      if (row.status !== 'pending') {
        throw new AppError(
          row.paid_at ? 'ALREADY_PAID' : 'INVALID_TRANSITION',
          row.paid_at ? 'A paid order cannot be cancelled' : `An order that is ${row.status} cannot be cancelled`,
        );
      }
      return move(row, 'cancelled');
    },

    async changeStatus(id: string, to: OrderStatus, user: SessionUser): Promise<Order> {
      return move(await visibleOrder(id, user), to);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
