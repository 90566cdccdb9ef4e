import { createHash } from 'node:crypto';
import {
  APPROVAL_TIMEOUT_DAYS,
  APPROVING_ROLES,
  canTransition,
  COMPANY_MESSAGES,
  dueDateFor,
  isMultipleOf,
  STOCK_RETURNING_STATUSES,
  quantityError,
  stockErrorMessage,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type PurchaseInput,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import { pageOffset } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import type { SessionUser } from '../../plugins/auth.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import { buyerPricesIn, type CompanyDirectory, type Membership } from '../companies/company-directory.js';
import { StockShortError, type ProductsService } from '../products/products.service.js';
import { createOrderPlacement } from './order-placement.js';
import { linesByOrder, toOrder } from './order-view.js';
import { createOwnOrderPages } from './own-order-pages.js';
import type { OrderRow, OrderView, OrdersRepository } from './orders.repository.js';

/** What an Idempotency-Key promises to repeat: the same product and quantity. */
export function purchaseHash(input: PurchaseInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.productId, input.quantity]))
    .digest('hex');
}

export { toOrder };

export interface ShipmentDetails {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
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
  /**
   * A new order: `write` runs inside the order's transaction (with its number), `committed` after
   * it commits. `approverEmails`: an order waiting for approval also tells its company's approvers.
   */
  placing(): { write(trx: Transaction<DB>, order: Order, approverEmails?: readonly string[]): Promise<void>; committed(): void };
  /**
   * Orders the server moved on its own, in the sweep's transaction: expired unpaid, or (issue 18)
   * `rejected` after waiting APPROVAL_TIMEOUT_DAYS for approval.
   */
  expiring(event?: 'expired' | 'rejected'): { write(trx: Transaction<DB>, orders: Order[]): Promise<void>; committed(): void };
  /** Issue 18: an invoice past its due date; its company's admins are reminded once, in the sweep's transaction. */
  reminding(): { write(trx: Transaction<DB>, order: Order, adminEmails: readonly string[]): Promise<void>; committed(): void };
}

const silent: OrderNotifier = {
  changed() {},
  placing: () => ({ write: async () => {}, committed() {} }),
  expiring: () => ({ write: async () => {}, committed() {} }),
  reminding: () => ({ write: async () => {}, committed() {} }),
};

export interface OrderRules {
  /** Seconds an unpaid order holds its stock (UNPAID_ORDER_TTL). */
  unpaidTtlSeconds: number;
  /** Unpaid orders one account may have at once; 0 = no cap (PENDING_ORDERS_MAX). */
  pendingMax: number;
}

const DEFAULT_RULES: OrderRules = { unpaidTtlSeconds: 1800, pendingMax: 20 };

export interface OrderHooks {
  /** Runs before a paid order becomes `refunded`; throwing keeps it paid. */
  beforeRefund?: (row: OrderRow) => Promise<void>;
  /**
   * The payments module's next invoice number inside the order's transaction (issue 18): an
   * account order gets its invoice number when it becomes `invoiced` (wired in services.ts).
   */
  invoiceNumberIn?: (trx: Transaction<DB>) => Promise<number>;
}

/** The reason written on an order the server rejects after APPROVAL_TIMEOUT_DAYS. */
export const APPROVAL_TIMEOUT_REASON = `Not approved within ${APPROVAL_TIMEOUT_DAYS} days`;
const DAY_MS = 86_400_000;

/** Nobody is in a company (the default when no companies module is wired, e.g. unit tests). */
const NO_COMPANIES: CompanyDirectory = {
  membershipOf: async () => null,
  priceBookFor: async () => null,
  priceListKey: async () => null,
  approverEmails: async () => [],
  adminEmails: async () => [],
  invoiceParty: async () => null,
};

/** The products module's stock, moved inside the order's own transaction (ADR 0012). */
export type OrderStock = Pick<ProductsService, 'findOrderable' | 'takeStockMany' | 'returnStock' | 'stockCommitted'>;

export interface OrdersDeps {
  repo: OrdersRepository;
  stock: OrderStock;
  notify?: OrderNotifier;
  hooks?: OrderHooks;
  rules?: OrderRules;
  /** Issue 18: memberships, limits, terms, company prices, who approves (the companies service). */
  companies?: CompanyDirectory;
}

export function createOrdersService({ repo, stock, notify = silent, hooks = {}, rules = DEFAULT_RULES, companies = NO_COMPANIES }: OrdersDeps) {
  /** Rows with their lines, read for all of them in one query. */
  async function withLines(rows: readonly OrderView[]): Promise<Order[]> {
    const lines = linesByOrder(await repo.linesOf(rows.map((r) => r.id)));
    return rows.map((r) => toOrder(r, lines.get(r.id) ?? []));
  }
  const one = async (row: OrderView): Promise<Order> => (await withLines([row]))[0]!;
  const ownPages = createOwnOrderPages(repo, withLines);
  const place = createOrderPlacement({ repo, stock, notify, rules, companies, invoiceNumberIn: hooks.invoiceNumberIn });

  async function visibleOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await repo.findById(id);
    // Another buyer's order answers exactly like a missing one: its existence is not revealed.
    if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Order');
    return row;
  }

  /** Whether the membership approves (and sees) the orders of this company. */
  const approvesFor = (membership: Membership | null, companyId: string | null): boolean =>
    companyId !== null && membership?.companyId === companyId && APPROVING_ROLES.includes(membership.role);

  /** Issue 18: the buyer, shop admins, and the company admins and approvers of the order's company see it. */
  async function readableOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await repo.findById(id);
    if (row && (row.user_id === user.id || user.role === 'admin')) return row;
    if (row?.company_id && approvesFor(await companies.membershipOf(user.id), row.company_id)) return row;
    throw notFound('Order');
  }

  /**
   * An order the user may approve or reject: an approver or company admin of the order's company,
   * never its buyer (403: they see it, so they are told why); anyone else 404 as if it did not exist.
   */
  async function decidableOrder(id: string, user: SessionUser): Promise<{ row: OrderRow; decider: Membership }> {
    const row = await repo.findById(id);
    if (!row?.company_id) throw notFound('Order');
    const membership = await companies.membershipOf(user.id);
    if (membership?.companyId !== row.company_id) throw notFound('Order');
    if (row.user_id === user.id) throw forbidden(COMPANY_MESSAGES.ownOrder);
    if (!approvesFor(membership, row.company_id)) throw notFound('Order');
    if (row.status !== 'awaiting_approval') throw new AppError('INVALID_TRANSITION', `An order that is ${row.status} does not wait for approval`);
    return { row, decider: membership! };
  }

  /** A committed move's answer and the buyer's mail; 409 when another request moved it first. */
  async function afterMove(id: string, moved: boolean, event: OrderStatus): Promise<Order> {
    const fresh = await repo.findById(id);
    if (!moved || !fresh) throw new AppError('INVALID_TRANSITION', `The order changed meanwhile; it is now ${fresh?.status ?? 'gone'}`);
    const order = await one(fresh);
    notify.changed(order, event);
    return order;
  }

  const piecesOf = (lines: readonly { product_id: string; quantity: number }[]) =>
    lines.map((l) => ({ productId: l.product_id, quantity: Number(l.quantity) }));

  async function move(row: OrderRow, to: OrderStatus, shipment: ShipmentDetails = {}): Promise<Order> {
    const from = row.status as OrderStatus;
    if (!canTransition(from, to)) {
      throw new AppError('INVALID_TRANSITION', `An order that is ${from} cannot become ${to}`);
    }
    if (to === 'refunded') await hooks.beforeRefund?.(row);
    const now = nowIso();
    const changes: Partial<OrderRow> = { updated_at: now };
    const column = TIMESTAMP_COLUMN[to];
    if (column) (changes as Record<string, unknown>)[column] = now;
    if (to === 'shipped') Object.assign(changes, { carrier: shipment.carrier ?? null, tracking_number: shipment.trackingNumber ?? null });
    const returnsStock = STOCK_RETURNING_STATUSES.includes(to);
    // Lines never change once placed, so they are read before the transaction.
    const lines = returnsStock ? await repo.linesOf([row.id]) : [];
    let moved: boolean;
    try {
      moved = await repo.transition(
        row.id,
        from,
        to,
        changes,
        returnsStock
          ? (trx) =>
              stock.returnStock(
                trx,
                lines.map((l) => ({ productId: l.product_id, quantity: Number(l.quantity) })),
              )
          : undefined,
      );
    } finally {
      if (returnsStock) stock.stockCommitted();
    }
    const fresh = await repo.findById(row.id);
    if (!moved || !fresh) {
      throw new AppError('INVALID_TRANSITION', `The order changed meanwhile; it is now ${fresh?.status ?? 'gone'}`);
    }
    const order = await one(fresh);
    notify.changed(order, to);
    return order;
  }

  return {
    async purchase(input: PurchaseInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }> {
      const hash = idempotencyKey ? purchaseHash(input) : null;
      /** The order a retry repeats; the same key with another body is the client's mistake, not a retry. */
      const replay = async (existing: OrderRow) => {
        if (existing.idempotency_hash !== null && existing.idempotency_hash !== hash) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order', {
            'Idempotency-Key': 'Already used with a different product or quantity; use a new key for a new order',
          });
        }
        return { order: await one(existing), created: false };
      };
      if (idempotencyKey) {
        const existing = await repo.findByIdempotencyKey(user.id, idempotencyKey);
        if (existing) return await replay(existing);
      }
      const product = await stock.findOrderable(input.productId);
      if (!product) throw notFound('Product');
      const orderMultiple = Number(product.order_multiple);
      const message = quantityError(input.quantity, {
        minimumOrderQuantity: product.minimum_order_quantity,
        availableQuantity: product.available_quantity,
        orderMultiple,
      });
      if (message) {
        // A quantity off the pack multiple is the buyer's to fix (400) even when stock is short too.
        const code = input.quantity > product.available_quantity && isMultipleOf(input.quantity, orderMultiple) ? 'INSUFFICIENT_STOCK' : 'VALIDATION_FAILED';
        throw new AppError(code, message, { quantity: message });
      }
      // Issue 18: a member records the company, pays the company's price and is held to their limit.
      const membership = await companies.membershipOf(user.id);
      const book = membership ? await companies.priceBookFor(user.id, [product.id]) : null;
      try {
        const order = await place({
          user,
          lines: [{ product, quantity: input.quantity, buyerPrices: buyerPricesIn(book, product.id) }],
          idempotencyKey,
          idempotencyHash: hash,
          membership,
          paymentMethod: 'card',
        });
        return { order, created: true };
      } catch (error) {
        if (error instanceof StockShortError) {
          const msg = stockErrorMessage(error.short[0]?.available ?? 0);
          throw new AppError('INSUFFICIENT_STOCK', msg, { quantity: msg });
        }
        // A concurrent retry with the same key won the unique index: answer with its order.
        if (idempotencyKey) {
          const existing = await repo.findByIdempotencyKey(user.id, idempotencyKey);
          if (existing) return await replay(existing);
        }
        throw error;
      }
    },

    async list(query: OrderListQuery, user: SessionUser): Promise<{ items: readonly Order[]; total: number }> {
      const isAdmin = user.role === 'admin';
      const page = async (filter: Omit<Parameters<OrdersRepository['list']>[0], 'offset' | 'limit'>) => {
        const [rows, total] = await Promise.all([
          repo.list({ ...filter, offset: pageOffset(query.page, query.limit), limit: query.limit }),
          repo.count(filter),
        ]);
        return { items: await withLines(rows), total };
      };
      if (query.company === 'true') {
        // Issue 18: company admins and approvers see every order of the company, buyers their own.
        const membership = await companies.membershipOf(user.id);
        if (!membership) throw notFound('Company');
        const mine = APPROVING_ROLES.includes(membership.role) ? {} : { userId: user.id };
        return page({ companyId: membership.companyId, ...mine, status: query.status, q: query.q });
      }
      if (query.overdue === 'true') {
        if (!isAdmin) throw forbidden('Only admins can list overdue invoices');
        return page({ overdueAt: nowIso(), q: query.q, ...(query.order !== undefined ? { userEmail: query.order } : {}) });
      }
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
      const [rows, total] = await Promise.all([repo.list({ ...filter, offset: pageOffset(query.page, query.limit), limit: query.limit }), repo.count(filter)]);
      return { items: await withLines(rows), total };
    },

    async get(id: string, user: SessionUser): Promise<Order> {
      return one(await readableOrder(id, user));
    },

    /** Issue 18: whether the user is an approver or company admin of this company (they see its orders and invoices). */
    async seesCompanyOrders(userId: string, companyId: string): Promise<boolean> {
      return approvesFor(await companies.membershipOf(userId), companyId);
    },

    /** Issue 18: what the company's open account orders hold of its credit (the companies service shows it as `creditUsed`). */
    creditUsedCents: (companyId: string) => repo.creditUsedCents(companyId),

    /**
     * `POST /api/purchase/:id/approve`: a card order becomes `pending` (payable, with a fresh
     * payment deadline); an account order `invoiced`, due on the company's terms, with its invoice
     * number taken in the same transaction. The buyer is mailed.
     */
    async approve(id: string, user: SessionUser): Promise<Order> {
      const { row, decider } = await decidableOrder(id, user);
      const terms = decider.paymentTerms;
      const now = nowIso();
      const to: OrderStatus = row.payment_method === 'account' ? 'invoiced' : 'pending';
      if (to === 'invoiced' && !terms) throw new AppError('CONFLICT', COMPANY_MESSAGES.noTerms);
      const changes = async (trx: Transaction<DB>): Promise<Partial<OrderRow>> =>
        to === 'invoiced'
          ? {
              decided_by: user.id,
              updated_at: now,
              due_date: dueDateFor(now, terms!),
              ...(hooks.invoiceNumberIn ? { invoice_number: await hooks.invoiceNumberIn(trx) } : {}),
            }
          : { decided_by: user.id, updated_at: now, expires_at: new Date(Date.parse(now) + rules.unpaidTtlSeconds * 1000).toISOString() };
      return afterMove(id, await repo.transition(id, 'awaiting_approval', to, changes), to);
    },

    /** `POST /api/purchase/:id/reject`: the order is `rejected`, its stock returned, the buyer mailed. */
    async reject(id: string, reason: string, user: SessionUser): Promise<Order> {
      await decidableOrder(id, user);
      const lines = await repo.linesOf([id]);
      const now = nowIso();
      let moved = false;
      try {
        moved = await repo.transition(id, 'awaiting_approval', 'rejected', { decided_by: user.id, rejection_reason: reason, updated_at: now }, (trx) =>
          stock.returnStock(trx, piecesOf(lines)),
        );
      } finally {
        stock.stockCommitted();
      }
      return afterMove(id, moved, 'rejected');
    },

    /** `POST /api/purchase/:id/mark-paid` (shop admins): the bank transfer of an invoiced order arrived. */
    async markPaid(id: string, reference: string): Promise<Order> {
      const row = await repo.findById(id);
      if (!row) throw notFound('Order');
      if (row.status !== 'invoiced') {
        throw new AppError(
          row.paid_at ? 'ALREADY_PAID' : 'INVALID_TRANSITION',
          row.paid_at ? 'This order is already paid' : `An order that is ${row.status} is not invoiced`,
        );
      }
      const now = nowIso();
      const moved = await repo.transition(id, 'invoiced', 'paid', {
        paid_at: now,
        updated_at: now,
        payment_provider: 'bank_transfer',
        payment_reference: reference,
      });
      return afterMove(id, moved, 'paid');
    },

    /** Rejects the orders that waited APPROVAL_TIMEOUT_DAYS for approval (stock back, buyer mailed); answers how many. */
    async rejectStaleApprovals(at: Date = new Date(), limit = 100): Promise<number> {
      const cutoff = new Date(at.getTime() - APPROVAL_TIMEOUT_DAYS * DAY_MS).toISOString();
      const rejecting = notify.expiring('rejected');
      let rejected: OrderRow[] = [];
      try {
        rejected = await repo.rejectWaitingSince(cutoff, at.toISOString(), APPROVAL_TIMEOUT_REASON, limit, async (trx, rows, lines) => {
          await stock.returnStock(trx, piecesOf(lines));
          const byOrder = linesByOrder(lines);
          await rejecting.write(
            trx,
            rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])),
          );
        });
      } finally {
        if (rejected.length) stock.stockCommitted();
      }
      if (rejected.length) rejecting.committed();
      return rejected.length;
    },

    /** Reminds each company, once, of its invoices past their due date (the company admins are mailed); answers how many. */
    async remindOverdue(at: Date = new Date(), limit = 100): Promise<number> {
      const now = at.toISOString();
      const candidates = await repo.overdueUnreminded(now, limit);
      if (candidates.length === 0) return 0;
      // Read before the unit: SQLite's one connection belongs to the transaction until it commits.
      const companyIds = [...new Set(candidates.map((c) => c.company_id).filter((c): c is string => c !== null))];
      const admins = new Map(await Promise.all(companyIds.map(async (c) => [c, await companies.adminEmails(c)] as const)));
      const reminding = notify.reminding();
      const reminded = await repo.markReminded(
        candidates.map((c) => c.id),
        now,
        async (trx, rows, rowLines) => {
          const lines = linesByOrder(rowLines);
          for (const r of rows) {
            const to = r.company_id ? (admins.get(r.company_id) ?? []) : [];
            await reminding.write(trx, toOrder(r, lines.get(r.id) ?? []), to.length ? to : [r.user_email]);
          }
        },
      );
      if (reminded.length) reminding.committed();
      return reminded.length;
    },

    /** The buyer's own order with its lines (reorder); anyone else's answers 404 like a missing one. */
    async ownLines(id: string, user: SessionUser) {
      const row = await repo.findById(id);
      if (!row || row.user_id !== user.id) throw notFound('Order');
      return repo.linesOf([id]);
    },

    /** Places a new order (the checkout's unit); see order-placement.ts. */
    place,
    findByIdempotencyKey: (userId: string, key: string) => repo.findByIdempotencyKey(userId, key),
    linesOf: (orderIds: readonly string[]) => repo.linesOf(orderIds),
    withLines,

    async cancel(id: string, user: SessionUser): Promise<Order> {
      const row = await visibleOrder(id, user);
      // Issue 18: the buyer may also withdraw an order waiting for approval (its stock goes back).
      if (row.status !== 'pending' && row.status !== 'awaiting_approval') {
        throw new AppError(
          row.paid_at ? 'ALREADY_PAID' : 'INVALID_TRANSITION',
          row.paid_at ? 'A paid order cannot be cancelled' : `An order that is ${row.status} cannot be cancelled`,
        );
      }
      return move(row, 'cancelled');
    },

    async changeStatus(id: string, to: OrderStatus, user: SessionUser, shipment: ShipmentDetails = {}): Promise<Order> {
      const row = await visibleOrder(id, user);
      // Issue 18: approval, rejection and a bank transfer have their own routes (who decides, due date, invoice number, reference).
      if ((row.status === 'awaiting_approval' && to !== 'cancelled') || (row.status === 'invoiced' && to === 'paid')) {
        throw new AppError('INVALID_TRANSITION', row.status === 'invoiced' ? 'Record the payment with mark-paid' : 'Approve or reject the order instead');
      }
      return move(row, to, shipment);
    },

    /** Whether any order names the product (the catalogue archives such a product instead of deleting it). */
    hasOrdersForProduct: (productId: string) => repo.hasOrdersForProduct(productId),
    imageInUse: (url: string) => repo.imageInUse(url),

    /** Expires one batch of unpaid orders past their deadline; answers how many. */
    async expireDue(limit = 100): Promise<number> {
      const expiring = notify.expiring();
      let expired: OrderRow[] = [];
      try {
        expired = await repo.expireDue(nowIso(), limit, async (trx, rows, lines) => {
          // Every line of every expired order goes back on sale.
          await stock.returnStock(
            trx,
            lines.map((l) => ({ productId: l.product_id, quantity: Number(l.quantity) })),
          );
          const byOrder = linesByOrder(lines);
          await expiring.write(
            trx,
            rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])),
          );
        });
      } finally {
        if (expired.length) stock.stockCommitted();
      }
      if (expired.length) expiring.committed();
      return expired.length;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
