import type { BuyerPrices } from '@bulkparts/shared';

/**
 * A company's own prices for some products: its discount and its fixed unit prices (1/10,000
 * dollar) by product id (issue 18, ADR 0018). The companies module fills it from its tables; the
 * catalogue, cart, lists, quotes and the order flows apply it. It lives here, beside the prices it
 * changes, so that the products module (below companies) can apply it without importing companies.
 */
export interface PriceBook {
  companyId: string;
  discountPercent: number | null;
  fixedE4: ReadonlyMap<string, number>;
}

/** One product's buyer prices out of a price book (undefined: list and tier prices only). */
export function buyerPricesIn(book: PriceBook | null, productId: string): BuyerPrices | undefined {
  if (!book) return undefined;
  const fixed = book.fixedE4.get(productId);
  if (fixed === undefined && !book.discountPercent) return undefined;
  return { fixedPriceE4: fixed ?? null, discountPercent: book.discountPercent };
}
