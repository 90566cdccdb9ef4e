import { createHash } from 'node:crypto';
import {
  isMultipleOf,
  quantityError,
  SHIP_TO_CHANGEABLE_STATUSES,
  stockErrorMessage,
  type Order,
  type PurchaseInput,
  type ShippingAddress,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import { buyerPricesIn, type CompanyDirectory } from '../companies/company-directory.js';
import { StockShortError } from '../products/products.service.js';
import type { PlaceOrder } from './order-placement.js';
import type { OrderRow, OrderView, OrdersRepository } from './orders.repository.js';
import type { OrderStock } from './order-types.js';

/** The address's parts in a fixed order, so equal addresses hash alike whatever order the JSON had. */
const addressParts = (a: ShippingAddress) => [a.company, a.name, a.line1, a.line2, a.city, a.postalCode, a.country, a.phone].map((v) => v ?? null);

/**
 * What an Idempotency-Key promises to repeat: the same product and quantity, and (issue 29) the
 * same ship-to, PO number, note and payment method. A body without any of them (the spec's
 * clients) keeps the hash such orders had before.
 */
export function purchaseHash(input: PurchaseInput): string {
  const details = [input.poNumber ?? null, input.note ?? null, input.shippingAddress ? addressParts(input.shippingAddress) : null];
  const plain = details.every((d) => d === null) && input.paymentMethod === 'card';
  const parts = plain ? [input.productId, input.quantity] : [input.productId, input.quantity, details, input.paymentMethod];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Issue 29: the buyer's last ship-to, kept on the profile by the profiles module (wired in
 * services.ts; the checkout writes it there too). There is no company default address to fall back on:
 * a company's addresses are offered to pick from, none is marked as the default.
 */
export interface ShipToBook {
  lastOf(userId: string): Promise<ShippingAddress | null>;
  /** Inside the order's (or the change's) own transaction. */
  rememberIn(trx: Transaction<DB>, userId: string, address: ShippingAddress): Promise<void>;
}

export const NO_SHIP_TO: ShipToBook = { lastOf: async () => null, rememberIn: async () => {} };

/** The change-ship-to flow (flows/change-ship-to.ts): the order's address and the remembered one in one unit; whether it changed. */
export type ChangeShipTo = (orderId: string, userId: string, address: ShippingAddress) => Promise<boolean>;

export interface PurchaseDeps {
  repo: OrdersRepository;
  stock: OrderStock;
  companies: Pick<CompanyDirectory, 'membershipOf' | 'priceBookFor'>;
  place: PlaceOrder;
  changeShipTo: ChangeShipTo;
  one: (row: OrderView) => Promise<Order>;
  shipTo: Pick<ShipToBook, 'lastOf' | 'rememberIn'>;
}

/**
 * `POST /api/purchase` (the spec's one-line order, placed through the same placement as the
 * cart's checkout: the checkout's details, payment rules, credit check and remembered address) and
 * the buyer's later ship-to (`PATCH /api/purchase/:id/shipping-address`).
 */
export function createPurchase({ repo, stock, companies, place, changeShipTo, one, shipTo }: PurchaseDeps) {
  return {
    async purchase(input: PurchaseInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }> {
      const hash = idempotencyKey ? purchaseHash(input) : null;
      /** The order a retry repeats; the same key with another body is the client's mistake, not a retry. */
      const replay = async (existing: OrderRow) => {
        if (existing.idempotency_hash !== null && existing.idempotency_hash !== hash) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order', {
            'Idempotency-Key': 'Already used with a different product, quantity or order details; use a new key for a new order',
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
      const [book, lastShipTo] = await Promise.all([
        membership ? companies.priceBookFor(user.id, [product.id]) : null,
        input.shippingAddress ? null : shipTo.lastOf(user.id),
      ]);
      const given = input.shippingAddress;
      try {
        const order = await place(
          {
            user,
            lines: [{ product, quantity: input.quantity, buyerPrices: buyerPricesIn(book, product.id) }],
            details: { poNumber: input.poNumber, note: input.note, shippingAddress: given ?? lastShipTo ?? undefined },
            idempotencyKey,
            idempotencyHash: hash,
            membership,
            // 'account' is checked by the placement as at checkout (a company with terms, its credit limit).
            paymentMethod: input.paymentMethod,
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
          const existing = await repo.findByIdempotencyKey(user.id, idempotencyKey);
          if (existing) return await replay(existing);
        }
        throw error;
      }
    },

    /**
     * The buyer gives (or corrects) the order's ship-to until it ships; anyone else's order is 404
     * like a missing one. Conditional on the status in the same statement, so a ship committed
     * first wins and this answers 409; the address is remembered for the next order in that transaction.
     */
    async setShippingAddress(id: string, address: ShippingAddress, user: SessionUser): Promise<Order> {
      const row = await repo.findById(id);
      if (!row || row.user_id !== user.id) throw notFound('Order');
      const refused = (status: string) => new AppError('CONFLICT', `The shipping address of an order that is ${status} cannot be changed`);
      if (!(SHIP_TO_CHANGEABLE_STATUSES as readonly string[]).includes(row.status)) throw refused(row.status);
      const changed = await changeShipTo(id, user.id, address);
      const fresh = await repo.findById(id);
      if (!changed || !fresh) throw refused(fresh?.status ?? 'gone');
      return one(fresh);
    },
  };
}
