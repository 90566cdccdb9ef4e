import type { FastifyInstance } from 'fastify';
import type { Quote } from '@bulkparts/shared';
import type { Database } from '../../src/db/database.js';
import type { SignedInUser } from '../helpers/factories.js';

/** A date `days` from now as the answer takes it (ISO date-time). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Calls on the quote routes for one signed-in user. */
export function quoteClient(app: FastifyInstance, user: SignedInUser) {
  const headers = { cookie: user.cookie };
  return {
    request: (lines: unknown, note?: string) =>
      app.inject({ method: 'POST', url: '/api/quotes', headers, payload: { lines, ...(note !== undefined ? { note } : {}) } as object }),
    list: (query = '') => app.inject({ method: 'GET', url: `/api/quotes${query}`, headers }),
    get: (id: string) => app.inject({ method: 'GET', url: `/api/quotes/${id}`, headers }),
    pdf: (id: string) => app.inject({ method: 'GET', url: `/api/quotes/${id}/pdf`, headers }),
    answer: (id: string, body: unknown) => app.inject({ method: 'PATCH', url: `/api/quotes/${id}`, headers, payload: body as object }),
    /** Without `body` nothing is sent, as the spec's clients do; with it, the checkout's details (issue 29). */
    accept: (id: string, body?: unknown) =>
      app.inject({ method: 'POST', url: `/api/quotes/${id}/accept`, headers, ...(body !== undefined ? { payload: body as object } : {}) }),
    decline: (id: string) => app.inject({ method: 'POST', url: `/api/quotes/${id}/decline`, headers }),
    withdraw: (id: string) => app.inject({ method: 'POST', url: `/api/quotes/${id}/withdraw`, headers }),
  };
}

/** Asks for a quote and answers the created quote (201 expected). */
export async function requestQuote(app: FastifyInstance, buyer: SignedInUser, lines: { productId: string; quantity: number }[], note?: string): Promise<Quote> {
  const res = await quoteClient(app, buyer).request(lines, note);
  if (res.statusCode !== 201) throw new Error(`quote request failed: ${res.statusCode} ${res.body}`);
  return res.json() as Quote;
}

/** Answers every line of `quote` at `unitPrice` dollars (or per product), valid for `days` (200 expected). */
export async function answerQuote(app: FastifyInstance, admin: SignedInUser, quote: Quote, prices: number | Record<string, number>, days = 14): Promise<Quote> {
  const lines = quote.lines.map((l) => ({ productId: l.productId, unitPrice: typeof prices === 'number' ? prices : prices[l.productId]! }));
  const res = await quoteClient(app, admin).answer(quote._id, { lines, validUntil: inDays(days), message: 'Thanks for asking' });
  if (res.statusCode !== 200) throw new Error(`answer failed: ${res.statusCode} ${res.body}`);
  return res.json() as Quote;
}

/** Moves an answered quote's date into the past, as time passing would (the status is then read as expired). */
export async function backdate(database: Database, quoteId: string): Promise<void> {
  await database.db
    .updateTable('quotes')
    .set({ valid_until: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', quoteId)
    .execute();
}
