import { MESSAGES, stockErrorMessage, type Order, type Quote, type QuoteAcceptInput } from '@bulkparts/shared';
import { AppError } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { StockShortError, type ProductsService } from '../modules/products/products.service.js';
import type { QuoteAcceptance } from '../modules/quotes/quotes.routes.js';
import type { QuotesService } from '../modules/quotes/quotes.service.js';
import type { ShipToBook } from './ship-to-book.js';

/** Thrown inside the order's unit when the quote was accepted, declined or expired meanwhile: the order rolls back. */
class QuoteMovedError extends Error {}

export interface AcceptQuoteDeps {
  quotes: Pick<QuotesService, 'acceptance'>;
  products: Pick<ProductsService, 'findMany'>;
  orders: Pick<OrdersService, 'place'>;
  /** Issue 29: the buyer's last ship-to (an order without one ships there) and where a given one is remembered. */
  shipTo: ShipToBook;
}

/**
 * `POST /api/quotes/:id/accept` (the buyer; issue 29: a use case over quotes, products, profiles
 * and orders, so it lives with the flows): an order at exactly the quoted prices and pieces (past
 * the 1000-piece line cap), placed through the place-order flow, which takes the stock and applies
 * the unpaid-order cap; the quote becomes `accepted` with the order's id in that order's own unit,
 * so a concurrent accept, decline or expiry rolls this order back. With the checkout's details as
 * `POST /api/purchase` takes them (ship-to, PO number, note, payment method); without a ship-to the
 * order takes the buyer's last one, and a given one is remembered in the order's unit.
 */
export function createAcceptQuote({ quotes, products, orders, shipTo }: AcceptQuoteDeps): QuoteAcceptance {
  const { acceptance } = quotes;
  return async function acceptQuote(
    id: string,
    user: SessionUser,
    input: QuoteAcceptInput = { poNumber: undefined, note: undefined, paymentMethod: 'card', fulfilment: 'ship_as_available' },
  ): Promise<{ quote: Quote; order: Order }> {
    const lines = await acceptance.linesToAccept(id, user);
    const given = input.shippingAddress;
    const [found, lastShipTo, quotedShipping] = await Promise.all([
      products.findMany(lines.map((l) => l.product_id)).then((rows) => new Map(rows.map((p) => [p.id, p]))),
      given ? null : shipTo.lastOf(user.id),
      acceptance.shippingOf(id),
    ]);
    const gone = lines.filter((l) => found.get(l.product_id)?.archived !== 0);
    if (gone.length) {
      throw new AppError(
        'CONFLICT',
        `${gone.length === 1 ? `${gone[0]!.sku} is` : `${gone.length} products are`} no longer sold; ask us for a new quote`,
        undefined,
        gone.map((l) => ({ productId: l.product_id, sku: l.sku, message: MESSAGES.productUnavailable })),
      );
    }
    const orderLines = lines.map((l) => ({
      product: found.get(l.product_id)!,
      quantity: Number(l.quantity),
      quotedUnitPriceE4: Number(l.quoted_unit_price_e4),
    }));
    const details = { poNumber: input.poNumber, note: input.note, shippingAddress: given ?? lastShipTo ?? undefined };
    let order: Order;
    try {
      // 'account' is checked by the placement as at checkout (a company with terms, its credit limit).
      order = await orders.place(
        {
          user,
          lines: orderLines,
          details,
          paymentMethod: input.paymentMethod,
          // Issue 30: the quoted freight price; none quoted: the method asked for, else the cheapest offered.
          shipping: quotedShipping === null ? { method: input.shippingMethod, carrierAccount: input.carrierAccount } : { quotedPriceCents: quotedShipping },
        },
        {
          alongside: async (uow, placed) => {
            if (!(await acceptance.acceptIn(uow, id, placed._id))) throw new QuoteMovedError();
            if (given) await shipTo.rememberIn(uow.trx, user.id, given);
          },
        },
      );
    } catch (error) {
      if (error instanceof QuoteMovedError) throw await acceptance.movedMeanwhile(id);
      if (error instanceof StockShortError) {
        const short = error.short.map((s) => ({
          productId: s.productId,
          sku: lines.find((l) => l.product_id === s.productId)?.sku ?? '',
          message: stockErrorMessage(s.available),
        }));
        const message = short.length === 1 ? `${short[0]!.sku}: ${short[0]!.message}` : `${short.length} lines are short of stock; nothing was ordered`;
        throw new AppError('INSUFFICIENT_STOCK', message, undefined, short);
      }
      throw error;
    }
    return { quote: await acceptance.quote(id), order };
  };
}
