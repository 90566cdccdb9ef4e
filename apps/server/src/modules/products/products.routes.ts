import {
  idParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productPatchSchema,
  productSchema,
  stockAdjustmentSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthenticated } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createProductsRepository } from './products.repository.js';
import { createProductsAdminService, createProductsService } from './products.service.js';

const includeArchivedSchema = z.object({ includeArchived: z.enum(['0', '1'], { error: 'includeArchived must be 0 or 1' }).optional() });

/** `/api/service`: the spec's name for the product catalogue. Writes are for admins. */
export default async function productsRoutes(app: FastifyInstance) {
  const repo = createProductsRepository(app.database.db);
  const service = createProductsService(repo);
  const admin = createProductsAdminService(repo);

  /** `?includeArchived=1` (admins only) lists archived products too, for All Product. */
  app.get('/service', { schema: { response: { 200: responseSchema(z.array(productSchema)) } } }, async (request, reply) => {
    const query = parseInput(productListQuerySchema, request.query);
    const { includeArchived } = parseInput(includeArchivedSchema, request.query);
    if (includeArchived === '1') {
      const user = await request.loadUser();
      if (!user) throw unauthenticated();
      if (user.role !== 'admin') throw forbidden('Only admins can list archived products');
    }
    const { items, total } = await service.list(query, includeArchived === '1');
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  app.get('/service/:id', { schema: { response: { 200: responseSchema(productSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return service.get(id);
  });

  app.post('/service', { preHandler: app.requireAdmin, schema: { response: { 201: responseSchema(productSchema) } } }, async (request, reply) => {
    const input = parseInput(productInputSchema, request.body);
    return reply.status(201).send(await admin.create(input));
  });

  app.patch('/service/:id', { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(productSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return admin.update(id, parseInput(productPatchSchema, request.body));
  });

  app.post('/service/:id/stock', { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(productSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const { delta } = parseInput(stockAdjustmentSchema, request.body);
    return admin.adjustStock(id, delta);
  });

  app.delete(
    '/service/:id',
    { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(z.object({ deleted: z.boolean(), archived: z.boolean() })) } } },
    async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      return admin.remove(id);
    },
  );
}
