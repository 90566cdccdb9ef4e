import * as OTPAuth from 'otpauth';
import { productListQuerySchema, type Product, type SessionUser } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieFrom, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { multipartFile, multipartForm, pdfBytes, PNG_BYTES } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { catalogueCacheKey } from '../../src/plugins/response-cache.js';
import { linkIn, pathOf, waitForMail } from '../auth/mail-helpers.js';

/**
 * Each cache is cleared by the service that writes its data (ADR 0012), not by URL rules: a
 * write through every route that changes the data is visible on the next read.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_READER_THREADS: '1' } });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

const as = (u: SignedInUser) => ({ cookie: u.cookie });
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('catalogue cache (cleared by the products service)', () => {
  const read = async (id: string): Promise<{ status: number; product: Product }> => {
    const res = await t.app.inject({ url: `/api/service/${id}` });
    return { status: res.statusCode, product: res.json() as Product };
  };
  /** Reads twice so the answer is certainly cached, and checks it is. */
  const warm = async (id: string) => {
    await read(id);
    expect(t.app.services.catalogueCache.get(`/api/service/${id}`)).toBeDefined();
    return (await read(id)).product;
  };
  const newProduct = async (stock = 1000) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: as(admin),
      payload: {
        sku: `PROBE-${Math.random().toString(36).slice(2, 10)}`,
        name: `Probe ${Math.random().toString(36).slice(2, 10)}`,
        description: 'probe',
        price: 2,
        minimumOrderQuantity: 50,
        availableQuantity: stock,
        img: 'https://example.com/p.png',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };
  const buy = async (buyer: SignedInUser, productId: string, quantity = 100) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/purchase', headers: as(buyer), payload: { productId, quantity } });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string };
  };

  it('create: a new product shows in a cached search at once', async () => {
    const url = '/api/service?q=cache%20probe%20create';
    await t.app.inject({ url });
    expect(t.app.services.catalogueCache.get(catalogueCacheKey(url, { q: 'cache probe create' }, productListQuerySchema)!)).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: as(admin),
      payload: {
        sku: 'CACHE-PROBE-CREATE',
        name: 'Cache probe create',
        description: 'probe',
        price: 2,
        minimumOrderQuantity: 50,
        availableQuantity: 50,
        img: 'https://example.com/p.png',
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject({ url })).json()).toHaveLength(1);
  });

  it('one entry per query as the route reads it: ignored parameters, their order and spelling share it (issue 28)', async () => {
    const before = t.app.services.catalogueCache.size;
    const urls = [
      '/api/service?q=hex&brand=Acme&_n=1',
      '/api/service?brand=Acme&q=hex&_n=2',
      '/api/service?q=%20hex%20&brand=Acme',
      '/api/service?brand=Acme&q=hex',
    ];
    const bodies = [];
    for (const url of urls) bodies.push((await t.app.inject({ url })).body);
    expect(new Set(bodies).size).toBe(1);
    expect(t.app.services.catalogueCache.size - before).toBe(1);
    // A query the route refuses is answered by its validation, and nothing is kept.
    expect((await t.app.inject({ url: '/api/service?page=0' })).statusCode).toBe(400);
    expect(t.app.services.catalogueCache.size - before).toBe(1);
  });

  it('misses for one query that arrive together compute it once (issue 28)', async () => {
    const list = vi.spyOn(t.app.services.products, 'list');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.app.inject({ url: `/api/service?q=coalesce%20probe&_n=${i}` })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      list.mockRestore();
    }
  });

  it('an answer computed before a clear is not kept after it', () => {
    const cache = t.app.services.catalogueCache;
    const seen = cache.generation;
    cache.clear();
    cache.set('/probe-generation', { payload: Buffer.from('[]'), headers: {} }, seen);
    expect(cache.get('/probe-generation')).toBeUndefined();
    cache.set('/probe-generation', { payload: Buffer.from('[]'), headers: {} }, cache.generation);
    expect(cache.get('/probe-generation')).toBeDefined();
  });

  it('update, stock delta, delete', async () => {
    const p = await newProduct();
    await warm(p._id);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/service/${p._id}`, headers: as(admin), payload: { price: 3.5 } })).statusCode).toBe(200);
    expect((await read(p._id)).product.price).toBe(3.5);

    await warm(p._id);
    expect((await t.app.inject({ method: 'POST', url: `/api/service/${p._id}/stock`, headers: as(admin), payload: { delta: -100 } })).statusCode).toBe(200);
    expect((await read(p._id)).product.availableQuantity).toBe(900);

    await warm(p._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/service/${p._id}`, headers: as(admin) })).json()).toMatchObject({ deleted: true });
    expect((await read(p._id)).status).toBe(404);
  });

  it('a document added and deleted (issue 33) shows in the cached product at once', async () => {
    const p = await newProduct();
    await warm(p._id);
    const { payload, headers } = multipartForm(
      [
        ['title', 'Probe sheet'],
        ['kind', 'datasheet'],
      ],
      { bytes: pdfBytes(), filename: 'p.pdf', contentType: 'application/pdf' },
    );
    const added = await t.app.inject({ method: 'POST', url: `/api/service/${p._id}/documents`, headers: { ...headers, ...as(admin) }, payload });
    expect(added.statusCode, added.body).toBe(201);
    expect((await read(p._id)).product.documents?.map((d) => d.title)).toEqual(['Probe sheet']);
    await warm(p._id);
    expect((await t.app.inject({ method: 'DELETE', url: added.json().url, headers: as(admin) })).statusCode).toBe(204);
    expect((await read(p._id)).product.documents).toEqual([]);
  });

  it('delete of a product with orders archives it', async () => {
    const p = await newProduct();
    const buyer = await signUp(t.app);
    await buy(buyer, p._id);
    await warm(p._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/service/${p._id}`, headers: as(admin) })).json()).toMatchObject({ archived: true });
    expect((await read(p._id)).product.archived).toBe(true);
  });

  it('checkout of a cart (every line’s product)', async () => {
    const [a, b] = [await newProduct(1000), await newProduct(1000)];
    const buyer = await signUp(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: as(buyer),
      payload: { lines: [a, b].map((p) => ({ sku: p.sku, quantity: 100 })) },
    });
    expect(added.statusCode).toBe(200);
    await warm(a._id);
    await warm(b._id);
    const address = { name: 'Probe', line1: '1 Street', city: 'Town', postalCode: '1000', country: 'Nowhere' };
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: as(buyer), payload: { shippingAddress: address } });
    expect(res.statusCode).toBe(201);
    expect((await read(a._id)).product.availableQuantity).toBe(900);
    expect((await read(b._id)).product.availableQuantity).toBe(900);
  });

  it('purchase, buyer cancel, admin cancel (status change), payment', async () => {
    const p = await newProduct(1000);
    const buyer = await signUp(t.app);
    await warm(p._id);
    const first = await buy(buyer, p._id, 100);
    expect((await read(p._id)).product.availableQuantity).toBe(900);

    await warm(p._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${first._id}`, headers: as(buyer) })).statusCode).toBe(200);
    expect((await read(p._id)).product.availableQuantity).toBe(1000);

    const second = await buy(buyer, p._id, 200);
    await warm(p._id);
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/purchase/${second._id}`, headers: as(admin), payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect((await read(p._id)).product.availableQuantity).toBe(1000);

    // Paying moves no stock; the figure stays right.
    const third = await buy(buyer, p._id, 300);
    await warm(p._id);
    expect((await t.app.inject({ method: 'POST', url: `/api/purchase/${third._id}/pay`, headers: as(buyer), payload: GOOD_CARD })).statusCode).toBe(200);
    expect((await read(p._id)).product.availableQuantity).toBe(700);
  });

  it('a failed purchase (not enough stock) leaves the figure right', async () => {
    const p = await newProduct(50);
    const buyer = await signUp(t.app);
    await warm(p._id);
    const res = await t.app.inject({ method: 'POST', url: '/api/purchase', headers: as(buyer), payload: { productId: p._id, quantity: 60 } });
    expect(res.statusCode).toBe(409);
    expect((await read(p._id)).product.availableQuantity).toBe(50);
  });
});

describe('catalogue cache: expiry', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ env: { UNPAID_ORDER_TTL: '1' } });
  });
  afterAll(async () => short?.close());

  it('an expired order returns its stock to the cached product', async () => {
    const p = ((await short.app.inject({ url: '/api/service?limit=50' })).json() as Product[]).find(
      (x) => x.availableQuantity >= 1000 && x.minimumOrderQuantity <= 100,
    )!;
    const buyer = await signUp(short.app);
    const placed = await short.app.inject({ method: 'POST', url: '/api/purchase', headers: as(buyer), payload: { productId: p._id, quantity: 100 } });
    expect(placed.statusCode).toBe(201);
    const stockNow = async () => ((await short.app.inject({ url: `/api/service/${p._id}` })).json() as Product).availableQuantity;
    expect(await stockNow()).toBe(p.availableQuantity - 100);
    // Keep reading (each read refreshes the cache) until the sweep expires the order: the next read shows the stock back.
    let status = 'pending';
    for (let i = 0; i < 40 && status !== 'expired'; i++) {
      await stockNow();
      await new Promise((r) => setTimeout(r, 100));
      status = (await short.app.inject({ url: `/api/purchase/${(placed.json() as { _id: string })._id}`, headers: as(buyer) })).json().status;
    }
    expect(status).toBe('expired');
    expect(await stockNow()).toBe(p.availableQuantity);
  });
});

describe('session cache (cleared by the users, profiles and auth code)', () => {
  const post = (url: string, payload: unknown, cookie: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const sessions = () => t.app.services.sessions;
  /** Makes sure `user`'s session is cached, then answers what the cache holds. */
  const warm = async (user: SignedInUser): Promise<SessionUser> => {
    expect((await t.app.inject({ url: '/api/profile', headers: as(user) })).statusCode).toBe(200);
    const cached = sessions().get(user.cookie);
    expect(cached).toBeDefined();
    return cached!;
  };
  /** The next signed-in read sees the session as it is now. */
  const nextRead = async (user: SignedInUser): Promise<SessionUser | undefined> => {
    await t.app.inject({ url: '/api/profile', headers: as(user) });
    return sessions().get(user.cookie);
  };

  it('promote and demote (PUT/DELETE /api/user/admin/:email)', async () => {
    const u = await signUp(t.app);
    expect((await warm(u)).role).toBe('customer');
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/admin/${u.email}`, headers: as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/admin/${u.email}`, headers: as(u) })).json()).toEqual({ admin: true });
    await warm(u);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${u.email}`, headers: as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/admin/${u.email}`, headers: as(u) })).json()).toEqual({ admin: false });
  });

  it('profile save (POST /api/profile)', async () => {
    const u = await signUp(t.app);
    await warm(u);
    expect((await post('/api/profile', { address: '1 Cache Street', phone: '+1 555 0100', url: '' }, u.cookie)).statusCode).toBe(200);
    expect(sessions().get(u.cookie)).toBeUndefined();
  });

  it('name and image (POST /api/auth/update-user)', async () => {
    const u = await signUp(t.app);
    expect((await warm(u)).name).toBe('Test Buyer');
    expect((await post('/api/auth/update-user', { name: 'Renamed Buyer', image: 'https://example.com/me.png' }, u.cookie)).statusCode).toBe(200);
    expect(await nextRead(u)).toMatchObject({ name: 'Renamed Buyer', image: 'https://example.com/me.png' });
  });

  it('photo upload (POST /api/profile/photo)', async () => {
    const u = await signUp(t.app);
    expect((await warm(u)).image).toBeNull();
    const { payload, headers } = multipartFile(PNG_BYTES, 'me.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/photo', payload, headers: { ...headers, ...as(u) } });
    expect(res.statusCode).toBe(200);
    expect((await nextRead(u))?.image).toMatch(/^\/uploads\//);
  });

  it('email verification (GET /api/auth/verify-email)', async () => {
    const u = await signUp(t.app, { verified: false });
    expect((await warm(u)).emailVerified).toBe(false);
    const link = linkIn(await waitForMail(t, u.email, 'Confirm your email'));
    expect((await t.app.inject({ url: pathOf(link) })).statusCode).toBe(302);
    expect((await nextRead(u))?.emailVerified).toBe(true);
  });

  it('two-factor enable and disable (POST /api/auth/two-factor/*)', async () => {
    const u = await signUp(t.app);
    await warm(u);
    const enable = await post('/api/auth/two-factor/enable', { password: u.password }, u.cookie);
    expect(enable.statusCode).toBe(200);
    const totp = OTPAuth.URI.parse((enable.json() as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    const verify = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, u.cookie);
    expect(verify.statusCode).toBe(200);
    // Enabling replaces the session: the old cookie is signed out at once, not within a second.
    expect(sessions().get(u.cookie)).toBeUndefined();
    expect((await t.app.inject({ url: '/api/profile', headers: as(u) })).statusCode).toBe(401);
    u.cookie = cookieFrom(verify.headers['set-cookie']);
    await warm(u);
    expect((await post('/api/auth/two-factor/disable', { password: u.password }, u.cookie)).statusCode).toBe(200);
    expect(sessions().get(u.cookie)).toBeUndefined();
  });

  it('sign-out (POST /api/auth/sign-out)', async () => {
    const u = await signUp(t.app);
    await warm(u);
    expect((await post('/api/auth/sign-out', {}, u.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: as(u) })).statusCode).toBe(401);
  });

  it('delete user (DELETE /api/user/:id)', async () => {
    const u = await signUp(t.app);
    await warm(u);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${u.id}`, headers: as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: as(u) })).statusCode).toBe(401);
  });
});
