import {
  idParamsSchema,
  orderSchema,
  quoteAcceptInputSchema,
  quoteAnswerSchema,
  quoteListQuerySchema,
  quoteRequestSchema,
  quoteSchema,
  TOTAL_COUNT_HEADER,
  type Order,
  type Quote,
  type QuoteAcceptInput,
} from '@bulkparts/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { currentUser } from '../../lib/current-user.js';
import type { SessionUser } from '../../lib/session-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { QuotesService } from './quotes.service.js';

/** What accepting a quote answers: the accepted quote (with `orderId`) and the new order, to be paid like any other. */
export const quoteAcceptResultSchema = z.object({ quote: quoteSchema, order: orderSchema });

/** The accept-quote flow (flows/accept-quote.ts, built in services.ts): declared where it is called, so the quotes module never imports a flow. */
export type QuoteAcceptance = (id: string, user: SessionUser, input?: QuoteAcceptInput) => Promise<{ quote: Quote; order: Order }>;

/**
 * `/api/quotes` (issue 17): buyers ask for, read, accept, decline and withdraw their quotes;
 * admins list and read every quote and answer them. Another buyer's quote is a 404 everywhere.
 */
export default async function quotesRoutes(
  app: ApiInstance,
  opts: { quotes: QuotesService; acceptQuote: QuoteAcceptance; rateLimiter: RateLimiter; rules: AppConfig['orders'] },
) {
  const { quotes, acceptQuote, rateLimiter, rules } = opts;
  const one = { 200: responseSchema(quoteSchema) };

  // A confirmed address, as for ordering: every request mails the admins.
  app.post(
    '/quotes',
    { preValidation: app.requireVerifiedUser, schema: { body: quoteRequestSchema, response: { 201: responseSchema(quoteSchema) } } },
    async (request, reply) => reply.status(201).send(await quotes.create(request.body, currentUser(request))),
  );

  app.get(
    '/quotes',
    { preValidation: app.requireUser, schema: { querystring: quoteListQuerySchema, response: { 200: responseSchema(z.array(quoteSchema)) } } },
    async (request, reply) => {
      const { items, total } = await quotes.list(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get('/quotes/:id', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: one } }, async (request) =>
    quotes.get(request.params.id, currentUser(request)),
  );

  app.get('/quotes/:id/pdf', { preValidation: app.requireUser, schema: { params: idParamsSchema, produces: ['application/pdf'] } }, async (request, reply) => {
    const { filename, pdf } = await quotes.pdf(request.params.id, currentUser(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.patch('/quotes/:id', { preValidation: app.requireAdmin, schema: { params: idParamsSchema, body: quoteAnswerSchema, response: one } }, async (request) =>
    quotes.answer(request.params.id, request.body),
  );

  // Accepting places an order: a confirmed address and the same per-account rate as a purchase.
  // Issue 29: the body (optional, none is `{}`) carries the checkout's ship-to, PO number, note and payment method.
  app.post(
    '/quotes/:id/accept',
    {
      preValidation: app.requireVerifiedUser,
      schema: { params: idParamsSchema, body: quoteAcceptInputSchema, response: { 201: responseSchema(quoteAcceptResultSchema) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (rules.purchasesPerMinute > 0) {
        await rateLimiter.consume([{ name: 'purchase:account', rule: { max: rules.purchasesPerMinute, windowSeconds: 60 }, subject: user.id }]);
      }
      return reply.status(201).send(await acceptQuote(request.params.id, user, request.body));
    },
  );

  app.post('/quotes/:id/decline', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: one } }, async (request) =>
    quotes.decline(request.params.id, currentUser(request)),
  );

  app.post('/quotes/:id/withdraw', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: one } }, async (request) =>
    quotes.withdraw(request.params.id, currentUser(request)),
  );
}
