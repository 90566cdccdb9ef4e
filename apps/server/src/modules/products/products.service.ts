import {
  asSeenBy,
  type BuyerPrices,
  centsToDollars,
  isObjectId,
  normalizeSku,
  type Product,
  type ProductInput,
  type ProductFacets,
  type ProductFilters,
  type ProductListQuery,
  tiersToCents,
  tiersToDollars,
  type PriceTier,
  type Priced,
} from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { CallerPrices } from './catalogue-search.repository.js';
import type { CatalogueSearch } from './catalogue-search.service.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';

/** Thrown inside the caller's transaction when one or more lines of a many-line order are short. */
export class StockShortError extends Error {
  constructor(readonly short: readonly { productId: string; available: number }[]) {
    super('insufficient stock');
  }
}

/** Sums pieces per product and sorts by product id: every caller locks product rows in the same order. */
function byProductInIdOrder(pieces: readonly { productId: string; quantity: number }[]): [string, number][] {
  const byProduct = new Map<string, number>();
  for (const p of pieces) byProduct.set(p.productId, (byProduct.get(p.productId) ?? 0) + p.quantity);
  return [...byProduct].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function toProductJson(row: ProductRow): Product {
  const images = JSON.parse(row.images) as string[];
  return {
    _id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    brand: row.brand,
    category: row.category,
    attributes: JSON.parse(row.attributes) as Record<string, string>,
    price: centsToDollars(row.price_cents),
    minimumOrderQuantity: row.minimum_order_quantity,
    availableQuantity: row.available_quantity,
    img: row.img,
    images: images.length ? images : [row.img],
    archived: row.archived === 1,
    priceTiers: tiersToDollars(storedTiers(row)),
    orderMultiple: Number(row.order_multiple),
    lowStockThreshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    unspsc: row.unspsc ?? null,
  };
}

/**
 * Issue 18: the product as a buyer with own prices sees it (shared `asSeenBy`): `price` and
 * `priceTiers` are theirs, `listPrice` the catalogue's. Without buyer prices the product as is.
 */
export function productAsSeenBy(product: Product, buyerPrices: BuyerPrices | undefined): Product {
  if (!buyerPrices) return product;
  const seen = asSeenBy({ priceCents: Math.round(product.price * 100), priceTiers: tiersToCents(product.priceTiers) }, buyerPrices);
  return { ...product, price: centsToDollars(seen.priceCents), priceTiers: tiersToDollars(seen.priceTiers ?? []), listPrice: product.price };
}

/** A product row's tiers in cents (the stored JSON), as `unitPriceFor` takes them. */
export function storedTiers(row: Pick<ProductRow, 'price_tiers'>): PriceTier[] {
  return JSON.parse(row.price_tiers) as PriceTier[];
}

/** A product row as `unitPriceFor` prices it. */
export function pricedRow(row: Pick<ProductRow, 'price_cents' | 'price_tiers'>): Priced {
  return { priceCents: Number(row.price_cents), priceTiers: storedTiers(row) };
}

/** The stored form of a product's catalogue fields (upper-case SKU, JSON text). */
export function catalogueColumns(input: Pick<ProductInput, 'sku' | 'brand' | 'category' | 'attributes' | 'images'>) {
  return {
    sku: normalizeSku(input.sku),
    brand: input.brand,
    category: input.category,
    attributes: JSON.stringify(input.attributes),
    images: JSON.stringify(input.images),
  };
}

/** The after-commit key of the catalogue cache's clearing: once per unit, however many lines moved. */
const CATALOGUE_CACHE = 'catalogue-cache';

/**
 * The catalogue for shoppers and for other modules. Stock moves by other modules (orders taking
 * and returning pieces) run inside the caller's unit of work with the same conditional SQL, and
 * register the catalogue cache's clearing with the unit's after-commit work (ADR 0012, issue 29):
 * clearing before the commit would let a read in between cache the old stock again.
 */
export function createProductsService(
  repo: ProductsRepository,
  cache: Pick<CatalogueCache, 'clear'>,
  search: CatalogueSearch,
  /** The catalogue's reader threads (ADR 0023), stopped with the app. */
  reader?: { close(): Promise<void> },
) {
  return {
    /** Search, filters and sort (catalogue-search.service.ts); the total is the exact count of the filtered list. */
    async list(query: ProductListQuery, includeArchived = false, prices?: CallerPrices): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await search.list(query, includeArchived, prices);
      return { items: rows.map(toProductJson), total };
    },

    /** Counts per category, brand and specification, and the price range, for the same filters. */
    facets: (query: ProductFilters, includeArchived = false, prices?: CallerPrices): Promise<ProductFacets> => search.facets(query, includeArchived, prices),

    /** Archived products stay readable by id so order history and old links keep working. */
    async get(id: string): Promise<Product> {
      const row = isObjectId(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound('Product');
      return toProductJson(row);
    },

    /** The product an order is placed for: an orderable (not archived) one, or undefined. */
    findOrderable: (id: string) => repo.findOrderable(id),

    /** Products by id (archived included; missing ones are simply absent). */
    findMany: (ids: readonly string[]) => repo.findMany(ids),
    /** Products by SKU, any case (archived included; unknown SKUs are simply absent). */
    findBySkus: (skus: readonly string[]) => repo.findBySkus([...new Set(skus.map(normalizeSku))]),

    /**
     * Takes every line's pieces inside `trx`, in product-id order (so concurrent orders lock rows
     * in the same order and cannot deadlock on PostgreSQL). A short line does not stop the others
     * being tried, so the StockShortError thrown at the end names every short line; the caller's
     * transaction then rolls all of it back.
     */
    async takeStockMany(uow: UnitOfWork, pieces: readonly { productId: string; quantity: number }[]): Promise<void> {
      const ordered = byProductInIdOrder(pieces).map(([productId, quantity]) => ({ productId, quantity }));
      const taken = await repo.takeStockMany(uow.trx, ordered);
      const short: { productId: string; available: number }[] = [];
      for (const { productId } of ordered) if (!taken.has(productId)) short.push({ productId, available: await repo.stockIn(uow.trx, productId) });
      if (short.length) throw new StockShortError(short);
      uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
    },

    /** Puts pieces back in the unit; several products in id order, so two callers lock them in the same order. */
    async returnStock(uow: UnitOfWork, pieces: readonly { productId: string; quantity: number }[]): Promise<void> {
      for (const [productId, quantity] of byProductInIdOrder(pieces)) await repo.returnStock(uow.trx, productId, quantity);
      if (pieces.length) uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
    },

    lowStock: (minOrders: number, limit: number) => repo.lowStock(minOrders, limit),
    lowStockCount: (minOrders: number) => repo.lowStockCount(minOrders),
    imageInUse: (url: string) => repo.imageInUse(url),
    /** For the categories module: its counts roll these up; a category in use is not deleted. */
    directCategoryCounts: () => repo.directCategoryCounts(),
    countInCategory: (category: string) => repo.countInCategory(category),

    /** Stops the catalogue's reader threads (reads still queued fail); the app is closing. */
    close: async (): Promise<void> => reader?.close(),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
