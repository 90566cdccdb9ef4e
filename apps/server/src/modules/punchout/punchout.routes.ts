import {
  idParamsSchema,
  punchoutConfigInputSchema,
  punchoutConfigSchema,
  punchoutDocumentDetailSchema,
  punchoutDocumentListQuerySchema,
  punchoutDocumentSchema,
  punchoutSessionSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import type { ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { PunchoutService } from './punchout.service.js';

/**
 * `/api` routes of punchout (issue 32): a company's setup (shop admins; the company stays hidden
 * from outsiders, 404, as its prices), the document log (shop admins), and what the punchout bar
 * shows (the caller's own punchout session).
 */
export default async function punchoutRoutes(app: ApiInstance, opts: { punchout: PunchoutService }) {
  const { punchout } = opts;
  const config = { 200: responseSchema(punchoutConfigSchema) };

  app.get('/companies/:id/punchout', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: config } }, async (request) =>
    punchout.getConfig(request.params.id, currentUser(request)),
  );

  app.put(
    '/companies/:id/punchout',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, body: punchoutConfigInputSchema, response: config } },
    async (request) => punchout.saveConfig(request.params.id, request.body, currentUser(request)),
  );

  app.delete('/companies/:id/punchout', { preValidation: app.requireUser, schema: { params: idParamsSchema } }, async (request, reply) => {
    await punchout.deleteConfig(request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.get(
    '/punchout/documents',
    {
      preValidation: app.requireAdmin,
      schema: { querystring: punchoutDocumentListQuerySchema, response: { 200: responseSchema(z.array(punchoutDocumentSchema)) } },
    },
    async (request, reply) => {
      const { items, total } = await punchout.documents(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/punchout/documents/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: responseSchema(punchoutDocumentDetailSchema) } } },
    async (request) => punchout.document(request.params.id, currentUser(request)),
  );

  app.get(
    '/punchout/session',
    { preValidation: app.requireUser, config: { punchout: 'read' }, schema: { response: { 200: responseSchema(punchoutSessionSchema) } } },
    async (request) => punchout.sessionInfo(currentUser(request)),
  );
}
