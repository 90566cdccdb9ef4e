import {
  IDEMPOTENCY_KEY_HEADER,
  markPaidSchema,
  orderRejectSchema,
  idempotencyKeySchema,
  idParamsSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatusChangeSchema,
  purchaseInputSchema,
  shippingAddressSchema,
  TOTAL_COUNT_HEADER,
  type Order,
  type PurchaseInput,
  type ShippingAddress,
} from '@bulkparts/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import { validationFailed } from '../../lib/errors.js';
import { currentUser } from '../../lib/current-user.js';
import type { SessionUser } from '../../lib/session-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { OrdersService } from './orders.service.js';

/** The Idempotency-Key header, or a 400 naming it (the database keeps at most 100 characters). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw validationFailed({ 'Idempotency-Key': parsed.error.issues[0]?.message ?? 'Idempotency-Key is not valid' });
  return parsed.data;
}

/**
 * The flows these routes call (flows/purchase-product.ts, flows/change-ship-to.ts, built in
 * services.ts): declared here, where they are called, so the orders module never imports a flow.
 */
export type ProductPurchase = (input: PurchaseInput, user: SessionUser, idempotencyKey?: string) => Promise<{ order: Order; created: boolean }>;
export type ShipToChange = (orderId: string, address: ShippingAddress, user: SessionUser) => Promise<Order>;

/** `/api/purchase`: the spec's orders API. The server derives price, product and buyer. */
export default async function ordersRoutes(
  app: ApiInstance,
  opts: { orders: OrdersService; purchase: ProductPurchase; changeShipTo: ShipToChange; rateLimiter: RateLimiter; rules: AppConfig['orders'] },
) {
  const { orders: service, purchase, changeShipTo, rateLimiter, rules } = opts;
  const one = { 200: responseSchema(orderSchema), 201: responseSchema(orderSchema) };

  app.post('/purchase', { preValidation: app.requireVerifiedUser, schema: { body: purchaseInputSchema, response: one } }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (rules.purchasesPerMinute > 0) {
      await rateLimiter.consume([{ name: 'purchase:account', rule: { max: rules.purchasesPerMinute, windowSeconds: 60 }, subject: user.id }]);
    }
    const { order, created } = await purchase(request.body, user, key);
    return reply.status(created ? 201 : 200).send(order);
  });

  app.get(
    '/purchase',
    {
      preValidation: app.requireUser,
      config: { scope: 'orders:read' },
      schema: { querystring: orderListQuerySchema, response: { 200: responseSchema(z.array(orderSchema)) } },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/purchase/:id',
    { preValidation: app.requireUser, config: { scope: 'orders:read' }, schema: { params: idParamsSchema, response: { 200: responseSchema(orderSchema) } } },
    async (request) => service.get(request.params.id, currentUser(request)),
  );

  app.delete(
    '/purchase/:id',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(orderSchema) } } },
    async (request) => service.cancel(request.params.id, currentUser(request)),
  );

  app.patch(
    '/purchase/:id',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'orders:write' },
      schema: { params: idParamsSchema, body: orderStatusChangeSchema, response: { 200: responseSchema(orderSchema) } },
    },
    async (request) => {
      const { status, carrier, trackingNumber } = request.body;
      return service.changeStatus(request.params.id, status, currentUser(request), { carrier, trackingNumber });
    },
  );

  // Issue 29: the buyer gives the order's ship-to (a spec client's purchase may have none) until it ships.
  app.patch(
    '/purchase/:id/shipping-address',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, body: shippingAddressSchema, response: { 200: responseSchema(orderSchema) } } },
    async (request) => changeShipTo(request.params.id, request.body, currentUser(request)),
  );

  // Issue 18: an approver or company admin of the order's company decides on an order above the buyer's limit.
  app.post(
    '/purchase/:id/approve',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(orderSchema) } } },
    async (request) => service.approve(request.params.id, currentUser(request)),
  );

  app.post(
    '/purchase/:id/reject',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, body: orderRejectSchema, response: { 200: responseSchema(orderSchema) } } },
    async (request) => service.reject(request.params.id, request.body.reason, currentUser(request)),
  );

  // A shop admin records the bank transfer of an invoiced order.
  app.post(
    '/purchase/:id/mark-paid',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'orders:write' },
      schema: { params: idParamsSchema, body: markPaidSchema, response: { 200: responseSchema(orderSchema) } },
    },
    async (request) => service.markPaid(request.params.id, request.body.reference, currentUser(request)),
  );
}
