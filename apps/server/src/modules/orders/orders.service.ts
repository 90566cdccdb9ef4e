import type { Order, OrderListQuery, OrderStatus } from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import type { SessionUser } from '../../lib/session-user.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { CompanyOrdersRepository } from './company-orders.repository.js';
import { approvesFor, companyListFilter, createOrderApprovals } from './order-approvals.js';
import { createOrderMoves, type MoveOrder, type ShipmentDetails } from './order-moves.js';
import type { PlaceOrder } from './order-placement.js';
import { createOrderReads } from './order-reads.js';
import type { OrderSweeps } from './order-sweeps.js';
import { readTimeline, type OrderTimelineLog } from './order-timeline.js';
import { toOrder } from './order-view.js';
import { createOwnOrderPages } from './own-order-pages.js';
import type { DeliverOrder, OrderHooks, OrderRules, ShipOrder } from './order-types.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export { toOrder };

/** Issue 32: a shop admin's answers carry what they should check on the order (never the buyer's or an approver's). */
function withReviewNote(order: Order, row: Pick<OrderRow, 'review_note'>): Order {
  return row.review_note ? { ...order, reviewNote: row.review_note } : order;
}

const DEFAULT_RULES: OrderRules = { unpaidTtlSeconds: 1800, pendingMax: 20 };

/** Nobody is in a company (the default when no companies module is wired, e.g. unit tests). */
const NO_COMPANIES: CompanyDirectory = {
  membershipOf: async () => null,
  priceBookFor: async () => null,
  priceListKey: async () => null,
  approverEmails: async () => [],
  adminEmails: async () => [],
  memberIdsOf: async () => [],
  knownCompanyIds: async () => new Set(),
  invoiceParty: async () => null,
  taxProfile: async () => null,
};

/**
 * The orders module's reads and rules. Its writes run in the units of the flows it is given
 * (src/flows/, built by services.ts, issue 29): placing, moving, sweeping, a ship-to change.
 */
export interface OrdersDeps {
  repo: OrdersRepository;
  /** Issue 18: the orders table's company side (credit used). */
  companyOrders: CompanyOrdersRepository;
  placeOrder: PlaceOrder;
  moveOrder: MoveOrder;
  sweeps: OrderSweeps;
  hooks?: OrderHooks;
  rules?: OrderRules;
  /** Issue 18: memberships, limits, terms, company prices, who approves (the companies service). */
  companies?: CompanyDirectory;
  /** Issue 29: the events log (each change's timeline step, written in its unit) and the actors' names (users). */
  timeline: Pick<OrderTimelineLog, 'of'>;
  namesOf: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /** Issue 31: the ship and deliver flows (flows/ship-order.ts): the spec's "shipped" and "delivered" moves go through them. */
  shipping: { ship: ShipOrder; deliverOrder: DeliverOrder };
}

export function createOrdersService({
  repo,
  companyOrders,
  placeOrder,
  moveOrder,
  sweeps,
  hooks = {},
  rules = DEFAULT_RULES,
  companies = NO_COMPANIES,
  timeline,
  namesOf,
  shipping,
}: OrdersDeps) {
  const { withLines, one } = createOrderReads(repo);
  const ownPages = createOwnOrderPages(repo, withLines);

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

  const { move } = createOrderMoves({ hooks, moveOrder });
  const approvals = createOrderApprovals({ repo, companyOrders, companies, rules, hooks, commitMove: moveOrder });

  return {
    // Issue 18: approve, reject, mark-paid, the approval and overdue sweeps, credit used, who sees a company's orders.
    ...approvals,

    async list(query: OrderListQuery, user: SessionUser): Promise<{ items: readonly Order[]; total: number }> {
      const isAdmin = user.role === 'admin';
      const page = async (filter: Omit<Parameters<OrdersRepository['list']>[0], 'offset' | 'limit'>) => {
        const [rows, total] = await Promise.all([
          repo.list({ ...filter, offset: pageOffset(query.page, query.limit), limit: query.limit }),
          repo.count(filter),
        ]);
        const items = await withLines(rows);
        return { items: isAdmin ? items.map((o, i) => withReviewNote(o, rows[i]!)) : items, total };
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
      return { ...(user.role === 'admin' ? withReviewNote(order, row) : order), timeline: steps };
    },

    /** Issue 31: an order by id as the API answers it, without any access check (a credit note's own check came first). */
    async byId(id: string): Promise<Order | undefined> {
      const row = await repo.findById(id);
      return row && one(row);
    },

    /** Issue 31: the order as `user` may read it (buyer, company approvers and admins, shop admins), without its timeline. */
    readable: async (id: string, user: SessionUser): Promise<Order> => one(await readableOrder(id, user)),

    /** The buyer's own order (a ship-to change); anyone else's answers 404 like a missing one. */
    async ownRow(id: string, user: SessionUser): Promise<OrderRow> {
      const row = await repo.findById(id);
      if (!row || row.user_id !== user.id) throw notFound('Order');
      return row;
    },

    /** The buyer's own order with its lines (reorder); anyone else's answers 404 like a missing one. */
    async ownLines(id: string, user: SessionUser) {
      const row = await repo.findById(id);
      if (!row || row.user_id !== user.id) throw notFound('Order');
      return repo.linesOf([id]);
    },

    /** Places a new order through the place-order flow (flows/place-order.ts). */
    place: placeOrder,
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
      // Issue 31: "shipped" ships every piece left in one shipment; "delivered" delivers every shipment; a part ships with its lines.
      if (to === 'partially_shipped') throw new AppError('INVALID_TRANSITION', 'Ship some lines with POST /api/purchase/{id}/shipments');
      if (to === 'shipped') return (await shipping.ship(id, { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber }, user.id)).order;
      if (to === 'delivered') return shipping.deliverOrder(id, user.id);
      return move(row, to, user.id);
    },

    /** Whether any order names the product (the catalogue archives such a product instead of deleting it). */
    hasOrdersForProduct: (productId: string) => repo.hasOrdersForProduct(productId),
    imageInUse: (url: string) => repo.imageInUse(url),

    /** The background rounds (flows/sweep-orders.ts): expire unpaid orders, reject stale approvals, remind overdue invoices. */
    expireDue: (limit = 100) => sweeps.expireUnpaid(limit),
    rejectStaleApprovals: (at?: Date, limit?: number) => sweeps.rejectStaleApprovals(at, limit),
    remindOverdue: (at?: Date, limit?: number) => sweeps.remindOverdue(at, limit),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
