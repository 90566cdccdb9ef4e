import { API_KEY_MESSAGES, type ErrorLine, isObjectId, normalizeSku, type Product, stockQuantityError } from '@bulkparts/shared';
import type { Units } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { ProductsRepository } from './products.repository.js';
import { toProductJson } from './products.service.js';
import { StockTakeShortError, type LowStockRow, type StockRepository } from './stock.repository.js';

/**
 * Stock set from outside (issue 19): `PATCH /api/service/:id/stock` and `POST /api/stock`, for an
 * admin or an API key with `stock:write`. The products module owns the rows; every write clears
 * the catalogue cache after it (ADR 0012).
 */
export function createStockService({
  repo,
  products,
  cache,
  units,
  lowStockThreshold,
}: {
  repo: StockRepository;
  products: Pick<ProductsRepository, 'findById'>;
  cache: Pick<CatalogueCache, 'clear'>;
  /** Each stock take is one unit of work; one that leaves products low records `product.low_stock` in it. */
  units: Units;
  /**
   * Issue 19: a stock take that leaves a product below its own `low_stock_threshold`, or below
   * this one (WEBHOOK_LOW_STOCK_THRESHOLD) when it has none, is a `product.low_stock` fact for the
   * webhooks. A shop-wide 0 still lets products' own thresholds alert.
   */
  lowStockThreshold: number;
}) {
  const lowStockFacts = (low: readonly LowStockRow[]) => ({
    products: low.map((p) => ({ _id: p.id, sku: p.sku, name: p.name, availableQuantity: Number(p.available_quantity), threshold: p.threshold })),
  });

  return {
    async setStock(id: string, availableQuantity: number): Promise<Product> {
      const set =
        isObjectId(id) &&
        (await units.run(async (uow) => {
          const low = await repo.setStockIn(uow, id, availableQuantity, nowIso(), lowStockThreshold);
          if (low?.length) await uow.record('product.low_stock', lowStockFacts(low));
          return low !== null;
        }));
      if (!set) throw notFound('Product');
      cache.clear();
      const row = await products.findById(id);
      if (!row) throw notFound('Product');
      return toProductJson(row);
    },

    /**
     * Sets each SKU's stock, all or nothing: an unknown SKU, a SKU named twice or a bad quantity
     * answers 400 naming every such line by its index (as the cart's bulk add does), and nothing changes.
     */
    async setStockBySku(items: readonly { sku: string; availableQuantity: unknown }[]): Promise<{ updated: number }> {
      const errors: ErrorLine[] = [];
      const skus = items.map((i) => normalizeSku(i.sku));
      const known = await repo.findSkus([...new Set(skus.filter(Boolean))]);
      const seen = new Set<string>();
      const good: { sku: string; availableQuantity: number }[] = [];
      items.forEach((item, index) => {
        const sku = skus[index]!;
        const fail = (message: string) => errors.push({ index, sku: item.sku, message });
        if (!sku) return fail('SKU is required');
        if (!known.has(sku)) return fail('No product has this SKU');
        if (seen.has(sku)) return fail('This SKU is named by an earlier line');
        seen.add(sku);
        const problem = stockQuantityError(item.availableQuantity);
        if (problem) return fail(problem);
        good.push({ sku, availableQuantity: item.availableQuantity as number });
      });
      if (errors.length) throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.badLines, undefined, errors);
      try {
        await units.run(async (uow) => {
          const low = await repo.setStockBySkuIn(uow, good, nowIso(), lowStockThreshold);
          if (low.length) await uow.record('product.low_stock', lowStockFacts(low));
        });
      } catch (error) {
        if (error instanceof StockTakeShortError)
          throw new AppError('CONFLICT', 'A product changed while the stock was set; nothing was changed, send it again');
        throw error;
      } finally {
        cache.clear();
      }
      return { updated: good.length };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
