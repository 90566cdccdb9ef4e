import { cartBulkAddSchema, cartLineInputSchema, cartLineParamsSchema, cartPreviewSchema, cartSchema } from '@bulkparts/shared';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { CartService } from './cart.service.js';

/** `/api/cart`: the signed-in buyer's cart. Checkout (`POST /api/cart/checkout`) is the orders module's (orders/checkout.routes.ts). */
export default async function cartRoutes(app: ApiInstance, opts: { cart: CartService }) {
  const { cart } = opts;
  const answer = { response: { 200: responseSchema(cartSchema) } };

  app.get('/cart', { preValidation: app.requireUser, schema: answer }, async (request) => cart.view(currentUser(request).id));

  app.delete('/cart', { preValidation: app.requireUser, schema: answer }, async (request) => cart.clear(currentUser(request).id));

  app.post('/cart/lines', { preValidation: app.requireUser, schema: { body: cartBulkAddSchema, ...answer } }, async (request) =>
    cart.addBySku(currentUser(request).id, request.body.lines),
  );

  // Issue 33: the quick order grid's names, prices and problems before anything is added (writes nothing).
  app.post(
    '/cart/lines/preview',
    { preValidation: app.requireUser, schema: { body: cartBulkAddSchema, response: { 200: responseSchema(cartPreviewSchema) } } },
    async (request) => cart.previewBySku(currentUser(request).id, request.body.lines),
  );

  app.put(
    '/cart/lines/:productId',
    { preValidation: app.requireUser, schema: { params: cartLineParamsSchema, body: cartLineInputSchema, ...answer } },
    async (request) => cart.setLine(currentUser(request).id, request.params.productId, request.body.quantity),
  );

  app.delete('/cart/lines/:productId', { preValidation: app.requireUser, schema: { params: cartLineParamsSchema, ...answer } }, async (request) =>
    cart.removeLine(currentUser(request).id, request.params.productId),
  );
}
