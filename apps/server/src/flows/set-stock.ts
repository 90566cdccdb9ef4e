import {
  API_KEY_MESSAGES,
  WAREHOUSE_MESSAGES,
  isObjectId,
  normalizeSku,
  stockQuantityError,
  type ErrorLine,
  type Product,
  type StockSet,
} from '@bulkparts/shared';
import type { Units, UnitOfWork } from '../db/unit-of-work.js';
import { AppError, notFound, validationFailed } from '../lib/errors.js';
import type { StockTake } from '../modules/products/stock.routes.js';
import { StockCountError, type StockCount, type StockService } from '../modules/products/stock.service.js';
import type { LowStockRow } from '../modules/products/stock.repository.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { WarehousesService } from '../modules/warehouses/warehouses.service.js';
import type { AllocateBackordersIn } from './allocate-backorders.js';

export interface SetStockDeps {
  units: Units;
  stock: Pick<StockService, 'setCountsIn' | 'idsBySku'>;
  products: Pick<ProductsService, 'get'>;
  warehouses: Pick<WarehousesService, 'refs'>;
  /** Issue 31: stock that arrives goes to the backordered lines waiting for it, in the same unit. */
  allocateBackordersIn: AllocateBackordersIn;
}

const lowStockFacts = (low: readonly LowStockRow[]) => ({
  products: low.map((p) => ({ _id: p.id, sku: p.sku, name: p.name, availableQuantity: Number(p.available_quantity), threshold: p.threshold })),
});

/**
 * A stock take (issue 19's stock routes, issue 31's warehouses): `PATCH /api/service/:id/stock`
 * and `POST /api/stock` set warehouses' counts (the default warehouse when a line names none) in
 * one unit, all or nothing: the products module's figures and counts, a `product.low_stock` fact
 * for products left below their threshold, and (issue 31) the stock that arrived allocated to the
 * backordered lines waiting for it, first come first served.
 */
export function createSetStock({ units, stock, products, warehouses, allocateBackordersIn }: SetStockDeps): StockTake {
  /** The counts in one unit; the products' low-stock fact recorded in it. */
  async function apply(counts: readonly StockCount[]): Promise<void> {
    await units.run(async (uow: UnitOfWork) => {
      const { low, raised } = await stock.setCountsIn(uow, counts);
      if (low.length) await uow.record('product.low_stock', lowStockFacts(low));
      if (raised.length) {
        await allocateBackordersIn(
          uow,
          raised.map((f) => f.id),
        );
      }
    });
  }

  return {
    async setOne(id: string, input: StockSet): Promise<Product> {
      if (!isObjectId(id)) throw notFound('Product');
      const refs = await warehouses.refs();
      const warehouse = input.warehouse === undefined ? refs.find((w) => w.isDefault) : refs.find((w) => w.code === input.warehouse);
      if (!warehouse) throw validationFailed({ warehouse: WAREHOUSE_MESSAGES.unknown });
      try {
        await apply([{ productId: id, warehouseId: warehouse.isDefault ? null : warehouse.id, count: input.availableQuantity }]);
      } catch (error) {
        if (error instanceof StockCountError) {
          const line = error.lines[0]!;
          if (!line.sku) throw notFound('Product');
          throw new AppError('CONFLICT', line.message, { availableQuantity: line.message }, error.lines);
        }
        throw error;
      }
      return products.get(id);
    },

    /**
     * Sets each line's count, all or nothing: an unknown SKU or warehouse, a SKU named twice for one
     * warehouse or a bad quantity answers 400 naming every such line by its index (as the cart's
     * bulk add does), and nothing changes; a count below what is sold and not yet shipped, 409.
     */
    async setMany(items): Promise<{ updated: number }> {
      const errors: ErrorLine[] = [];
      const skus = items.map((i) => normalizeSku(i.sku));
      const [ids, refs] = await Promise.all([stock.idsBySku([...new Set(skus.filter(Boolean))]), warehouses.refs()]);
      const seen = new Set<string>();
      const counts: StockCount[] = [];
      items.forEach((item, index) => {
        const sku = skus[index]!;
        const fail = (message: string) => errors.push({ index, sku: item.sku, message });
        if (!sku) return fail('SKU is required');
        const productId = ids.get(sku);
        if (!productId) return fail('No product has this SKU');
        const code = item.warehouse?.trim().toUpperCase();
        const warehouse = code === undefined || code === '' ? refs.find((w) => w.isDefault) : refs.find((w) => w.code === code);
        if (!warehouse) return fail(WAREHOUSE_MESSAGES.unknown);
        const key = `${sku}@${warehouse.id}`;
        if (seen.has(key)) return fail('This SKU is named by an earlier line for the same warehouse');
        seen.add(key);
        const problem = stockQuantityError(item.availableQuantity);
        if (problem) return fail(problem);
        counts.push({ productId, warehouseId: warehouse.isDefault ? null : warehouse.id, count: item.availableQuantity as number, index });
      });
      if (errors.length) throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.badLines, undefined, errors);
      try {
        await apply(counts);
      } catch (error) {
        if (error instanceof StockCountError) {
          // A product deleted since its SKU was read: the whole take is sent again.
          if (error.lines.some((l) => !l.sku)) throw new AppError('CONFLICT', 'A product changed while the stock was set; nothing was changed, send it again');
          throw new AppError('CONFLICT', API_KEY_MESSAGES.badLines, undefined, error.lines);
        }
        throw error;
      }
      return { updated: counts.length };
    },
  };
}
