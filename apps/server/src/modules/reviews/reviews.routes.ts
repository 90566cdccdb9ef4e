import { idParamsSchema, paginationQuerySchema, reviewInputSchema, reviewSchema, TOTAL_COUNT_HEADER } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createReviewsRepository } from './reviews.repository.js';
import { createReviewsService } from './reviews.service.js';

export default async function reviewsRoutes(app: FastifyInstance) {
  const service = createReviewsService(createReviewsRepository(app.database.db));

  app.get('/review', { schema: { response: { 200: responseSchema(z.array(reviewSchema)) } } }, async (request, reply) => {
    const { items, total } = await service.list(parseInput(paginationQuerySchema, request.query));
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  app.post('/review', { preHandler: app.requireUser, schema: { response: { 201: responseSchema(reviewSchema) } } }, async (request, reply) => {
    const input = parseInput(reviewInputSchema, request.body);
    return reply.status(201).send(await service.create(request.user!, input));
  });

  app.delete('/review/:id', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await service.remove(id);
    return reply.status(204).send();
  });
}
