import { createHash } from 'node:crypto';
import { isMultipleOf, quantityError, stockErrorMessage, stockForRules, type Order, type PurchaseInput, type ShippingAddress } from '@bulkparts/shared';
import { AppError, notFound } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';
import type { CompanyDirectory } from '../modules/companies/company-directory.js';
import { buyerPricesIn } from '../modules/products/price-book.js';
import type { ProductPurchase } from '../modules/orders/orders.routes.js';
import type { OrderRow } from '../modules/orders/orders.repository.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { backorderOf, StockShortError, type ProductsService } from '../modules/products/products.service.js';
import type { ShipToBook } from './ship-to-book.js';

/** The address's parts in a fixed order, so equal addresses hash alike whatever order the JSON had. */
const addressParts = (a: ShippingAddress) => [a.company, a.name, a.line1, a.line2, a.city, a.postalCode, a.country, a.phone].map((v) => v ?? null);

/**
 * What an Idempotency-Key promises to repeat: the same product and quantity, and (issue 29) the
 * same ship-to, PO number, note and payment method. A body without any of them (the spec's
 * clients) keeps the hash such orders had before.
 */
export function purchaseHash(input: PurchaseInput): string {
  const details = [input.poNumber ?? null, input.note ?? null, input.shippingAddress ? addressParts(input.shippingAddress) : null];
  const plain =
    details.every((d) => d === null) && input.paymentMethod === 'card' && input.fulfilment !== 'ship_complete' && input.shippingMethod === undefined;
  // Issue 31: shipping complete is another order (the default keeps the hash orders had before).
  const parts = plain
    ? [input.productId, input.quantity]
    : [
        input.productId,
        input.quantity,
        details,
        input.paymentMethod,
        ...(input.fulfilment === 'ship_complete' ? ['ship_complete'] : []),
        // Issue 30: another shipping method is another order (none chosen keeps the hash).
        ...(input.shippingMethod !== undefined ? [['shipping', input.shippingMethod.toLowerCase(), input.carrierAccount ?? null]] : []),
      ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface PurchaseProductDeps {
  orders: Pick<OrdersService, 'place' | 'findByIdempotencyKey' | 'withLines'>;
  products: Pick<ProductsService, 'findOrderable'>;
  /** Issue 18: a member records the company, pays the company's price and is held to their limit. */
  companies: Pick<CompanyDirectory, 'membershipOf' | 'priceBookFor'>;
  shipTo: ShipToBook;
}

/**
 * `POST /api/purchase` (the spec's one-line order; issue 29: a use case over products, companies,
 * profiles and orders, so it lives with the flows). The product's quantity rule is checked first
 * (400 for the buyer's mistakes, 409 for stock), then the order goes through the place-order flow
 * as a checkout's does: the checkout's details, payment rules, credit check, and a given ship-to
 * remembered in the order's unit (none given: the buyer's last one).
 */
export function createPurchaseProduct({ orders, products, companies, shipTo }: PurchaseProductDeps): ProductPurchase {
  return async function purchase(input: PurchaseInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }> {
    const hash = idempotencyKey ? purchaseHash(input) : null;
    /** The order a retry repeats; the same key with another body is the client's mistake, not a retry. */
    const replay = async (existing: OrderRow) => {
      if (existing.idempotency_hash !== null && existing.idempotency_hash !== hash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order', {
          'Idempotency-Key': 'Already used with a different product, quantity or order details; use a new key for a new order',
        });
      }
      return { order: (await orders.withLines([existing]))[0]!, created: false };
    };
    if (idempotencyKey) {
      const existing = await orders.findByIdempotencyKey(user.id, idempotencyKey);
      if (existing) return await replay(existing);
    }
    const product = await products.findOrderable(input.productId);
    if (!product) throw notFound('Product');
    const orderMultiple = Number(product.order_multiple);
    // Issue 31: a product taking backorders takes a line beyond its stock (the rest backordered).
    const message = quantityError(input.quantity, {
      minimumOrderQuantity: product.minimum_order_quantity,
      availableQuantity: stockForRules(product.available_quantity, backorderOf(product)),
      orderMultiple,
    });
    if (message) {
      // A quantity off the pack multiple is the buyer's to fix (400) even when stock is short too.
      const code = input.quantity > product.available_quantity && isMultipleOf(input.quantity, orderMultiple) ? 'INSUFFICIENT_STOCK' : 'VALIDATION_FAILED';
      throw new AppError(code, message, { quantity: message });
    }
    const membership = await companies.membershipOf(user.id);
    const [book, lastShipTo] = await Promise.all([
      membership ? companies.priceBookFor(user.id, [product.id]) : null,
      input.shippingAddress ? null : shipTo.lastOf(user.id),
    ]);
    const given = input.shippingAddress;
    try {
      const order = await orders.place(
        {
          user,
          lines: [{ product, quantity: input.quantity, buyerPrices: buyerPricesIn(book, product.id) }],
          details: { poNumber: input.poNumber, note: input.note, shippingAddress: given ?? lastShipTo ?? undefined, fulfilment: input.fulfilment },
          idempotencyKey,
          idempotencyHash: hash,
          membership,
          // 'account' is checked by the placement as at checkout (a company with terms, its credit limit).
          paymentMethod: input.paymentMethod,
          // Issue 30: the method asked for, else the cheapest offered for the product's weight and the ship-to.
          shipping: { method: input.shippingMethod, carrierAccount: input.carrierAccount },
        },
        // A ship-to given here is remembered for the next order, in its unit, as the checkout's is.
        { alongside: given ? (uow) => shipTo.rememberIn(uow.trx, user.id, given) : undefined },
      );
      return { order, created: true };
    } catch (error) {
      if (error instanceof StockShortError) {
        const msg = stockErrorMessage(error.short[0]?.available ?? 0);
        throw new AppError('INSUFFICIENT_STOCK', msg, { quantity: msg });
      }
      // A concurrent retry with the same key won the unique index: answer with its order.
      if (idempotencyKey) {
        const existing = await orders.findByIdempotencyKey(user.id, idempotencyKey);
        if (existing) return await replay(existing);
      }
      throw error;
    }
  };
}
