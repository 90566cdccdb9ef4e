import {
  centsToDollars,
  dayOf,
  dispatchEstimate,
  lineAvailability,
  orderGrams,
  shippingMethodAnswerSchema,
  shippingMethodsInputSchema,
  shippingOptionsQuerySchema,
  shippingOptionsSchema,
  type ShippingOption,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { nowIso } from '../../lib/ids.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { cartOwnerOf } from '../cart/cart-owner.js';
import type { CartService } from '../cart/cart.service.js';
import { backorderOf } from '../products/products.service.js';
import type { ShippingMethodsService } from './shipping-methods.service.js';

/**
 * Issue 30: `/api/shipping/methods` (shop admins keep the shop's methods, the whole set at once)
 * and `GET /api/cart/shipping-options` (what the buyer's cart can ship by to a ship-to, with each
 * method's price and delivery window; empty: nothing fits, checkout offers a freight quote).
 */
export default async function shippingRoutes(app: ApiInstance, opts: { shipping: ShippingMethodsService; cart: Pick<CartService, 'priced'> }) {
  const { shipping, cart } = opts;
  const methods = { 200: responseSchema(z.array(shippingMethodAnswerSchema)) };

  app.get('/shipping/methods', { preValidation: app.requireAdmin, schema: { response: methods } }, async () => shipping.list());

  app.put('/shipping/methods', { preValidation: app.requireAdmin, schema: { body: shippingMethodsInputSchema, response: methods } }, async (request) =>
    shipping.replace(request.body),
  );

  app.get(
    '/cart/shipping-options',
    { preValidation: app.requireUser, schema: { querystring: shippingOptionsQuerySchema, response: { 200: responseSchema(shippingOptionsSchema) } } },
    async (request): Promise<ShippingOption[]> => {
      const lines = await cart.priced(cartOwnerOf(currentUser(request)));
      if (lines.length === 0) return [];
      const now = nowIso();
      const today = dayOf(now);
      const availability = lines.map((l) => lineAvailability(l.quantity, Number(l.product.available_quantity), backorderOf(l.product), today));
      const options = await shipping.options(
        {
          grams: orderGrams(lines.map((l) => ({ quantity: l.quantity, weightGrams: l.product.weight_grams === null ? null : Number(l.product.weight_grams) }))),
          valueCents: lines.reduce((n, l) => n + l.lineTotalCents, 0),
          country: request.query.country,
        },
        // The checkout's default fulfilment: what is in stock leaves now.
        dispatchEstimate(availability, 'ship_as_available', today),
        now,
      );
      return options.map(({ quote, estimate }) => ({
        code: quote.method.code,
        name: quote.method.name,
        kind: quote.method.kind,
        price: centsToDollars(quote.priceCents),
        estimatedDelivery: estimate,
        pickupAddress: quote.method.kind === 'pickup' ? (quote.method.pickupAddress ?? null) : null,
      }));
    },
  );
}
