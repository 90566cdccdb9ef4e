import { linePrice, multiLineOrderName, type CheckoutInput, type Order } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { ProductRow } from '../products/products.repository.js';
import { pricedRow, type ProductsService } from '../products/products.service.js';
import { NEW_ORDER_BLANKS, PendingCapError, type OrderLineRow, type OrderRow, type OrdersRepository } from './orders.repository.js';
import { toOrder } from './order-view.js';
import type { OrderNotifier, OrderRules } from './orders.service.js';

/** A product as an order line snapshots and prices it. */
export type LineProduct = Pick<ProductRow, 'id' | 'sku' | 'name' | 'img' | 'price_cents' | 'price_tiers'>;

export interface NewOrderLine {
  product: LineProduct;
  quantity: number;
  /**
   * An accepted quote's price for this line (issue 17): the line is sold at exactly this unit
   * price instead of `linePrice`. Quantity rules are the caller's (a quoted line may pass 1000).
   */
  quotedUnitPriceCents?: number;
}

export interface NewOrder {
  user: SessionUser;
  lines: readonly NewOrderLine[];
  details?: Partial<CheckoutInput>;
  idempotencyKey?: string | undefined;
  idempotencyHash?: string | null;
}

/**
 * The order row and its lines, at server prices (`linePrice`, the one pricing function). The
 * top-level product columns are, for a one-line order, exactly that line (the spec's order); for
 * several lines the first line's product, id, image and unit price, the name '<first> and N more',
 * the pieces of all lines and the order total.
 */
export function newOrderRows(o: NewOrder, unpaidTtlSeconds: number): { row: Omit<OrderRow, 'order_number'>; lines: OrderLineRow[] } {
  const id = newId();
  const lines: OrderLineRow[] = o.lines.map(({ product, quantity, quotedUnitPriceCents }, i) => {
    const price =
      quotedUnitPriceCents === undefined
        ? linePrice(pricedRow(product), quantity)
        : { unitPriceCents: quotedUnitPriceCents, lineTotalCents: quotedUnitPriceCents * quantity };
    return {
      order_id: id,
      line_no: i + 1,
      product_id: product.id,
      sku: product.sku,
      product_name: product.name,
      product_img: product.img,
      unit_price_cents: price.unitPriceCents,
      quantity,
      line_total_cents: price.lineTotalCents,
    };
  });
  const first = lines[0]!;
  const now = nowIso();
  const row: Omit<OrderRow, 'order_number'> = {
    id,
    product_id: first.product_id,
    product_name: multiLineOrderName(first.product_name, lines.length),
    product_img: first.product_img,
    unit_price_cents: first.unit_price_cents,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    total_cents: lines.reduce((n, l) => n + l.line_total_cents, 0),
    user_id: o.user.id,
    user_email: o.user.email,
    status: 'pending',
    idempotency_key: o.idempotencyKey ?? null,
    ...NEW_ORDER_BLANKS,
    created_at: now,
    updated_at: now,
    expires_at: new Date(Date.parse(now) + unpaidTtlSeconds * 1000).toISOString(),
    idempotency_hash: o.idempotencyHash ?? null,
    po_number: o.details?.poNumber ?? null,
    shipping_address: o.details?.shippingAddress ? JSON.stringify(o.details.shippingAddress) : null,
    note: o.details?.note ?? null,
    line_count: lines.length,
    company_id: null,
    payment_method: 'card',
  };
  return { row, lines };
}

export interface PlacementDeps {
  repo: OrdersRepository;
  stock: Pick<ProductsService, 'takeStockMany' | 'stockCommitted'>;
  notify: OrderNotifier;
  rules: OrderRules;
}

/**
 * One new order as one unit (ADR 0004, 0007): the unpaid-order cap, the order and its lines, the
 * confirmation mail, `alsoWrite` (the emptied cart, the remembered address), and last every line's
 * stock in product-id order. Throws StockShortError (nothing taken) or a 409 for the cap.
 */
export function createOrderPlacement({ repo, stock, notify, rules }: PlacementDeps) {
  // `alsoWrite` gets the new order too (an accepted quote records the order's id in the same unit).
  return async function place(o: NewOrder, alsoWrite?: (trx: Transaction<DB>, order: Order) => Promise<void>): Promise<Order> {
    const { row, lines } = newOrderRows(o, rules.unpaidTtlSeconds);
    const placing = notify.placing();
    let order: Order | undefined;
    try {
      // The stock is taken by the products service inside this order's transaction; once the
      // unit has ended the products service clears its cached catalogue (ADR 0012).
      await repo.placeOrder(row, lines, {
        pendingMax: rules.pendingMax,
        alsoWrite: async (trx, numbered) => {
          order = toOrder(numbered, lines);
          await placing.write(trx, order);
          await alsoWrite?.(trx, order);
        },
        takeStock: (trx) =>
          stock.takeStockMany(
            trx,
            lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
          ),
      });
    } catch (error) {
      if (error instanceof PendingCapError) {
        throw new AppError('CONFLICT', `You already have ${error.max} unpaid orders. Pay or cancel one of them before ordering more.`);
      }
      throw error;
    } finally {
      stock.stockCommitted();
    }
    placing.committed();
    return order!;
  };
}

export type PlaceOrder = ReturnType<typeof createOrderPlacement>;
