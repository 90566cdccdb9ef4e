import { idParamsSchema, warehouseInputSchema, warehousePatchSchema, warehouseSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { WarehousesService } from './warehouses.service.js';

/**
 * `/api/warehouses` (issue 31): shop admins keep them. Reading them is also open to an API key with
 * `stock:write` (a warehouse system pushing counts needs the codes).
 */
export default async function warehousesRoutes(app: ApiInstance, opts: { warehouses: WarehousesService }) {
  const { warehouses } = opts;

  app.get(
    '/warehouses',
    { preValidation: app.requireAdmin, config: { scope: 'stock:write' }, schema: { response: { 200: responseSchema(z.array(warehouseSchema)) } } },
    async () => warehouses.list(),
  );

  app.post(
    '/warehouses',
    { preValidation: app.requireAdmin, schema: { body: warehouseInputSchema, response: { 201: responseSchema(warehouseSchema) } } },
    async (request, reply) => reply.status(201).send(await warehouses.create(request.body)),
  );

  app.patch(
    '/warehouses/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, body: warehousePatchSchema, response: { 200: responseSchema(warehouseSchema) } } },
    async (request) => warehouses.update(request.params.id, request.body),
  );
}
