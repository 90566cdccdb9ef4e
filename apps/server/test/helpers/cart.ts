import type { FastifyInstance } from 'fastify';
import type { Cart, Order } from '@bulkparts/shared';
import type { Database } from '../../src/db/database.js';
import { newId, nowIso } from '../../src/lib/ids.js';
import type { SignedInUser } from './factories.js';

export interface TestProduct {
  id: string;
  sku: string;
  name: string;
  priceCents: number;
}

let batch = 0;

/**
 * Inserts `n` products straight into the catalogue (price $1.00 + i cents, minimum 50, the given
 * stock), with SKUs `<prefix>-<i>`; for carts that need more products than the demo catalogue has.
 */
export async function insertProducts(
  database: Database,
  n: number,
  { stock = 10_000, minimum = 50, prefix }: { stock?: number; minimum?: number; prefix?: string } = {},
): Promise<TestProduct[]> {
  const tag = prefix ?? `T${++batch}X${Date.now().toString(36).toUpperCase()}`;
  const now = nowIso();
  const products = Array.from({ length: n }, (_, i) => ({ id: newId(), sku: `${tag}-${i}`, name: `Test part ${tag} ${i}`, priceCents: 100 + i }));
  for (let at = 0; at < products.length; at += 100) {
    await database.db
      .insertInto('products')
      .values(
        products.slice(at, at + 100).map((p, i) => ({
          id: p.id,
          position: 10_000 + at + i,
          name: p.name,
          name_lower: p.name.toLowerCase(),
          description: 'A part for the cart tests',
          // Test parts cost whole cents; unit prices are kept in 1/10,000 dollar (issue 30).
          price_e4: p.priceCents * 100,
          minimum_order_quantity: minimum,
          available_quantity: stock,
          img: '/images/products/placeholder.webp',
          archived: 0,
          created_at: now,
          updated_at: now,
          sku: p.sku,
          brand: 'Test',
          category: null,
          attributes: '{}',
          images: '[]',
        })),
      )
      .execute();
  }
  return products;
}

export async function stockOf(database: Database, id: string): Promise<number> {
  const row = await database.db.selectFrom('products').select('available_quantity').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.available_quantity);
}

export async function setStock(database: Database, id: string, stock: number): Promise<void> {
  await database.db.updateTable('products').set({ available_quantity: stock }).where('id', '=', id).execute();
}

export const ADDRESS = {
  company: 'Acme Fasteners Ltd',
  name: 'Ada Buyer',
  line1: '1 Mill Road',
  city: 'Leeds',
  postalCode: 'LS1 4AB',
  country: 'United Kingdom',
};

/** Calls for one buyer: the cart routes, checkout and reorder. */
export function cartClient(app: FastifyInstance, user: SignedInUser) {
  const headers = { cookie: user.cookie };
  return {
    get: () => app.inject({ method: 'GET', url: '/api/cart', headers }),
    add: (lines: unknown) => app.inject({ method: 'POST', url: '/api/cart/lines', headers, payload: { lines } as object }),
    preview: (lines: unknown) => app.inject({ method: 'POST', url: '/api/cart/lines/preview', headers, payload: { lines } as object }),
    put: (productId: string, quantity: unknown) => app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers, payload: { quantity } as object }),
    remove: (productId: string) => app.inject({ method: 'DELETE', url: `/api/cart/lines/${productId}`, headers }),
    clear: () => app.inject({ method: 'DELETE', url: '/api/cart', headers }),
    checkout: (body: unknown = { shippingAddress: ADDRESS }, key?: string) =>
      app.inject({ method: 'POST', url: '/api/cart/checkout', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object }),
    reorder: (orderId: string) => app.inject({ method: 'POST', url: `/api/purchase/${orderId}/reorder`, headers }),
    async cart(): Promise<Cart> {
      return (await app.inject({ method: 'GET', url: '/api/cart', headers })).json() as Cart;
    },
    /** Fills the cart with `quantity` of each product and checks out; answers the order. */
    async order(products: readonly { sku: string }[], quantity = 100, body: Record<string, unknown> = {}): Promise<Order> {
      const added = await app.inject({ method: 'POST', url: '/api/cart/lines', headers, payload: { lines: products.map((p) => ({ sku: p.sku, quantity })) } });
      if (added.statusCode !== 200) throw new Error(`add failed: ${added.statusCode} ${added.body}`);
      const res = await app.inject({ method: 'POST', url: '/api/cart/checkout', headers, payload: { shippingAddress: ADDRESS, ...body } });
      if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
      return res.json() as Order;
    },
  };
}
