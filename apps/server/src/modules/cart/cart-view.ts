import {
  asSeenBy,
  centsToDollars,
  e4ToDollars,
  linePrice,
  MESSAGES,
  quantityError,
  stockForRules,
  tiersToDollars,
  type Cart,
  type CartLine,
} from '@bulkparts/shared';
import { buyerPricesIn, type PriceBook } from '../products/price-book.js';
import type { LineProduct } from '../products/products.repository.js';
import { backorderOf, pricedRow, taxClassOf, weightKgOf } from '../products/products.service.js';

/** The product fields a cart line shows and is checked against. */
export type CartProduct = LineProduct;

/** Kilograms per piece, for the cart's weight (issue 33; issue 30 gave products their weight). */
export function productWeightKg(product: CartProduct): number | null {
  return weightKgOf(product);
}

/** What would stop this line at checkout now (the purchase form's messages), or null. */
export function lineProblem(product: CartProduct, quantity: number): string | null {
  if (product.archived) return MESSAGES.productUnavailable;
  // Issue 31: a product taking backorders takes a line beyond its stock (the rest backordered).
  return quantityError(quantity, {
    minimumOrderQuantity: product.minimum_order_quantity,
    availableQuantity: stockForRules(Number(product.available_quantity), backorderOf(product)),
    orderMultiple: Number(product.order_multiple),
  });
}

/** One cart line priced in cents for its buyer, with its product (issue 32: a punchout cart is sent back from these). */
export interface PricedCartLine<P extends CartProduct = CartProduct> {
  product: P;
  quantity: number;
  unitPriceE4: number;
  lineTotalCents: number;
  /** The catalogue's tiers as this buyer sees them (cents). */
  priced: ReturnType<typeof asSeenBy>;
  problem: string | null;
}

/**
 * Each stored line with its live product, priced for the buyer (a line whose product was deleted
 * is left out: there is nothing to show or order).
 */
export function pricedCartLines<P extends CartProduct>(
  stored: readonly { product_id: string; quantity: number }[],
  products: readonly P[],
  book: PriceBook | null = null,
): PricedCartLine<P>[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: PricedCartLine<P>[] = [];
  for (const s of stored) {
    const p = byId.get(s.product_id);
    if (!p) continue;
    const quantity = Number(s.quantity);
    // Issue 18: a company member's own prices (the lower of tier and company price), as checkout charges them.
    const priced = asSeenBy(pricedRow(p), buyerPricesIn(book, p.id));
    // The tier the whole line's quantity reaches prices every piece of it (shared linePrice).
    const price = linePrice(priced, quantity);
    lines.push({ product: p, quantity, unitPriceE4: price.unitPriceE4, lineTotalCents: price.lineTotalCents, priced, problem: lineProblem(p, quantity) });
  }
  return lines;
}

/** The cart as answered: `pricedCartLines` in dollars. */
export function cartView(stored: readonly { product_id: string; quantity: number }[], products: readonly CartProduct[], book: PriceBook | null = null): Cart {
  const lines: CartLine[] = [];
  let subtotalCents = 0;
  for (const { product: p, quantity, unitPriceE4, lineTotalCents, priced, problem } of pricedCartLines(stored, products, book)) {
    const price = { unitPriceE4, lineTotalCents };
    subtotalCents += price.lineTotalCents;
    lines.push({
      productId: p.id,
      sku: p.sku,
      name: p.name,
      img: p.img,
      unitPrice: e4ToDollars(price.unitPriceE4),
      quantity,
      lineTotal: centsToDollars(price.lineTotalCents),
      minimumOrderQuantity: Number(p.minimum_order_quantity),
      availableQuantity: Number(p.available_quantity),
      orderMultiple: Number(p.order_multiple),
      priceTiers: tiersToDollars(priced.priceTiers ?? []),
      problem,
      backorder: backorderOf(p),
      weightKg: productWeightKg(p),
      // Issue 30: the checkout plans the order's tax with it (shared `planOrder`, as the server does).
      taxClass: taxClassOf(p.tax_class),
    });
  }
  return { lines, subtotal: centsToDollars(subtotalCents), count: lines.length };
}
