import {
  type AdminProductListQuery,
  type CategoryNode,
  e4ToDollars,
  descendantSlugs,
  dollarsToE4,
  LOW_STOCK_MIN_ORDERS,
  formatQuantity,
  isObjectId,
  normalizeSku,
  productImages,
  type Product,
  type ProductInput,
  type ProductPatch,
  productRulesProblems,
  tiersToE4,
  tiersToDollars,
  gramsOfKg,
} from '@bulkparts/shared';
import { isUniqueViolation, pageOffset } from '../../db/query-helpers.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';
import { backorderColumns, catalogueColumns, storedTiers, toProductJson } from './products.service.js';

const skuTaken = (sku: string) =>
  new AppError('CONFLICT', `SKU ${sku} is already used by another product`, { sku: `SKU ${sku} is already used by another product` });

/** A price per piece in 1/10,000 dollar (issue 30); a fifth decimal is refused, never rounded away. */
function toE4(dollars: number): number {
  const e4 = dollarsToE4(dollars);
  if (e4 === null) throw new AppError('VALIDATION_FAILED', 'Price can have at most 4 decimals', { price: 'Price can have at most 4 decimals' });
  return e4;
}

export interface ProductsAdminDeps {
  /**
   * Issue 31: a figure raised by hand (the form, a delta) or backorders switched on: stock that may
   * be for backordered lines waiting for it, allocated right after in a unit of its own.
   */
  stockRaised?: (productIds: readonly string[]) => Promise<unknown>;
  /** Cleared after every write here (ADR 0012). */
  cache: Pick<CatalogueCache, 'clear'>;
  /** Whether any order names the product (the orders module answers); such a product is archived, not deleted. */
  hasOrders: (productId: string) => Promise<boolean>;
  /** Whether a category slug exists (the categories module answers); a product is never filed in an unknown one. */
  categoryExists: (slug: string) => Promise<boolean>;
  /** Issue 33: after a product is deleted, what other modules keep for it goes too (its documents). */
  afterDelete?: (productId: string) => Promise<void>;
  /** Issue 33: the category tree (the categories module answers), so All Product's category filter takes the ones under it. */
  categoryTree?: () => Promise<CategoryNode[]>;
}

/** The admin side of the catalogue: add, edit, adjust stock, delete (or archive). Each write clears the catalogue cache. */
/** Issue 31 (ADR 0032): the product's figure is the default warehouse's; the other warehouses' pieces are set per warehouse. */
const DEFAULT_WAREHOUSE_SHORT = 'The default warehouse cannot go below 0: the rest of the stock is in other warehouses; set their counts per warehouse';

export function createProductsAdminService(
  repo: ProductsRepository,
  { cache, hasOrders, categoryExists, afterDelete, categoryTree, stockRaised = async () => {} }: ProductsAdminDeps,
) {
  async function get(id: string): Promise<ProductRow> {
    const row = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound('Product');
    return row;
  }
  async function checkCategory(category: string | null | undefined): Promise<void> {
    if (category != null && !(await categoryExists(category))) throw new AppError('VALIDATION_FAILED', 'Unknown category', { category: 'Unknown category' });
  }
  return {
    /** `GET /api/admin/products` (issue 33): All Product's page with its filters and sort; the stock filter `low` is the inbox's rule. */
    async list(query: AdminProductListQuery): Promise<{ items: Product[]; total: number }> {
      const categories = query.category ? descendantSlugs((await categoryTree?.()) ?? [], query.category) : undefined;
      const { rows, total } = await repo.adminPage(
        { q: query.q || undefined, categories, brand: query.brand, stock: query.stock, archived: query.archived, lowStockMinOrders: LOW_STOCK_MIN_ORDERS },
        { sort: query.sort, order: query.order, offset: pageOffset(query.page, query.limit), limit: query.limit },
      );
      return { items: rows.map(toProductJson), total };
    },

    async create(input: ProductInput): Promise<Product> {
      await checkCategory(input.category);
      const now = nowIso();
      const row: ProductRow = {
        id: newId(),
        position: await repo.nextPosition(),
        name: input.name,
        name_lower: input.name.toLowerCase(),
        description: input.description,
        price_e4: toE4(input.price),
        minimum_order_quantity: input.minimumOrderQuantity,
        available_quantity: input.availableQuantity,
        committed_quantity: 0,
        ...backorderColumns(input.backorder),
        backordered_quantity: 0,
        backorder_seq: 0,
        img: input.img,
        archived: 0,
        // Checked against the price by the input schema (productRulesProblems).
        price_tiers: JSON.stringify(tiersToE4(input.priceTiers)),
        order_multiple: input.orderMultiple,
        low_stock_threshold: input.lowStockThreshold,
        unspsc: input.unspsc,
        weight_grams: input.weightKg === null ? null : gramsOfKg(input.weightKg),
        tax_class: input.taxClass,
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
      if (patch.price !== undefined) values.price_e4 = toE4(patch.price);
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
      if (patch.priceTiers !== undefined) values.price_tiers = JSON.stringify(tiersToE4(patch.priceTiers));
      if (patch.orderMultiple !== undefined) values.order_multiple = patch.orderMultiple;
      if (patch.lowStockThreshold !== undefined) values.low_stock_threshold = patch.lowStockThreshold;
      // Issue 31: the settings as sent (a lead time or restock day left out is cleared).
      if (patch.backorder !== undefined) Object.assign(values, backorderColumns(patch.backorder));
      if (patch.unspsc !== undefined) values.unspsc = patch.unspsc;
      if (patch.weightKg !== undefined) values.weight_grams = patch.weightKg === null ? null : gramsOfKg(patch.weightKg);
      if (patch.taxClass !== undefined) values.tax_class = patch.taxClass;
      // The tiers and the multiple are checked against the product as it will be stored: a price
      // raised above the stored tiers, or a minimum that the stored multiple pushes past 1000, is
      // as wrong as bad tiers sent with it.
      const touched = [patch.price, patch.priceTiers, patch.minimumOrderQuantity, patch.orderMultiple].some((v) => v !== undefined);
      const problems =
        touched &&
        productRulesProblems({
          price: e4ToDollars(Number(values.price_e4 ?? current.price_e4)),
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
      if (updated && ((patch.availableQuantity ?? 0) > current.available_quantity || patch.backorder !== undefined)) await stockRaised([id]);
      if (!updated) {
        const now = (await get(id)).available_quantity;
        // Issue 31: the stock the editor saw, but a figure that would leave the default warehouse below 0.
        if (now === expected) throw new AppError('CONFLICT', DEFAULT_WAREHOUSE_SHORT, { availableQuantity: DEFAULT_WAREHOUSE_SHORT });
        const message = `Stock changed since you opened this product (now ${formatQuantity(now)})`;
        throw new AppError('CONFLICT', message, { availableQuantity: message });
      }
      return toProductJson(await get(id));
    },

    async adjustStock(id: string, delta: number): Promise<Product> {
      await get(id);
      const adjusted = await repo.adjustStock(id, delta, nowIso());
      cache.clear();
      if (!adjusted) {
        const now = (await get(id)).available_quantity;
        throw new AppError('INSUFFICIENT_STOCK', now + delta >= 0 ? DEFAULT_WAREHOUSE_SHORT : 'Stock cannot go below 0');
      }
      if (delta > 0) await stockRaised([id]);
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
      await afterDelete?.(id);
      return { deleted: true, archived: false };
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
