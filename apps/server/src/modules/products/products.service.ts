import {
  asSeenBy,
  type BuyerPrices,
  e4ToDollars,
  E4_PER_DOLLAR,
  isObjectId,
  normalizeSku,
  type Product,
  TAX_CLASSES,
  type TaxClass,
  type ProductInput,
  type ProductFacets,
  type ProductFilters,
  type ProductListQuery,
  tiersToE4,
  tiersToDollars,
  type PriceTier,
  type Priced,
  type BackorderInput,
  type BackorderSettings,
  kgOfGrams,
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

/** Issue 30: a stored tax class (anything unknown reads as `standard`). */
export function taxClassOf(value: string | null | undefined): TaxClass {
  return (TAX_CLASSES as readonly string[]).includes(value ?? '') ? (value as TaxClass) : 'standard';
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
    price: e4ToDollars(Number(row.price_e4)),
    minimumOrderQuantity: row.minimum_order_quantity,
    availableQuantity: row.available_quantity,
    img: row.img,
    images: images.length ? images : [row.img],
    archived: row.archived === 1,
    priceTiers: tiersToDollars(storedTiers(row)),
    orderMultiple: Number(row.order_multiple),
    lowStockThreshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    backorder: backorderOf(row),
    unspsc: row.unspsc ?? null,
    weightKg: weightKgOf(row),
    taxClass: taxClassOf(row.tax_class),
  };
}

/** Issue 30: kilograms per piece (stored as grams), null when not given. */
export const weightKgOf = (row: Pick<ProductRow, 'weight_grams'>): number | null =>
  row.weight_grams === null || row.weight_grams === undefined ? null : kgOfGrams(Number(row.weight_grams));

/** Issue 31: a product row's backorder settings (`lineAvailability`'s input). */
export function backorderOf(row: Pick<ProductRow, 'backorder_allowed' | 'lead_time_days' | 'next_restock_date'>): BackorderSettings {
  return {
    allowed: Number(row.backorder_allowed) === 1,
    leadTimeDays: row.lead_time_days === null ? null : Number(row.lead_time_days),
    nextRestockDate: row.next_restock_date,
  };
}

/** Issue 31: backorder settings as the product's columns. */
export const backorderColumns = (b: BackorderInput) => ({
  backorder_allowed: b.allowed ? 1 : 0,
  lead_time_days: b.leadTimeDays,
  next_restock_date: b.nextRestockDate,
});

/**
 * Issue 18: the product as a buyer with own prices sees it (shared `asSeenBy`): `price` and
 * `priceTiers` are theirs, `listPrice` the catalogue's. Without buyer prices the product as is.
 */
export function productAsSeenBy(product: Product, buyerPrices: BuyerPrices | undefined): Product {
  if (!buyerPrices) return product;
  const seen = asSeenBy({ priceE4: Math.round(product.price * E4_PER_DOLLAR), priceTiers: tiersToE4(product.priceTiers) }, buyerPrices);
  return { ...product, price: e4ToDollars(seen.priceE4), priceTiers: tiersToDollars(seen.priceTiers ?? []), listPrice: product.price };
}

/** A product row's tiers in cents (the stored JSON), as `unitPriceFor` takes them. */
export function storedTiers(row: Pick<ProductRow, 'price_tiers'>): PriceTier[] {
  return JSON.parse(row.price_tiers) as PriceTier[];
}

/** A product row as `unitPriceFor` prices it. */
export function pricedRow(row: Pick<ProductRow, 'price_e4' | 'price_tiers'>): Priced {
  return { priceE4: Number(row.price_e4), priceTiers: storedTiers(row) };
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
    /** What a cart line reads of its products (products.repository.ts LINE_PRODUCT_COLUMNS). */
    findLineProducts: (ids: readonly string[]) => repo.findLineProducts(ids),
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
      if (ordered.length === 0) return;
      const taken = await repo.takeStockMany(uow.trx, ordered);
      const short: { productId: string; available: number }[] = [];
      for (const { productId } of ordered) if (!taken.has(productId)) short.push({ productId, available: await repo.stockIn(uow.trx, productId) });
      if (short.length) throw new StockShortError(short);
      uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
    },

    /** Issue 31: what these products can sell and how many pieces wait for them, in the unit (after `lockIn`). */
    queueIn: (uow: UnitOfWork, productIds: readonly string[]) => repo.queueIn(uow.trx, productIds),
    /** Issue 31: pieces now in stock for waiting lines, sold from what the product could sell; `waiting` still wait. */
    async fillIn(uow: UnitOfWork, fills: readonly { productId: string; pieces: number; waiting: number }[]): Promise<void> {
      for (const f of [...fills].sort((a, b) => (a.productId < b.productId ? -1 : 1))) await repo.fillIn(uow.trx, f.productId, f.pieces, f.waiting);
      if (fills.length) uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
    },

    /** Issue 31: locks these products' rows first in a unit that moves stock of existing orders (ADR 0032). */
    lockIn: (uow: UnitOfWork, productIds: readonly string[]) => repo.lockIn(uow.trx, productIds),

    /**
     * Puts pieces back in the unit; several products in id order, so two callers lock them in the
     * same order. Issue 31: `quantity` are committed (unshipped) pieces, back on sale; `backordered`
     * pieces leave the product's queue.
     */
    async returnStock(uow: UnitOfWork, pieces: readonly { productId: string; quantity: number; backordered?: number }[]): Promise<void> {
      const waiting = new Map<string, number>();
      for (const p of pieces) waiting.set(p.productId, (waiting.get(p.productId) ?? 0) + (p.backordered ?? 0));
      for (const [productId, quantity] of byProductInIdOrder(pieces)) {
        const backordered = waiting.get(productId) ?? 0;
        if (quantity > 0 || backordered > 0) await repo.returnStock(uow.trx, productId, quantity, backordered);
      }
      if (pieces.length) uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
    },

    /**
     * Issue 31: the lines of products taking backorders, in the placement's unit, after the order's
     * products were locked (`lockIn`, id order): each takes what stock there is, first come first
     * served, the rest backordered with its place in the queue (products.repository `takeUpToIn`).
     */
    async takeUpToIn(
      uow: UnitOfWork,
      lines: readonly { lineNo: number; productId: string; quantity: number }[],
    ): Promise<Map<number, { taken: number; position: number | null }>> {
      const taken = new Map<number, { taken: number; position: number | null }>();
      const ordered = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.lineNo - b.lineNo));
      for (const l of ordered) taken.set(l.lineNo, await repo.takeUpToIn(uow.trx, l.productId, l.quantity));
      if (lines.length) uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
      return taken;
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
