import {
  asSeenBy,
  type BuyerPrices,
  centsToDollars,
  dollarsToCents,
  formatQuantity,
  isObjectId,
  normalizeSku,
  productImages,
  type Product,
  type ProductInput,
  type ProductFacets,
  type ProductFilters,
  type ProductListQuery,
  type ProductPatch,
  productRulesProblems,
  tiersToCents,
  tiersToDollars,
  type PriceTier,
  type Priced,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { CatalogueSearch } from './catalogue-search.service.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';

/** Thrown inside the caller's transaction when the conditional stock update takes no row. */
export class StockTakenError extends Error {
  constructor(readonly available: number) {
    super('insufficient stock');
  }
}

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

const skuTaken = (sku: string) =>
  new AppError('CONFLICT', `SKU ${sku} is already used by another product`, { sku: `SKU ${sku} is already used by another product` });

/**
 * The catalogue for shoppers and for other modules. Stock moves by other modules (orders taking
 * and returning pieces) run inside their transaction (`trx`) with the same conditional SQL; the
 * caller reports its commit with `stockCommitted()`, which clears the catalogue cache (ADR 0012):
 * clearing before the commit would let a read in between cache the old stock again.
 */
export function createProductsService(repo: ProductsRepository, cache: Pick<CatalogueCache, 'clear'>, search: CatalogueSearch) {
  return {
    /** Search, filters and sort (catalogue-search.service.ts); the total is the exact count of the filtered list. */
    async list(query: ProductListQuery, includeArchived = false): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await search.list(query, includeArchived);
      return { items: rows.map(toProductJson), total };
    },

    /** Counts per category, brand and specification, and the price range, for the same filters. */
    facets: (query: ProductFilters, includeArchived = false): Promise<ProductFacets> => search.facets(query, includeArchived),

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

    /** Takes the pieces inside `trx` or throws StockTakenError with what is left. */
    async takeStock(trx: Transaction<DB>, productId: string, quantity: number): Promise<void> {
      if (!(await repo.takeStock(trx, productId, quantity))) throw new StockTakenError(await repo.stockIn(trx, productId));
    },

    /**
     * Takes every line's pieces inside `trx`, in product-id order (so concurrent orders lock rows
     * in the same order and cannot deadlock on PostgreSQL). A short line does not stop the others
     * being tried, so the StockShortError thrown at the end names every short line; the caller's
     * transaction then rolls all of it back.
     */
    async takeStockMany(trx: Transaction<DB>, pieces: readonly { productId: string; quantity: number }[]): Promise<void> {
      const ordered = byProductInIdOrder(pieces).map(([productId, quantity]) => ({ productId, quantity }));
      const taken = await repo.takeStockMany(trx, ordered);
      const short: { productId: string; available: number }[] = [];
      for (const { productId } of ordered) if (!taken.has(productId)) short.push({ productId, available: await repo.stockIn(trx, productId) });
      if (short.length) throw new StockShortError(short);
    },

    /** Puts pieces back inside `trx`; several products in id order, so two callers lock them in the same order. */
    async returnStock(trx: Transaction<DB>, pieces: readonly { productId: string; quantity: number }[]): Promise<void> {
      for (const [productId, quantity] of byProductInIdOrder(pieces)) await repo.returnStock(trx, productId, quantity);
    },

    /** The caller's transaction that moved stock has ended (committed or not): cached answers go. */
    stockCommitted(): void {
      cache.clear();
    },

    lowStock: (minOrders: number, limit: number) => repo.lowStock(minOrders, limit),
    imageInUse: (url: string) => repo.imageInUse(url),
    /** For the categories module: its counts roll these up; a category in use is not deleted. */
    directCategoryCounts: () => repo.directCategoryCounts(),
    countInCategory: (category: string) => repo.countInCategory(category),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

function toCents(dollars: number): number {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw new AppError('VALIDATION_FAILED', 'Price can have at most two decimals', { price: 'Price can have at most two decimals' });
  return cents;
}

export interface ProductsAdminDeps {
  /** Cleared after every write here (ADR 0012). */
  cache: Pick<CatalogueCache, 'clear'>;
  /** Whether any order names the product (the orders module answers); such a product is archived, not deleted. */
  hasOrders: (productId: string) => Promise<boolean>;
  /** Whether a category slug exists (the categories module answers); a product is never filed in an unknown one. */
  categoryExists: (slug: string) => Promise<boolean>;
}

/** The admin side of the catalogue: add, edit, adjust stock, delete (or archive). Each write clears the catalogue cache. */
export function createProductsAdminService(repo: ProductsRepository, { cache, hasOrders, categoryExists }: ProductsAdminDeps) {
  async function get(id: string): Promise<ProductRow> {
    const row = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound('Product');
    return row;
  }
  async function checkCategory(category: string | null | undefined): Promise<void> {
    if (category != null && !(await categoryExists(category))) throw new AppError('VALIDATION_FAILED', 'Unknown category', { category: 'Unknown category' });
  }
  return {
    async create(input: ProductInput): Promise<Product> {
      await checkCategory(input.category);
      const now = nowIso();
      const row: ProductRow = {
        id: newId(),
        position: await repo.nextPosition(),
        name: input.name,
        name_lower: input.name.toLowerCase(),
        description: input.description,
        price_cents: toCents(input.price),
        minimum_order_quantity: input.minimumOrderQuantity,
        available_quantity: input.availableQuantity,
        img: input.img,
        archived: 0,
        // Checked against the price by the input schema (productRulesProblems).
        price_tiers: JSON.stringify(tiersToCents(input.priceTiers)),
        order_multiple: input.orderMultiple,
        created_at: now,
        updated_at: now,
        ...catalogueColumns(input),
      };
      try {
        await repo.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw skuTaken(row.sku);
        throw err;
      }
      cache.clear();
      return toProductJson(row);
    },

    async update(id: string, patch: ProductPatch): Promise<Product> {
      const current = await get(id);
      await checkCategory(patch.category);
      const values: Partial<Omit<ProductRow, 'id'>> = { updated_at: nowIso() };
      if (patch.name !== undefined) Object.assign(values, { name: patch.name, name_lower: patch.name.toLowerCase() });
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.price !== undefined) values.price_cents = toCents(patch.price);
      if (patch.minimumOrderQuantity !== undefined) values.minimum_order_quantity = patch.minimumOrderQuantity;
      if (patch.availableQuantity !== undefined) values.available_quantity = patch.availableQuantity;
      if (patch.sku !== undefined) values.sku = normalizeSku(patch.sku);
      if (patch.brand !== undefined) values.brand = patch.brand;
      if (patch.category !== undefined) values.category = patch.category;
      if (patch.attributes !== undefined) values.attributes = JSON.stringify(patch.attributes);
      if (patch.img !== undefined || patch.images !== undefined) {
        // `images` replaces the list; `img` alone moves (or adds) that image to the front.
        const images = productImages(patch.img, patch.images ?? (JSON.parse(current.images) as string[]));
        values.img = images[0] as string;
        values.images = JSON.stringify(images);
      }
      if (patch.archived !== undefined) values.archived = patch.archived ? 1 : 0;
      if (patch.priceTiers !== undefined) values.price_tiers = JSON.stringify(tiersToCents(patch.priceTiers));
      if (patch.orderMultiple !== undefined) values.order_multiple = patch.orderMultiple;
      // The tiers and the multiple are checked against the product as it will be stored: a price
      // raised above the stored tiers, or a minimum that the stored multiple pushes past 1000, is
      // as wrong as bad tiers sent with it.
      const touched = [patch.price, patch.priceTiers, patch.minimumOrderQuantity, patch.orderMultiple].some((v) => v !== undefined);
      const problems =
        touched &&
        productRulesProblems({
          price: centsToDollars(values.price_cents ?? current.price_cents),
          priceTiers: tiersToDollars(storedTiers({ price_tiers: values.price_tiers ?? current.price_tiers })),
          minimumOrderQuantity: values.minimum_order_quantity ?? current.minimum_order_quantity,
          orderMultiple: values.order_multiple ?? Number(current.order_multiple),
        });
      if (problems && Object.keys(problems).length) throw validationFailed(problems);
      // Stock is set only if it is still what the editor saw: orders placed (or cancelled) since
      // then would otherwise be undone, selling pieces twice or hiding returned ones.
      const expected = patch.availableQuantity !== undefined ? patch.expectedAvailableQuantity : undefined;
      let updated: boolean;
      try {
        updated = await repo.update(id, values, expected);
      } catch (err) {
        if (isUniqueViolation(err) && values.sku) throw skuTaken(values.sku);
        throw err;
      }
      cache.clear();
      if (!updated) {
        const now = (await get(id)).available_quantity;
        const message = `Stock changed since you opened this product (now ${formatQuantity(now)})`;
        throw new AppError('CONFLICT', message, { availableQuantity: message });
      }
      return toProductJson(await get(id));
    },

    async adjustStock(id: string, delta: number): Promise<Product> {
      await get(id);
      const adjusted = await repo.adjustStock(id, delta, nowIso());
      cache.clear();
      if (!adjusted) throw new AppError('INSUFFICIENT_STOCK', 'Stock cannot go below 0');
      return toProductJson(await get(id));
    },

    /** A product with orders is archived (order history stays whole); otherwise it is deleted. */
    async remove(id: string): Promise<{ deleted: boolean; archived: boolean }> {
      await get(id);
      if (await hasOrders(id)) {
        await repo.update(id, { archived: 1, updated_at: nowIso() });
        cache.clear();
        return { deleted: false, archived: true };
      }
      await repo.delete(id);
      cache.clear();
      return { deleted: true, archived: false };
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
