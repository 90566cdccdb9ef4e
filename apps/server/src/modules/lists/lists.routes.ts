import {
  idParamsSchema,
  listCreateSchema,
  listItemParamsSchema,
  listItemQuantitySchema,
  listListQuerySchema,
  listSchema,
  listSummarySchema,
  listUpdateSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ListsService } from './lists.service.js';

/** `/api/lists` (issue 33): requisition lists, the caller's own and those shared with their company. */
export default async function listsRoutes(app: ApiInstance, opts: { lists: ListsService }) {
  const { lists } = opts;
  const one = { 200: responseSchema(listSchema) };

  app.get(
    '/lists',
    { preValidation: app.requireUser, schema: { querystring: listListQuerySchema, response: { 200: responseSchema(z.array(listSummarySchema)) } } },
    async (request, reply) => {
      const { items, total } = await lists.list(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/lists',
    { preValidation: app.requireUser, schema: { body: listCreateSchema, response: { 201: responseSchema(listSchema) } } },
    async (request, reply) => reply.status(201).send(await lists.create(request.body, currentUser(request))),
  );

  app.get('/lists/:id', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: one } }, async (request) =>
    lists.get(request.params.id, currentUser(request)),
  );

  app.patch('/lists/:id', { preValidation: app.requireUser, schema: { params: idParamsSchema, body: listUpdateSchema, response: one } }, async (request) =>
    lists.update(request.params.id, request.body, currentUser(request)),
  );

  app.delete('/lists/:id', { preValidation: app.requireUser, schema: { params: idParamsSchema } }, async (request, reply) => {
    await lists.remove(request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.put(
    '/lists/:id/items/:productId',
    { preValidation: app.requireUser, schema: { params: listItemParamsSchema, body: listItemQuantitySchema, response: one } },
    async (request) => lists.setItem(request.params.id, request.params.productId, request.body.quantity, currentUser(request)),
  );

  app.delete('/lists/:id/items/:productId', { preValidation: app.requireUser, schema: { params: listItemParamsSchema, response: one } }, async (request) =>
    lists.removeItem(request.params.id, request.params.productId, currentUser(request)),
  );
}
