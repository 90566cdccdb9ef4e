import { isObjectId, type ErrorLine, type ProductStock } from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import { defaultCount, type LowStockRow, type StockFigures, type StockRepository } from './stock.repository.js';

/** A warehouse as the stock steps know it (the warehouses module's `WarehouseRef`, declared here so neither module imports the other). */
export interface StockWarehouse {
  id: string;
  code: string;
  name: string;
  isDefault: boolean;
}

/** One warehouse's count for one product: `warehouseId` null is the default warehouse. */
export interface StockCount {
  productId: string;
  warehouseId: string | null;
  count: number;
  /** The request's line (POST /api/stock's index), to name it in an error. */
  index?: number;
}

/** Thrown inside a stock take's unit when a count cannot be applied; the unit rolls back and the lines are named. */
export class StockCountError extends Error {
  constructor(readonly lines: readonly ErrorLine[]) {
    super('stock count refused');
  }
}

/** The after-commit key of the catalogue cache's clearing (shared with products.service.ts): once per unit. */
const CATALOGUE_CACHE = 'catalogue-cache';

/**
 * Stock per warehouse (issue 19's stock takes, issue 31): the products module's side. A stock take
 * sets what one warehouse can still sell; the product's `availableQuantity` is the warehouses'
 * sum. Pieces sold and not yet shipped count as sold from the default warehouse until they ship
 * (from whichever warehouse), so the default warehouse's figure means what the one stock figure
 * meant before warehouses (ADR 0032). The steps run in the flows' units (flows/set-stock.ts,
 * flows/ship-order.ts); each registers the catalogue cache's clearing after the commit.
 */
export function createStockService({
  repo,
  cache,
  lowStockThreshold,
  warehouses,
}: {
  repo: StockRepository;
  cache: Pick<CatalogueCache, 'clear'>;
  /**
   * Issue 19: a stock take that leaves a product below its own `low_stock_threshold`, or below
   * this one (WEBHOOK_LOW_STOCK_THRESHOLD) when it has none, is a `product.low_stock` fact for the
   * webhooks. A shop-wide 0 still lets products' own thresholds alert.
   */
  lowStockThreshold: number;
  /** Every warehouse, the default first (the warehouses service, wired in services.ts). */
  warehouses: () => Promise<readonly StockWarehouse[]>;
}) {
  return {
    idsBySku: (skus: readonly string[]) => repo.idsBySku(skus),

    /**
     * Sets warehouses' counts in the unit, all or nothing (StockCountError names every count that
     * would leave fewer pieces than are sold and not yet shipped). Answers the products whose
     * sellable figure rose (backorders may now be filled) and those left below their low-stock threshold.
     */
    async setCountsIn(uow: UnitOfWork, counts: readonly StockCount[]): Promise<{ raised: StockFigures[]; low: LowStockRow[]; touched: StockFigures[] }> {
      const figures = await repo.figuresIn(
        uow.trx,
        counts.map((c) => c.productId),
      );
      const before = new Map([...figures].map(([id, f]) => [id, f.available]));
      const errors: ErrorLine[] = [];
      const written: { warehouseId: string; productId: string; quantity: number }[] = [];
      for (const c of counts) {
        const f = figures.get(c.productId);
        if (!f) {
          errors.push({ ...(c.index !== undefined ? { index: c.index } : {}), productId: c.productId, sku: '', message: 'No product has this id' });
          continue;
        }
        // The default warehouse's figure is what it can still sell (as the one stock figure was before
        // warehouses): pieces sold and not yet shipped are sold from it. Another warehouse's is its count.
        const others = [...f.others.values()].reduce((n, q) => n + q, 0);
        const available = c.warehouseId === null ? c.count + others : f.available + c.count - (f.others.get(c.warehouseId) ?? 0);
        if (available < 0) {
          const message = `This count leaves ${-available} fewer pieces than are sold and not yet shipped; ship or cancel those orders first`;
          errors.push({ ...(c.index !== undefined ? { index: c.index } : {}), productId: f.id, sku: f.sku, message });
          continue;
        }
        f.available = available;
        if (c.warehouseId !== null) {
          f.others.set(c.warehouseId, c.count);
          written.push({ warehouseId: c.warehouseId, productId: f.id, quantity: c.count });
        }
      }
      if (errors.length) throw new StockCountError(errors);
      const touched = [...figures.values()];
      const now = nowIso();
      await repo.writeFiguresIn(uow.trx, touched, now);
      await repo.writeCountsIn(uow.trx, written, now);
      uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
      const low = touched
        .map((f) => ({ f, threshold: f.lowStockThreshold ?? lowStockThreshold }))
        .filter(({ f, threshold }) => f.available < threshold)
        .map(({ f, threshold }) => ({ id: f.id, sku: f.sku, name: f.name, available_quantity: f.available, threshold }));
      return { raised: touched.filter((f) => f.available > (before.get(f.id) ?? 0)), low, touched };
    },

    /**
     * Issue 31: a shipment's pieces leave `warehouseId`'s shelves (null: the default warehouse), in
     * the shipment's unit: each product's count there must hold them (StockCountError names those
     * that do not), and they are no longer committed. What can be sold does not change.
     */
    async shipFromIn(uow: UnitOfWork, warehouseId: string | null, pieces: readonly { productId: string; quantity: number }[]): Promise<void> {
      const figures = await repo.figuresIn(
        uow.trx,
        pieces.map((p) => p.productId),
      );
      const errors: ErrorLine[] = [];
      const written: { warehouseId: string; productId: string; quantity: number }[] = [];
      for (const { productId, quantity } of pieces) {
        const f = figures.get(productId);
        if (!f) continue;
        const held = warehouseId === null ? defaultCount(f) : (f.others.get(warehouseId) ?? 0);
        if (held < quantity) {
          errors.push({ productId, sku: f.sku, message: `${f.sku}: the warehouse holds ${held} of the ${quantity} pieces to ship` });
          continue;
        }
        // Pieces of orders written before committed pieces were counted are not below 0.
        f.committed = Math.max(0, f.committed - quantity);
        if (warehouseId !== null) {
          f.others.set(warehouseId, held - quantity);
          written.push({ warehouseId, productId, quantity: held - quantity });
        }
      }
      if (errors.length) throw new StockCountError(errors);
      const now = nowIso();
      await repo.writeFiguresIn(uow.trx, [...figures.values()], now);
      await repo.writeCountsIn(uow.trx, written, now);
    },

    /**
     * Issue 31: returned pieces back on the shelves of `warehouseId` (null: the default) and on sale,
     * in the return's unit (the caller runs the backorder allocation after). Answers the products that got any.
     */
    async receiveIn(uow: UnitOfWork, items: readonly { productId: string; warehouseId: string | null; pieces: number }[]): Promise<string[]> {
      const wanted = items.filter((i) => i.pieces > 0);
      if (wanted.length === 0) return [];
      const figures = await repo.figuresIn(
        uow.trx,
        wanted.map((i) => i.productId),
      );
      const written = new Map<string, { warehouseId: string; productId: string; quantity: number }>();
      for (const i of wanted) {
        const f = figures.get(i.productId);
        if (!f) continue;
        f.available += i.pieces;
        if (i.warehouseId !== null) {
          const count = (f.others.get(i.warehouseId) ?? 0) + i.pieces;
          f.others.set(i.warehouseId, count);
          written.set(`${i.warehouseId}:${i.productId}`, { warehouseId: i.warehouseId, productId: i.productId, quantity: count });
        }
      }
      const now = nowIso();
      await repo.writeFiguresIn(uow.trx, [...figures.values()], now);
      await repo.writeCountsIn(uow.trx, [...written.values()], now);
      uow.afterCommit(() => cache.clear(), CATALOGUE_CACHE);
      return [...figures.keys()];
    },

    /** `GET /api/service/:id/stock`: the product's figures and each warehouse's count. */
    async stockOf(productId: string): Promise<ProductStock> {
      const f = isObjectId(productId) ? (await repo.figures([productId])).get(productId) : undefined;
      if (!f) throw notFound('Product');
      const list = await warehouses();
      return {
        productId: f.id,
        sku: f.sku,
        availableQuantity: f.available,
        committedQuantity: f.committed,
        warehouses: list.map((w) => {
          const onHand = w.isDefault ? defaultCount(f) : (f.others.get(w.id) ?? 0);
          return { warehouse: w.code, name: w.name, isDefault: w.isDefault, onHand, availableQuantity: w.isDefault ? onHand - f.committed : onHand };
        }),
      };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
