import {
  COMPANY_MESSAGES,
  dayOf,
  deliveryEstimate,
  lineAvailability,
  orderGrams,
  type DispatchRule,
  multiLineOrderName,
  planOrder,
  type BackorderSettings,
  type BuyerPrices,
  type CheckoutInput,
  type Order,
  type PaymentMethod,
  type TaxClass,
  type TaxContext,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { ProductRow } from '../products/products.repository.js';
import { backorderOf, pricedRow } from '../products/products.service.js';
import type { CompanyDirectory, Membership } from '../companies/company-directory.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { CreditLimitError, type CompanyOrdersRepository } from './company-orders.repository.js';
import { NEW_ORDER_BLANKS, PendingCapError, type OrderLineRow, type OrderRow, type OrdersRepository } from './orders.repository.js';
import { orderEvent, type OrderTimelineLog } from './order-timeline.js';
import { toOrder, toOrderLine, type StoredShippingMethod } from './order-view.js';
import type { OrderRules } from './order-types.js';

/** A product as an order line snapshots and prices it. */
export type LineProduct = Pick<
  ProductRow,
  | 'id'
  | 'sku'
  | 'name'
  | 'img'
  | 'price_e4'
  | 'price_tiers'
  | 'minimum_order_quantity'
  | 'order_multiple'
  | 'available_quantity'
  | 'archived'
  | 'backorder_allowed'
  | 'lead_time_days'
  | 'next_restock_date'
  | 'weight_grams'
  | 'tax_class'
>;

export interface NewOrderLine {
  product: LineProduct;
  quantity: number;
  /**
   * An accepted quote's price for this line (issue 17): the line is sold at exactly this unit
   * price instead of `linePrice`. Quantity rules are the caller's (a quoted line may pass 1000).
   */
  quotedUnitPriceE4?: number;
  /** The buyer's company prices for this product (issue 18): `linePrice` takes the lower of tier and company price. */
  buyerPrices?: BuyerPrices | undefined;
}

export interface NewOrder {
  user: SessionUser;
  lines: readonly NewOrderLine[];
  details?: Partial<CheckoutInput>;
  idempotencyKey?: string | undefined;
  idempotencyHash?: string | null;
  /**
   * The buyer's company membership (issue 18); undefined: the placement looks it up, so every
   * order placed by a member records its company and is held to the member's spending limit.
   */
  membership?: Membership | null;
  /** 'account' pays on the company's terms (invoiced, due later); default 'card'. */
  paymentMethod?: PaymentMethod;
  /** Issue 32: what a shop admin should check on this order (a punchout line sent at another price), shown to admins only. */
  reviewNote?: string | null;
  /** Issue 30: the tax context (the placement reads it in `prepare` when not given). */
  tax?: TaxContext | undefined;
  /**
   * Issue 30: how the order ships as its caller asks (a method's code, the collect account, a
   * quote's freight price); none: the cheapest method offered (`defaultShipping`).
   */
  shipping?: ShippingRequest | undefined;
}

/** Issue 30: what a caller asks of an order's shipping. */
export interface ShippingRequest {
  method?: string | undefined;
  carrierAccount?: string | undefined;
  /** An accepted quote's freight price, charged as quoted. */
  quotedPriceCents?: number | null | undefined;
}

/** Issue 30: the shipping an order is placed with (the shipping module's choice, services.ts). */
export interface ChosenShipping {
  method: StoredShippingMethod;
  priceCents: number;
  /** Working days in transit; null: unknown (a quoted freight), no delivery estimate. */
  transitDays: readonly [number, number] | null;
  rule: DispatchRule;
}

/** Issue 30: the shipping module's choice for an order's weight, goods' value and ship-to (400 for a method that does not fit). */
export type ShippingChooser = (
  request: ShippingRequest,
  facts: { grams: number; valueCents: number; country: string | null | undefined },
) => Promise<ChosenShipping | null>;

/**
 * The order row and its lines, at server prices (`linePrice`, the one pricing function). The
 * top-level product columns are, for a one-line order, exactly that line (the spec's order); for
 * several lines the first line's product, id, image and unit price, the name '<first> and N more',
 * the pieces of all lines and the order total.
 */
export function newOrderRows(
  o: NewOrder,
  unpaidTtlSeconds: number,
  shipping: ChosenShipping | null = null,
): { row: Omit<OrderRow, 'order_number'>; lines: OrderLineRow[] } {
  const id = newId();
  const now = nowIso();
  const membership = o.membership ?? null;
  const paymentMethod: PaymentMethod = o.paymentMethod ?? 'card';
  // The one plan of an order (packages/shared plan-order.ts), as the web's checkout makes it:
  // prices (tier, company price or the quote's), status and due date. Its line checks were the
  // callers' against the live product, and the stock is taken in the unit; its credit figure is
  // checked again under the company's lock (checkCreditIn), so only prices and status are read here.
  const plan = planOrder({
    buyer: membership && {
      spendingLimitCents: membership.spendingLimitCents === null ? null : Number(membership.spendingLimitCents),
      paymentTerms: membership.paymentTerms,
      creditLimitCents: null,
      creditUsedCents: 0,
    },
    lines: o.lines.map(({ product, quantity, quotedUnitPriceE4, buyerPrices }) => ({
      product: {
        ...pricedRow(product),
        minimumOrderQuantity: Number(product.minimum_order_quantity),
        orderMultiple: Number(product.order_multiple),
        availableQuantity: Number(product.available_quantity),
        archived: Boolean(product.archived),
        backorder: backorderOf(product),
        taxClass: (product.tax_class ?? 'standard') as TaxClass,
      },
      quantity,
      quotedUnitPriceE4,
      buyerPrices,
    })),
    paymentMethod,
    now,
    fulfilment: o.details?.fulfilment,
    tax: o.tax,
    shipping: shipping ? { priceCents: shipping.priceCents } : undefined,
  });
  // Issue 30: when it arrives: the dispatch (cutoff, stock, backorders' promised days) plus the method's transit days.
  const delivery = shipping?.transitDays ? deliveryEstimate({ now, rule: shipping.rule, transitDays: shipping.transitDays, backorders: plan.dispatch }) : null;
  const lines: OrderLineRow[] = o.lines.map(({ product, quantity }, i) => ({
    order_id: id,
    line_no: i + 1,
    product_id: product.id,
    sku: product.sku,
    product_name: product.name,
    product_img: product.img,
    unit_price_e4: plan.lines[i]!.unitPriceE4,
    quantity,
    line_total_cents: plan.lines[i]!.lineTotalCents,
    list_unit_price_e4: plan.lines[i]!.listUnitPriceE4,
    shipped_quantity: 0,
    // Issue 31: as planned from the stock read before the unit; the unit takes the stock and settles them.
    backordered: plan.lines[i]!.availability.backordered,
    promised_dispatch: plan.lines[i]!.availability.promisedDispatch,
    backorder_position: null,
    returned_quantity: 0,
    credited_quantity: 0,
    // Issue 30: as decided now, kept so the invoice reprints as it was.
    tax: plan.lines[i]!.tax ? JSON.stringify(plan.lines[i]!.tax) : null,
  }));
  const first = lines[0]!;
  const awaiting = plan.status === 'awaiting_approval';
  const invoiced = plan.status === 'invoiced';
  const row: Omit<OrderRow, 'order_number'> = {
    id,
    product_id: first.product_id,
    product_name: multiLineOrderName(first.product_name, lines.length),
    product_img: first.product_img,
    unit_price_e4: first.unit_price_e4,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    total_cents: plan.totalCents,
    user_id: o.user.id,
    user_email: o.user.email,
    status: plan.status,
    idempotency_key: o.idempotencyKey ?? null,
    ...NEW_ORDER_BLANKS,
    created_at: now,
    updated_at: now,
    expires_at: awaiting || invoiced ? null : new Date(Date.parse(now) + unpaidTtlSeconds * 1000).toISOString(),
    idempotency_hash: o.idempotencyHash ?? null,
    po_number: o.details?.poNumber ?? null,
    shipping_address: o.details?.shippingAddress ? JSON.stringify(o.details.shippingAddress) : null,
    note: o.details?.note ?? null,
    line_count: lines.length,
    company_id: membership?.companyId ?? null,
    payment_method: paymentMethod,
    awaiting_since: awaiting ? now : null,
    due_date: plan.dueDate,
    fulfilment: plan.fulfilment,
    credited_cents: 0,
    review_note: o.reviewNote ?? null,
    subtotal_cents: plan.totals.subtotalCents,
    tax_cents: plan.totals.taxTotalCents,
    tax_lines: JSON.stringify(plan.totals.tax),
    shipping_cents: plan.shippingCents,
    shipping_method: shipping ? JSON.stringify(shipping.method) : null,
    delivery_from: delivery?.from ?? null,
    delivery_to: delivery?.to ?? null,
  };
  return { row, lines };
}

export interface PlacementDeps {
  repo: OrdersRepository;
  companyOrders: Pick<CompanyOrdersRepository, 'checkCreditIn'>;
  rules: OrderRules;
  /** Who the buyer buys for (issue 18): membership, limits, terms, who approves. */
  companies?: Pick<CompanyDirectory, 'membershipOf' | 'approverEmails'> | undefined;
  /** Issue 29: the order's `placed` step, by its buyer, in its unit. */
  timeline: OrderTimelineLog;
  /** The payments module's next invoice number, inside the order's unit (wired in services.ts). */
  invoiceNumberIn?: ((trx: Transaction<DB>) => Promise<number>) | undefined;
  /** Issue 30: the tax context of an order (the tax module's, wired in services.ts); absent: no tax decided. */
  taxContext?: TaxContextSource | undefined;
  /** Issue 30: the shipping module's choice of method and charge (none: orders ship without a charge). */
  chooseShipping?: ShippingChooser | undefined;
}

/** Issue 30: the tax context for a buyer's company (null: none) and a ship-to (null: the seller's country) on `today`. */
export type TaxContextSource = (input: {
  companyId: string | null;
  destination: { country: string; region?: string | null | undefined } | null;
  today: string;
}) => Promise<TaxContext>;

/** 409 unless the membership may pay on account (a member of a company with payment terms). */
export function checkAccountPayment(membership: Membership | null): asserts membership is Membership {
  if (!membership) throw new AppError('CONFLICT', COMPANY_MESSAGES.notInCompany, { paymentMethod: COMPANY_MESSAGES.notInCompany });
  if (!membership.paymentTerms) throw new AppError('CONFLICT', COMPANY_MESSAGES.noTerms, { paymentMethod: COMPANY_MESSAGES.noTerms });
}

/** An order ready to be placed: its rows and what its unit checks, read before the unit opens. */
export interface PreparedOrder {
  row: Omit<OrderRow, 'order_number'>;
  lines: OrderLineRow[];
  /** The company's approvers and admins to ask, for an order that waits for approval. */
  approvers: readonly string[];
  /** An account order: the company's open account orders plus this one must stay within `limitCents`. */
  credit: { companyId: string; limitCents: number } | undefined;
  /** The stock the order takes, per line of a product that does not take backorders (all or nothing: 409). */
  pieces: { productId: string; quantity: number }[];
  /** Issue 31: the lines of products taking backorders: what stock there is, the rest backordered (decided in the unit). */
  flexible: { lineNo: number; productId: string; quantity: number; settings: BackorderSettings }[];
}

/** Issue 31: what a flexible line took of its product's stock in the unit, and its place in the product's queue when it waits. */
export interface FlexibleTake {
  taken: number;
  position: number | null;
}

/**
 * The orders module's side of placing an order (the unit itself is the place-order flow's,
 * flows/place-order.ts): `prepare` reads what the order needs before its unit (membership,
 * approvers: SQLite's one connection is the unit's until it commits) and plans it; `placeIn` runs
 * in the unit: the unpaid-order cap, the company's credit, the invoice number of an order invoiced
 * at once, the order and its lines with their number, its timeline step, its mail and webhooks.
 */
export function createOrderPlacement({ repo, companyOrders, rules, companies, timeline, invoiceNumberIn, chooseShipping, taxContext }: PlacementDeps) {
  /** The checks, the order and its lines, its timeline step: everything but the `order.placed` fact. */
  async function insertIn(uow: UnitOfWork, prepared: PreparedOrder): Promise<Order> {
    const { row, lines, credit } = prepared;
    try {
      if (rules.pendingMax > 0) await repo.checkPendingCapIn(uow.trx, row.user_id, rules.pendingMax);
      // The same pattern per company (company-orders.repository.ts): CreditLimitError past the limit.
      if (credit) await companyOrders.checkCreditIn(uow.trx, credit, Number(row.total_cents));
    } catch (error) {
      if (error instanceof PendingCapError) {
        throw new AppError('CONFLICT', `You already have ${error.max} unpaid orders. Pay or cancel one of them before ordering more.`);
      }
      if (error instanceof CreditLimitError) {
        throw new AppError('CREDIT_LIMIT_EXCEEDED', COMPANY_MESSAGES.creditLimitExceeded, { paymentMethod: COMPANY_MESSAGES.creditLimitExceeded });
      }
      throw error;
    }
    const placed = invoiceNumberIn && row.status === 'invoiced' ? { ...row, invoice_number: await invoiceNumberIn(uow.trx) } : row;
    const numbered = await repo.insertIn(uow.trx, placed, lines);
    await timeline.recordIn(uow.trx, [orderEvent('placed', numbered.id, row.user_id, numbered.created_at)]);
    return toOrder(numbered, lines);
  }

  return {
    async prepare(o: NewOrder): Promise<PreparedOrder> {
      const membership = o.membership !== undefined ? o.membership : ((await companies?.membershipOf(o.user.id)) ?? null);
      if (o.paymentMethod === 'account') checkAccountPayment(membership);
      const ship = o.details?.shippingAddress;
      const tax =
        o.tax ??
        (taxContext &&
          (await taxContext({
            companyId: membership?.companyId ?? null,
            destination: ship ? { country: ship.country, region: ship.region ?? null } : null,
            today: nowIso().slice(0, 10),
          })));
      const goods = newOrderRows({ ...o, membership, tax }, rules.unpaidTtlSeconds);
      // Issue 30: the method is chosen on the goods' weight and value (before tax and shipping), then the order planned with its charge.
      const chosen = chooseShipping
        ? await chooseShipping(o.shipping ?? {}, {
            grams: orderGrams(
              o.lines.map(({ product, quantity }) => ({ quantity, weightGrams: product.weight_grams == null ? null : Number(product.weight_grams) })),
            ),
            valueCents: Number(goods.row.subtotal_cents ?? goods.row.total_cents),
            country: o.details?.shippingAddress?.country,
          })
        : null;
      const { row, lines } = chosen ? newOrderRows({ ...o, membership, tax }, rules.unpaidTtlSeconds, chosen) : goods;
      const approvers = row.status === 'awaiting_approval' && row.company_id && companies ? await companies.approverEmails(row.company_id) : [];
      const credit =
        row.payment_method === 'account' && membership?.creditLimitCents != null
          ? { companyId: membership.companyId, limitCents: Number(membership.creditLimitCents) }
          : undefined;
      const settings = new Map(o.lines.map(({ product }) => [product.id, backorderOf(product)]));
      const flexibleIds = new Set(o.lines.filter(({ product }) => settings.get(product.id)!.allowed).map(({ product }) => product.id));
      return {
        row,
        lines,
        approvers,
        credit,
        pieces: lines.filter((l) => !flexibleIds.has(l.product_id)).map((l) => ({ productId: l.product_id, quantity: l.quantity })),
        flexible: lines
          .filter((l) => flexibleIds.has(l.product_id))
          .map((l) => ({ lineNo: l.line_no, productId: l.product_id, quantity: l.quantity, settings: settings.get(l.product_id)! })),
      };
    },

    /** In the order's unit; throws a 409 for the cap or CREDIT_LIMIT_EXCEEDED (rolling the unit back). */
    async placeIn(uow: UnitOfWork, prepared: PreparedOrder): Promise<Order> {
      const order = await insertIn(uow, prepared);
      await uow.record('order.placed', { order, approverEmails: prepared.approvers });
      return order;
    },

    /**
     * Issue 31: an order with lines of products taking backorders is inserted first (as planned),
     * its stock taken in the unit after (what there is then, first come first served), and settled
     * here: each flexible line's backordered pieces, promised day and place in its product's queue
     * as the unit took them (`lineAvailability` again, on what was taken); then `order.placed`.
     */
    insertIn: (uow: UnitOfWork, prepared: PreparedOrder) => insertIn(uow, prepared),
    async settleIn(uow: UnitOfWork, prepared: PreparedOrder, order: Order, taken: ReadonlyMap<number, FlexibleTake>): Promise<Order> {
      const today = dayOf(prepared.row.created_at);
      const settled = prepared.lines.map((l) => {
        const flexible = prepared.flexible.find((f) => f.lineNo === l.line_no);
        const take = taken.get(l.line_no);
        if (!flexible || !take) return l;
        const a = lineAvailability(l.quantity, take.taken, flexible.settings, today);
        return { ...l, backordered: a.backordered, promised_dispatch: a.promisedDispatch, backorder_position: take.position };
      });
      const changed = settled.filter((l, i) => l !== prepared.lines[i]);
      if (changed.length) await repo.settleBackordersIn(uow.trx, changed);
      const final = changed.length ? { ...order, lines: settled.map(toOrderLine) } : order;
      await uow.record('order.placed', { order: final, approverEmails: prepared.approvers });
      return final;
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;

/** What a caller adds to a new order's unit: `claim` first (a checkout's cart taken), `alongside` after the order is in (a remembered ship-to, an accepted quote). */
export interface PlacementSteps {
  claim?: ((uow: UnitOfWork, orderId: string) => Promise<void>) | undefined;
  alongside?: ((uow: UnitOfWork, order: Order) => Promise<void>) | undefined;
}

/** The place-order flow (flows/place-order.ts) as the modules that order are given it (services.ts). */
export type PlaceOrder = (o: NewOrder, steps?: PlacementSteps) => Promise<Order>;
