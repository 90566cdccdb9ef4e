import { createHash } from 'node:crypto';
import {
  CART_MESSAGES,
  lineQuantityMax,
  MESSAGES,
  quantityError,
  reorderCappedMessage,
  stockErrorMessage,
  type CheckoutInput,
  type ErrorLine,
  type Order,
  type ReorderInput,
  type ReorderResult,
  type ShippingAddress,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import { AppError } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';
import { CartChangedError, type CartService } from '../modules/cart/cart.service.js';
import { lineProblem } from '../modules/cart/cart-view.js';
import { ownCart } from '../modules/cart/cart-owner.js';
import type { CompanyDirectory } from '../modules/companies/company-directory.js';
import { buyerPricesIn } from '../modules/products/price-book.js';
import { StockShortError, type ProductsService } from '../modules/products/products.service.js';
import { checkAccountPayment } from '../modules/orders/order-placement.js';
import type { CartCheckout } from '../modules/orders/checkout.routes.js';
import type { OrderRow } from '../modules/orders/orders.repository.js';
import type { OrdersService } from '../modules/orders/orders.service.js';

type Pieces = readonly { product_id: string; quantity: number }[];

/** What an Idempotency-Key promises to repeat at checkout: the same cart lines and the same body. */
export function checkoutHash(input: CheckoutInput, lines: Pieces): string {
  const a = input.shippingAddress;
  const cart = [...lines].map((l) => [l.product_id, Number(l.quantity)] as const).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const body = [
    input.poNumber ?? null,
    input.note ?? null,
    [a.company, a.name, a.line1, a.line2, a.city, a.postalCode, a.country, a.phone].map((v) => v ?? null),
  ];
  // Issue 18: paying on account is another order than paying by card (card keeps the hash orders had before).
  const parts = input.paymentMethod === 'account' ? [body, cart, 'account'] : [body, cart];
  // Issue 31: shipping complete is another order too (the default keeps the hash).
  if (input.fulfilment === 'ship_complete') parts.push('ship_complete');
  // Issue 30: another shipping method (or collect account) is another order (none chosen keeps the hash).
  if (input.shippingMethod !== undefined) parts.push(['shipping', input.shippingMethod.toLowerCase(), input.carrierAccount ?? null]);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface CheckoutDeps {
  orders: Pick<OrdersService, 'place' | 'findByIdempotencyKey' | 'linesOf' | 'withLines' | 'ownLines' | 'get'>;
  cart: Pick<CartService, 'forCheckout' | 'takeIn' | 'checkoutState' | 'addProducts'>;
  products: Pick<ProductsService, 'findMany'>;
  /** The address is remembered for the next checkout, in the order's own transaction. */
  profiles: { rememberShippingAddressIn(trx: Transaction<DB>, userId: string, address: ShippingAddress): Promise<void> };
  /** Issue 18: the buyer's company (terms, limits) and its prices. */
  companies?: Pick<CompanyDirectory, 'membershipOf' | 'priceBookFor'>;
}

/**
 * The checkout flow (issue 29: a use case over the cart, products, companies, profiles and
 * orders, so it lives with the flows). The cart becomes one order (ADR 0015): every line checked
 * by the shared rules, then one unit through the place-order flow's placement (pending cap, number, mail, group commit on SQLite), which first
 * takes the cart's lines as they were read (issue 28: of overlapping checkouts of one cart exactly
 * one makes an order, the others answer 409 naming it), then takes every line's stock in
 * product-id order and remembers the address; any short line rolls all of it back and is named in the 409.
 */
export function createCheckoutCart({ orders, cart, products, profiles, companies }: CheckoutDeps): CartCheckout {
  /** 409: this cart is already `orderId` (its number named, so the buyer can find it). */
  async function alreadyOrdered(orderId: string, user: SessionUser): Promise<AppError> {
    const order = await orders.get(orderId, user).catch(() => null);
    const details = order ? { orderId: order._id, orderNumber: order.orderNumber } : undefined;
    return new AppError('CART_ALREADY_ORDERED', CART_MESSAGES.alreadyOrdered, undefined, undefined, details);
  }

  return {
    async checkout(input: CheckoutInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }> {
      // Independent reads together (issue 29: on PostgreSQL one round trip's wait instead of three):
      // the cart, the key's earlier order, the buyer's company. They are only read here; every check
      // below runs in the order it always did (a replay answers before the cart's or the payment's checks).
      const [seen, keyed, member] = await Promise.all([
        cart.forCheckout(user.id),
        idempotencyKey ? orders.findByIdempotencyKey(user.id, idempotencyKey) : undefined,
        companies?.membershipOf(user.id),
      ]);
      const stored = seen.lines;
      const hash = idempotencyKey ? checkoutHash(input, stored) : null;
      /** A retry repeats its order: the same cart and body, or the same body once that order has emptied the cart. */
      const replay = async (existing: OrderRow) => {
        if (existing.idempotency_hash !== null && existing.idempotency_hash !== hash) {
          const emptiedByIt = stored.length === 0 && existing.idempotency_hash === checkoutHash(input, await orders.linesOf([existing.id]));
          if (!emptiedByIt) {
            throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order', {
              'Idempotency-Key': 'Already used with a different cart or address; use a new key for a new order',
            });
          }
        }
        return { order: (await orders.withLines([existing]))[0]!, created: false };
      };
      /** The key's order, answered again, when there is one. */
      const replayed = async () => {
        const existing = idempotencyKey ? await orders.findByIdempotencyKey(user.id, idempotencyKey) : undefined;
        return existing ? replay(existing) : undefined;
      };
      const earlier = keyed ? await replay(keyed) : undefined;
      if (earlier) return earlier;
      // Emptied by a checkout and nothing added since: this cart is that order.
      if (seen.orderedAs) throw await alreadyOrdered(seen.orderedAs, user);

      // Issue 18: paying on account needs a company with terms; a member pays the company's prices.
      const membership = member ?? null;
      if (input.paymentMethod === 'account') checkAccountPayment(membership);
      const productIds = stored.map((s) => s.product_id);
      const [rows, book] = await Promise.all([products.findMany(productIds), membership && companies ? companies.priceBookFor(user.id, productIds) : null]);
      const found = new Map(rows.map((p) => [p.id, p]));
      const lines = [];
      const problems: ErrorLine[] = [];
      let stockOnly = true;
      for (const s of stored) {
        const product = found.get(s.product_id);
        // A product deleted since it was added: the cart no longer shows it, the order leaves it out.
        if (!product) continue;
        const quantity = Number(s.quantity);
        const problem = lineProblem(product, quantity);
        if (problem) {
          problems.push({ productId: product.id, sku: product.sku, message: problem });
          const rulesOk =
            quantityError(quantity, {
              minimumOrderQuantity: product.minimum_order_quantity,
              availableQuantity: Number.MAX_SAFE_INTEGER,
              orderMultiple: Number(product.order_multiple),
            }) === null;
          if (product.archived || !rulesOk) stockOnly = false;
        }
        lines.push({ product, quantity, buyerPrices: buyerPricesIn(book, product.id) });
      }
      if (lines.length === 0) throw new AppError('VALIDATION_FAILED', CART_MESSAGES.cartEmpty, { cart: CART_MESSAGES.cartEmpty });
      if (problems.length) {
        if (stockOnly) throw shortOf(problems);
        throw new AppError('VALIDATION_FAILED', CART_MESSAGES.cannotCheckout, undefined, problems);
      }

      try {
        const order = await orders.place(
          {
            user,
            lines,
            details: input,
            idempotencyKey,
            idempotencyHash: hash,
            membership,
            paymentMethod: input.paymentMethod,
            shipping: { method: input.shippingMethod, carrierAccount: input.carrierAccount },
          },
          {
            // First in the unit: exactly the lines read above, or the unit rolls back (CartChangedError).
            claim: (uow, orderId) => cart.takeIn(uow.trx, user.id, seen, orderId),
            alongside: (uow) => profiles.rememberShippingAddressIn(uow.trx, user.id, input.shippingAddress),
          },
        );
        return { order, created: true };
      } catch (error) {
        if (error instanceof StockShortError) {
          throw shortOf(error.short.map((s) => ({ productId: s.productId, sku: found.get(s.productId)?.sku ?? '', message: stockErrorMessage(s.available) })));
        }
        // A concurrent retry with the same key won (the unique index, or the cart it took first): answer with its order.
        const retried = await replayed();
        if (retried) return retried;
        if (error instanceof CartChangedError) {
          // Another checkout moved the version: it made this cart an order. Otherwise a line changed meanwhile.
          const now = await cart.checkoutState(user.id);
          if (now.version !== seen.version && now.orderId) throw await alreadyOrdered(now.orderId, user);
          throw new AppError('CONFLICT', CART_MESSAGES.cartChanged);
        }
        throw error;
      }
    },

    /**
     * `POST /api/purchase/:id/reorder`: the order's lines into the cart at today's prices, each line
     * growing by the order's pieces up to what one line may hold (see cart.addProducts); 'replace'
     * (issue 29) first empties the cart in the same unit. The answer names, by the order's SKU and
     * name, each line not added (its product is gone) and each line added that needs the buyer
     * (the cart line's problem, or capped), so the buyer hears why without reading the whole cart.
     */
    async reorder(orderId: string, user: SessionUser, { mode }: ReorderInput = { mode: 'add' }): Promise<ReorderResult> {
      const lines = await orders.ownLines(orderId, user);
      const {
        cart: after,
        missing,
        capped,
      } = await cart.addProducts(
        ownCart(user.id),
        lines.map((l) => ({ productId: l.product_id, quantity: Number(l.quantity) })),
        { replace: mode === 'replace' },
      );
      const gone = new Set(missing);
      const wasCapped = new Set(capped);
      const inCart = new Map(after.lines.map((l) => [l.productId, l]));
      // One note per product (an order names a product once, but a note is about the product).
      const once = [...new Map(lines.map((l) => [l.product_id, l])).values()];
      const note = (l: (typeof lines)[number], message: string) => ({ productId: l.product_id, sku: l.sku, name: l.product_name, message });
      const skipped = once.filter((l) => gone.has(l.product_id)).map((l) => note(l, MESSAGES.productUnavailable));
      const needsAttention = once.flatMap((l) => {
        const line = inCart.get(l.product_id);
        if (!line || gone.has(l.product_id)) return [];
        if (line.problem) return [note(l, line.problem)];
        return wasCapped.has(l.product_id) ? [note(l, reorderCappedMessage(lineQuantityMax(line.orderMultiple)))] : [];
      });
      return { ...after, added: once.length - skipped.length, skipped, needsAttention };
    },
  };
}

/** 409 naming every short line. */
function shortOf(lines: ErrorLine[]): AppError {
  const message = lines.length === 1 ? `${lines[0]!.sku}: ${lines[0]!.message}` : `${lines.length} lines are short of stock; nothing was ordered`;
  return new AppError('INSUFFICIENT_STOCK', message, undefined, lines);
}
