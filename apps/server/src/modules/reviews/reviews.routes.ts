import { idParamsSchema, paginationQuerySchema, reviewInputSchema, reviewSchema, TOTAL_COUNT_HEADER } from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ReviewsService } from './reviews.service.js';

export default async function reviewsRoutes(app: ApiInstance, opts: { reviews: ReviewsService }) {
  const service = opts.reviews;

  app.get('/review', { schema: { querystring: paginationQuerySchema, response: { 200: responseSchema(z.array(reviewSchema)) } } }, async (request, reply) => {
    const { items, total } = await service.list(request.query);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  app.post(
    '/review',
    { preValidation: app.requireUser, schema: { body: reviewInputSchema, response: { 201: responseSchema(reviewSchema) } } },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.delete('/review/:id', { preValidation: app.requireAdmin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await service.remove(request.params.id);
    return reply.status(204).send();
  });
}
