import type { Order, OrderListQuery, OrderStatus } from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import type { SessionUser } from '../../lib/session-user.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { CompanyOrdersRepository } from './company-orders.repository.js';
import { approvesFor, companyListFilter, createOrderApprovals } from './order-approvals.js';
import { createOrderMoves, piecesOf, type ShipmentDetails } from './order-moves.js';
import { createOrderPlacement } from './order-placement.js';
import { orderEvent, readTimeline, SYSTEM, type OrderTimelineLog } from './order-timeline.js';
import { linesByOrder, toOrder } from './order-view.js';
import { createOwnOrderPages } from './own-order-pages.js';
import { createPurchase, NO_SHIP_TO, type ShipToBook } from './purchase.js';
import type { OrderHooks, OrderNotifier, OrderRules, OrderStock } from './order-types.js';
import type { OrderRow, OrderView, OrdersRepository } from './orders.repository.js';

export { toOrder };

const silent: OrderNotifier = {
  changed() {},
  moving: () => ({ write: async () => {}, committed() {} }),
  placing: () => ({ write: async () => {}, committed() {} }),
  expiring: () => ({ write: async () => {}, committed() {} }),
  reminding: () => ({ write: async () => {}, committed() {} }),
};

const DEFAULT_RULES: OrderRules = { unpaidTtlSeconds: 1800, pendingMax: 20 };

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
export interface OrdersDeps {
  repo: OrdersRepository;
  /** Issue 18: the orders table's company side (credit used, the approval and overdue sweeps). */
  companyOrders: CompanyOrdersRepository;
  stock: OrderStock;
  notify?: OrderNotifier;
  hooks?: OrderHooks;
  rules?: OrderRules;
  /** Issue 18: memberships, limits, terms, company prices, who approves (the companies service). */
  companies?: CompanyDirectory;
  /** Issue 29: the buyer's last ship-to (the profiles module): a purchase without one ships there. */
  shipTo?: ShipToBook;
  /** Issue 29: the events log (each change's timeline step, in its transaction) and the actors' names (users). */
  timeline: OrderTimelineLog;
  namesOf: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
}

export function createOrdersService({
  repo,
  companyOrders,
  stock,
  notify = silent,
  hooks = {},
  rules = DEFAULT_RULES,
  companies = NO_COMPANIES,
  shipTo = NO_SHIP_TO,
  timeline,
  namesOf,
}: OrdersDeps) {
  /** Rows with their lines, read for all of them in one query. */
  async function withLines(rows: readonly OrderView[]): Promise<Order[]> {
    const lines = linesByOrder(await repo.linesOf(rows.map((r) => r.id)));
    return rows.map((r) => toOrder(r, lines.get(r.id) ?? []));
  }
  const one = async (row: OrderView): Promise<Order> => (await withLines([row]))[0]!;
  const ownPages = createOwnOrderPages(repo, withLines);
  const place = createOrderPlacement({ repo, stock, notify, rules, companies, timeline, invoiceNumberIn: hooks.invoiceNumberIn });

  async function visibleOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await repo.findById(id);
    // Another buyer's order answers exactly like a missing one: its existence is not revealed.
    if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Order');
    return row;
  }

  /** Issue 18: the buyer, shop admins, and the company admins and approvers of the order's company see it. */
  async function readableOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await repo.findById(id);
    if (row && (row.user_id === user.id || user.role === 'admin')) return row;
    if (row?.company_id && approvesFor(await companies.membershipOf(user.id), row.company_id)) return row;
    throw notFound('Order');
  }

  const { commitMove, move } = createOrderMoves({ repo, stock, notify, hooks, timeline, one });
  const purchases = createPurchase({ repo, stock, companies, place, one, shipTo });
  const approvals = createOrderApprovals({ repo, companyOrders, stock, notify, companies, rules, hooks, timeline, commitMove });

  return {
    // Issue 18: approve, reject, mark-paid, the approval and overdue sweeps, credit used, who sees a company's orders.
    ...approvals,

    // `POST /api/purchase` and the buyer's ship-to change (issue 29): purchase.ts.
    ...purchases,

    async list(query: OrderListQuery, user: SessionUser): Promise<{ items: readonly Order[]; total: number }> {
      const isAdmin = user.role === 'admin';
      const page = async (filter: Omit<Parameters<OrdersRepository['list']>[0], 'offset' | 'limit'>) => {
        const [rows, total] = await Promise.all([
          repo.list({ ...filter, offset: pageOffset(query.page, query.limit), limit: query.limit }),
          repo.count(filter),
        ]);
        return { items: await withLines(rows), total };
      };
      // Issue 19: `updatedSince` narrows every list (stored timestamps are ISO text in UTC).
      const updatedSince = query.updatedSince === undefined ? undefined : new Date(query.updatedSince).toISOString();
      const companyList = await companyListFilter(query, user, companies);
      if (companyList) return page({ ...companyList, updatedSince, from: query.from, to: query.to });
      if (query.order === undefined && !isAdmin) throw forbidden('Only admins can list every order');
      if (query.order !== undefined && !isAdmin && query.order.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden('You can only list your own orders');
      }
      const { from, to } = query;
      // The kept pages (own-order-pages.ts) are the unfiltered list only.
      const unfiltered = query.status === undefined && query.q === undefined && updatedSince === undefined && from === undefined && to === undefined;
      if (query.order !== undefined && !isAdmin && unfiltered) {
        return ownPages.read(user.id, query.page, query.limit);
      }
      const filter = {
        ...(query.order !== undefined ? (isAdmin ? { userEmail: query.order } : { userId: user.id }) : {}),
        status: query.status,
        q: query.q,
        updatedSince,
        from,
        to,
      };
      return page(filter);
    },

    /** One order with its timeline (issue 29): what happened, when, and who acted. */
    async get(id: string, user: SessionUser): Promise<Order> {
      const row = await readableOrder(id, user);
      const [order, steps] = await Promise.all([one(row), readTimeline(timeline, namesOf, id)]);
      return { ...order, timeline: steps };
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
      return move(row, 'cancelled', user.id);
    },

    async changeStatus(id: string, to: OrderStatus, user: SessionUser, shipment: ShipmentDetails = {}): Promise<Order> {
      const row = await visibleOrder(id, user);
      // Issue 18: approval, rejection and a bank transfer have their own routes (who decides, due date, invoice number, reference).
      if ((row.status === 'awaiting_approval' && to !== 'cancelled') || (row.status === 'invoiced' && to === 'paid')) {
        throw new AppError('INVALID_TRANSITION', row.status === 'invoiced' ? 'Record the payment with mark-paid' : 'Approve or reject the order instead');
      }
      return move(row, to, user.id, shipment);
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
          await stock.returnStock(trx, piecesOf(lines));
          await timeline.recordIn(
            trx,
            rows.map((r) => orderEvent('expired', r.id, SYSTEM, r.updated_at)),
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
