import { idParamsSchema, productListQuerySchema, productSchema, TOTAL_COUNT_HEADER } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createProductsRepository } from './products.repository.js';
import { createProductsService } from './products.service.js';

/** `/api/service`: the spec's name for the product catalogue. */
export default async function productsRoutes(app: FastifyInstance) {
  const service = createProductsService(createProductsRepository(app.database.db));
  app.get('/service', { schema: { response: { 200: responseSchema(z.array(productSchema)) } } }, async (request, reply) => {
    const query = parseInput(productListQuerySchema, request.query);
    const { items, total } = await service.list(query);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  app.get('/service/:id', { schema: { response: { 200: responseSchema(productSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return service.get(id);
  });
}
