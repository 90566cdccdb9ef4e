import {
  apiErrorSchema,
  cartAlreadyOrderedSchema,
  checkoutInputSchema,
  IDEMPOTENCY_KEY_HEADER,
  idParamsSchema,
  orderSchema,
  reorderInputSchema,
  reorderResultSchema,
  type CheckoutInput,
  type Order,
  type ReorderInput,
  type ReorderResult,
} from '@bulkparts/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { currentUser } from '../../lib/current-user.js';
import type { SessionUser } from '../../lib/session-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import { idempotencyKeyOf } from './orders.routes.js';

/**
 * The cart's checkout and reorder (flows/checkout-cart.ts, built in services.ts): declared here,
 * where the routes that call them live, so the orders module never imports a flow.
 */
export interface CartCheckout {
  checkout(input: CheckoutInput, user: SessionUser, idempotencyKey?: string): Promise<{ order: Order; created: boolean }>;
  reorder(orderId: string, user: SessionUser, input?: ReorderInput): Promise<ReorderResult>;
}

/** `POST /api/cart/checkout` (the cart becomes one order) and `POST /api/purchase/:id/reorder` (an order back into the cart). */
export default async function checkoutRoutes(app: ApiInstance, opts: { checkout: CartCheckout; rateLimiter: RateLimiter; rules: AppConfig['orders'] }) {
  const { checkout, rateLimiter, rules } = opts;
  const one = { 200: responseSchema(orderSchema), 201: responseSchema(orderSchema) };
  // Issue 28: a cart another checkout already ordered is a 409 naming that order (`orderId`,
  // `orderNumber`); the other 409s (short stock, credit limit, a cart changed meanwhile) are ApiError.
  const conflict = { 409: responseSchema(z.union([apiErrorSchema, cartAlreadyOrderedSchema])) };

  app.post(
    '/cart/checkout',
    { preValidation: app.requireVerifiedUser, schema: { body: checkoutInputSchema, response: { ...one, ...conflict } } },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
      // A checkout is a purchase: the same per-account rate.
      if (rules.purchasesPerMinute > 0) {
        await rateLimiter.consume([{ name: 'purchase:account', rule: { max: rules.purchasesPerMinute, windowSeconds: 60 }, subject: user.id }]);
      }
      const { order, created } = await checkout.checkout(request.body, user, key);
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.post(
    '/purchase/:id/reorder',
    // The body is optional (issue 29): none, or no `mode`, adds to the cart as before.
    { preValidation: app.requireUser, schema: { params: idParamsSchema, body: reorderInputSchema, response: { 200: responseSchema(reorderResultSchema) } } },
    async (request) => checkout.reorder(request.params.id, currentUser(request), request.body),
  );
}
