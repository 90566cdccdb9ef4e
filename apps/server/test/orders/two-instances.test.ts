import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createFreshPostgresDatabase, createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** Two app instances on one PostgreSQL database: the conditional stock update still never oversells. */
describe.skipIf(engine !== 'postgres')('two instances sharing one PostgreSQL', () => {
  let shared: { url: string; drop(): Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let buyer: SignedInUser;
  let product: Product;

  beforeAll(async () => {
    shared = await createFreshPostgresDatabase();
    a = await createTestApp({ env: { DATABASE_URL: shared.url } });
    b = await createTestApp({ env: { DATABASE_URL: shared.url }, seed: false });
    buyer = await signUp(a.app);
    product = ((await a.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
  });

  it('50 parallel orders split over two instances against stock for 10 accept exactly 10', async () => {
    const q = product.minimumOrderQuantity;
    await a.database.db
      .updateTable('products')
      .set({ available_quantity: 10 * q })
      .where('id', '=', product._id)
      .execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: { cookie: buyer.cookie },
          payload: { productId: product._id, quantity: q },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(10);
    expect(codes.filter((c) => c === 409).length).toBe(40);
    const row = await b.database.db.selectFrom('products').select('available_quantity').where('id', '=', product._id).executeTakeFirstOrThrow();
    expect(Number(row.available_quantity)).toBe(0);
    const count = await a.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10);
  });
});
