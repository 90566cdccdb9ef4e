import {
  idParamsSchema,
  paginationQuerySchema,
  TOTAL_COUNT_HEADER,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { WebhooksService } from './webhooks.service.js';

/**
 * `/api/webhooks` (issue 19, ADR 0022): shop admins with a session only. No route states a scope,
 * so no API key can register an endpoint or read its deliveries (plugins/api-key-auth.ts).
 */
export default async function webhooksRoutes(app: ApiInstance, opts: { webhooks: WebhooksService }) {
  const { webhooks } = opts;

  app.post(
    '/webhooks',
    { preValidation: app.requireAdmin, schema: { body: webhookCreateSchema, response: { 201: responseSchema(webhookCreatedSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await webhooks.create(request.body, currentUser(request).id)),
  );

  app.get('/webhooks', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(z.array(webhookSchema)) } } }, async () => webhooks.list());

  app.get(
    '/webhooks/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: responseSchema(webhookSchema) } } },
    async (request) => webhooks.get(request.params.id),
  );

  app.patch(
    '/webhooks/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, body: webhookUpdateSchema, response: { 200: responseSchema(webhookSchema) } } },
    async (request) => webhooks.update(request.params.id, request.body),
  );

  app.delete('/webhooks/:id', { preValidation: app.requireAdmin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await webhooks.remove(request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/webhooks/:id/deliveries',
    {
      preValidation: app.requireAdmin,
      schema: { params: idParamsSchema, querystring: paginationQuerySchema, response: { 200: responseSchema(z.array(webhookDeliverySchema)) } },
    },
    async (request, reply) => {
      const { items, total } = await webhooks.deliveries(request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    { preValidation: app.requireAdmin, schema: { params: webhookDeliveryParamsSchema, response: { 200: responseSchema(webhookDeliverySchema) } } },
    async (request) => webhooks.resend(request.params.id, request.params.deliveryId),
  );
}
