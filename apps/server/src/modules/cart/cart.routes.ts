import { cartBulkAddSchema, cartLineInputSchema, cartLineParamsSchema, cartPreviewSchema, cartSchema } from '@bulkparts/shared';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { cartOwnerOf } from './cart-owner.js';
import type { CartService } from './cart.service.js';

/** Issue 32: a punchout session reads and fills its own cart (cart-owner.ts) through these routes (an `inspect` one only reads). */
const READ = { punchout: 'read' } as const;
const WRITE = { punchout: 'write' } as const;

/** `/api/cart`: the signed-in buyer's cart. Checkout (`POST /api/cart/checkout`) is the orders module's (orders/checkout.routes.ts). */
export default async function cartRoutes(app: ApiInstance, opts: { cart: CartService }) {
  const { cart } = opts;
  const answer = { response: { 200: responseSchema(cartSchema) } };

  app.get('/cart', { preValidation: app.requireUser, config: READ, schema: answer }, async (request) => cart.view(cartOwnerOf(currentUser(request))));

  app.delete('/cart', { preValidation: app.requireUser, config: WRITE, schema: answer }, async (request) => cart.clear(cartOwnerOf(currentUser(request))));

  app.post('/cart/lines', { preValidation: app.requireUser, config: WRITE, schema: { body: cartBulkAddSchema, ...answer } }, async (request) =>
    cart.addBySku(cartOwnerOf(currentUser(request)), request.body.lines),
  );

  // Issue 33: the quick order grid's names, prices and problems before anything is added (writes nothing).
  app.post(
    '/cart/lines/preview',
    { preValidation: app.requireUser, config: READ, schema: { body: cartBulkAddSchema, response: { 200: responseSchema(cartPreviewSchema) } } },
    async (request) => cart.previewBySku(cartOwnerOf(currentUser(request)), request.body.lines),
  );

  app.put(
    '/cart/lines/:productId',
    { preValidation: app.requireUser, config: WRITE, schema: { params: cartLineParamsSchema, body: cartLineInputSchema, ...answer } },
    async (request) => cart.setLine(cartOwnerOf(currentUser(request)), request.params.productId, request.body.quantity),
  );

  app.delete(
    '/cart/lines/:productId',
    { preValidation: app.requireUser, config: WRITE, schema: { params: cartLineParamsSchema, ...answer } },
    async (request) => cart.removeLine(cartOwnerOf(currentUser(request)), request.params.productId),
  );
}
