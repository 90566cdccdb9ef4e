import { API_KEY_MESSAGES, type ErrorLine, isObjectId, normalizeSku, type Product, stockQuantityError } from '@bulkparts/shared';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { ProductsRepository } from './products.repository.js';
import { toProductJson } from './products.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { LowStockHook, StockRepository } from './stock.repository.js';

/**
 * Stock set from outside (issue 19): `PATCH /api/service/:id/stock` and `POST /api/stock`, for an
 * admin or an API key with `stock:write`. The products module owns the rows; every write clears
 * the catalogue cache after it (ADR 0012).
 */
export function createStockService({
  repo,
  products,
  cache,
  lowStock,
}: {
  repo: StockRepository;
  products: Pick<ProductsRepository, 'findById'>;
  cache: Pick<CatalogueCache, 'clear'>;
  /**
   * Issue 19: a stock take that leaves a product below its own `low_stock_threshold`, or below
   * `threshold` (WEBHOOK_LOW_STOCK_THRESHOLD) when it has none, records `product.low_stock` for
   * the webhooks in its own transaction. A shop-wide 0 still lets products' own thresholds alert.
   */
  lowStock?: { threshold: number; webhooks: Pick<WebhooksService, 'enqueueIn' | 'wake'> };
}) {
  /** One stock take's hook; `wakeIfEnqueued` after the commit starts the worker only when it has something to send. */
  function lowStockHook(): (LowStockHook & { wakeIfEnqueued(): void }) | undefined {
    if (!lowStock) return undefined;
    let enqueued = 0;
    return {
      shopWide: lowStock.threshold,
      write: async (trx, low) => {
        for (const p of low) {
          enqueued += await lowStock.webhooks.enqueueIn(trx, 'product.low_stock', {
            _id: p.id,
            sku: p.sku,
            name: p.name,
            availableQuantity: Number(p.available_quantity),
            threshold: p.threshold,
          });
        }
      },
      wakeIfEnqueued: () => {
        if (enqueued > 0) lowStock.webhooks.wake();
      },
    };
  }

  return {
    async setStock(id: string, availableQuantity: number): Promise<Product> {
      const hook = lowStockHook();
      const set = isObjectId(id) && (await repo.setStock(id, availableQuantity, nowIso(), hook));
      if (!set) throw notFound('Product');
      cache.clear();
      hook?.wakeIfEnqueued();
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
      const hook = lowStockHook();
      const updated = await repo.setStockBySku(good, nowIso(), hook);
      cache.clear();
      if (updated !== null) hook?.wakeIfEnqueued();
      if (updated === null) throw new AppError('CONFLICT', 'A product changed while the stock was set; nothing was changed, send it again');
      return { updated };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
