import {
  IDEMPOTENCY_KEY_HEADER,
  idParamsSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatusChangeSchema,
  purchaseInputSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createOrderNotifier } from './order-mail.js';
import { createOrdersRepository } from './orders.repository.js';
import { createOrdersService } from './orders.service.js';

const idempotencyKeySchema = z.object({
  key: z.string().trim().min(1, 'Idempotency-Key must not be empty').max(200, 'Idempotency-Key must be at most 200 characters').optional(),
});

/** `/api/purchase`: the spec's orders API. The server derives price, product and buyer. */
export default async function ordersRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  const service = createOrdersService(createOrdersRepository(app.database.db, app.database.engine), createOrderNotifier(app, opts.publicUrl), {
    // A refund moves money first; the status changes only once the provider has accepted it.
    beforeRefund: (row) => app.payments.refund(row),
  });
  const one = { 200: responseSchema(orderSchema), 201: responseSchema(orderSchema) };

  app.post('/purchase', { preHandler: app.requireUser, schema: { response: one } }, async (request, reply) => {
    const input = parseInput(purchaseInputSchema, request.body);
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const { key } = parseInput(idempotencyKeySchema, { key: Array.isArray(header) ? header[0] : header });
    const { order, created } = await service.purchase(input, request.user!, key);
    return reply.status(created ? 201 : 200).send(order);
  });

  app.get('/purchase', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(z.array(orderSchema)) } } }, async (request, reply) => {
    const query = parseInput(orderListQuerySchema, request.query);
    const { items, total } = await service.list(query, request.user!);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  app.get('/purchase/:id', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(orderSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return service.get(id, request.user!);
  });

  app.delete('/purchase/:id', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(orderSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return service.cancel(id, request.user!);
  });

  app.patch('/purchase/:id', { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(orderSchema) } } }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const { status } = parseInput(orderStatusChangeSchema, request.body);
    return service.changeStatus(id, status, request.user!);
  });
}
