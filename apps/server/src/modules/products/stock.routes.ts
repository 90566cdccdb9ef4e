import {
  idParamsSchema,
  productSchema,
  productStockSchema,
  stockBulkResultSchema,
  stockBulkSchema,
  stockSetSchema,
  type Product,
  type StockBulk,
  type StockSet,
} from '@bulkparts/shared';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { StockService } from './stock.service.js';

/**
 * The stock-take flow (flows/set-stock.ts, built in services.ts) as these routes call it: declared
 * here so the products module never imports a flow.
 */
export interface StockTake {
  setOne(id: string, input: StockSet): Promise<Product>;
  setMany(items: StockBulk['items']): Promise<{ updated: number }>;
}

/** Stock set from outside (issue 19): an admin's session or an API key with `stock:write`; issue 31: per warehouse. */
export default async function stockRoutes(app: ApiInstance, opts: { stockTake: StockTake; stock: StockService }) {
  const { stockTake, stock } = opts;

  app.patch(
    '/service/:id/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      schema: { params: idParamsSchema, body: stockSetSchema, response: { 200: responseSchema(productSchema) } },
    },
    async (request) => stockTake.setOne(request.params.id, request.body),
  );

  // Issue 31: where a product's pieces are (each warehouse's count, what is sold and not yet shipped).
  app.get(
    '/service/:id/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      schema: { params: idParamsSchema, response: { 200: responseSchema(productStockSchema) } },
    },
    async (request) => stock.stockOf(request.params.id),
  );

  app.post(
    '/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      // 5,000 lines of `{ "sku": …, "warehouse": …, "availableQuantity": … }` fit well inside 2 MB.
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: stockBulkSchema, response: { 200: responseSchema(stockBulkResultSchema) } },
    },
    async (request) => stockTake.setMany(request.body.items),
  );
}
