import { asSeenBy, centsToDollars, e4ToDollars, linePrice, type CartLinePreview, type CartPreview } from '@bulkparts/shared';
import { buyerPricesIn, type PriceBook } from '../products/price-book.js';
import { pricedRow } from '../products/products.service.js';
import type { CheckedLine } from './cart-lines-check.js';
/** `POST /api/cart/lines/preview`'s answer: each checked line priced for the buyer (issue 33). */
export function cartPreviewOf(checked: readonly CheckedLine[], book: PriceBook | null): CartPreview {
  let subtotalCents = 0;
  const previewed = checked.map((c): CartLinePreview => {
    const priced = c.product && c.quantity !== null ? linePrice(asSeenBy(pricedRow(c.product), buyerPricesIn(book, c.product.id)), c.quantity) : null;
    if (priced && !c.problem) subtotalCents += priced.lineTotalCents;
    return {
      index: c.index,
      sku: c.sku,
      productId: c.product?.id ?? null,
      name: c.product?.name ?? null,
      quantity: c.quantity,
      unitPrice: priced ? e4ToDollars(priced.unitPriceE4) : null,
      lineTotal: priced ? centsToDollars(priced.lineTotalCents) : null,
      problem: c.problem?.message ?? null,
      field: c.problem?.field ?? null,
    };
  });
  return { lines: previewed, subtotal: centsToDollars(subtotalCents), problems: previewed.filter((l) => l.problem !== null).length };
}
