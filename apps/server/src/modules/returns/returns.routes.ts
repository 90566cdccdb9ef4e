import {
  idParamsSchema,
  returnListQuerySchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnRequestSchema,
  returnSchema,
  TOTAL_COUNT_HEADER,
  type Return,
  type ReturnReceive,
  type ReturnRequest,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import type { SessionUser } from '../../lib/session-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ReturnsService } from './returns.service.js';

/** The return flows (flows/returns.ts, built in services.ts) as these routes call them. */
export interface ReturnSteps {
  request(orderId: string, input: ReturnRequest, user: SessionUser): Promise<Return>;
  approve(id: string, user: SessionUser): Promise<Return>;
  reject(id: string, reason: string, user: SessionUser): Promise<Return>;
  receive(id: string, input: ReturnReceive): Promise<Return>;
  refund(id: string): Promise<Return>;
}

/**
 * Issue 31: returns (a buyer or their company's admin asks; shop admins, or an API key with
 * `orders:write`, decide and receive) and credit notes' PDFs (whoever sees the return).
 */
export default async function returnsRoutes(app: ApiInstance, opts: { returns: ReturnsService; flows: ReturnSteps }) {
  const { returns, flows } = opts;
  const one = { 200: responseSchema(returnSchema) };

  app.post(
    '/purchase/:id/returns',
    { preValidation: app.requireVerifiedUser, schema: { params: idParamsSchema, body: returnRequestSchema, response: { 201: responseSchema(returnSchema) } } },
    async (request, reply) => reply.status(201).send(await flows.request(request.params.id, request.body, currentUser(request))),
  );

  app.get(
    '/returns',
    {
      preValidation: app.requireUser,
      config: { scope: 'orders:read' },
      schema: { querystring: returnListQuerySchema, response: { 200: responseSchema(z.array(returnSchema)) } },
    },
    async (request, reply) => {
      const { items, total } = await returns.list(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/returns/:id',
    { preValidation: app.requireUser, config: { scope: 'orders:read' }, schema: { params: idParamsSchema, response: one } },
    async (request) => returns.get(request.params.id, currentUser(request)),
  );

  app.post(
    '/returns/:id/approve',
    { preValidation: app.requireAdmin, config: { scope: 'orders:write' }, schema: { params: idParamsSchema, response: one } },
    async (request) => flows.approve(request.params.id, currentUser(request)),
  );

  app.post(
    '/returns/:id/reject',
    { preValidation: app.requireAdmin, config: { scope: 'orders:write' }, schema: { params: idParamsSchema, body: returnRejectSchema, response: one } },
    async (request) => flows.reject(request.params.id, request.body.reason, currentUser(request)),
  );

  app.post(
    '/returns/:id/receive',
    { preValidation: app.requireAdmin, config: { scope: 'orders:write' }, schema: { params: idParamsSchema, body: returnReceiveSchema, response: one } },
    async (request) => flows.receive(request.params.id, request.body),
  );

  // A card refund the provider refused, sent again.
  app.post(
    '/returns/:id/refund',
    { preValidation: app.requireAdmin, config: { scope: 'orders:write' }, schema: { params: idParamsSchema, response: one } },
    async (request) => flows.refund(request.params.id),
  );

  app.get(
    '/credit-notes/:id/pdf',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { filename, pdf } = await returns.creditNotePdf(request.params.id, currentUser(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
