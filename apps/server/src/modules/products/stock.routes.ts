import { idParamsSchema, productSchema, stockBulkResultSchema, stockBulkSchema, stockSetSchema } from '@bulkparts/shared';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { StockService } from './stock.service.js';

/** Stock set from outside (issue 19): an admin's session or an API key with `stock:write`. */
export default async function stockRoutes(app: ApiInstance, opts: { stock: StockService }) {
  const { stock } = opts;

  app.patch(
    '/service/:id/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      schema: { params: idParamsSchema, body: stockSetSchema, response: { 200: responseSchema(productSchema) } },
    },
    async (request) => stock.setStock(request.params.id, request.body.availableQuantity),
  );

  app.post(
    '/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      // 5,000 lines of `{ "sku": …, "availableQuantity": … }` fit well inside 2 MB.
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: stockBulkSchema, response: { 200: responseSchema(stockBulkResultSchema) } },
    },
    async (request) => stock.setStockBySku(request.body.items),
  );
}
