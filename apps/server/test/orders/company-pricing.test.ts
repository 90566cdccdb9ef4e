import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Order, Product, Quote } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, shopAdmin, type TestCompany } from './company-helpers.js';

/**
 * Issue 18, company prices: a member of a company with a discount and fixed prices sees and pays
 * them everywhere a price is derived (catalogue list and details, cart, checkout, purchase, a
 * quote's starting price), through the one shared price function; everybody else sees list prices,
 * and the catalogue cache keeps the two apart.
 */
let t: TestApp;
let products: TestProduct[];
let c: TestCompany;
let member: SignedInUser;
let shop: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopAdmin(t.app);
  // $1.00 (a tier of $0.80 from 500 pieces) and $1.01.
  products = await insertProducts(t.database, 2, { stock: 100_000 });
  await t.database.db
    .updateTable('products')
    .set({ price_tiers: JSON.stringify([{ minQuantity: 500, priceE4: 8000 }]) })
    .where('id', '=', products[0]!.id)
    .execute();
  c = await createCompany(t.app, { discountPercent: 10 });
  const fixed = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${c.company.id}/prices/${products[1]!.id}`,
    headers: { cookie: shop.cookie },
    payload: { price: 0.5 },
  });
  expect(fixed.statusCode, fixed.body).toBe(200);
  member = await addMember(t, c, 'buyer');
});
afterAll(async () => t.close());

const detail = (id: string, user?: SignedInUser) => t.app.inject({ url: `/api/service/${id}`, headers: user ? { cookie: user.cookie } : {} });
const list = (user?: SignedInUser) => t.app.inject({ url: '/api/service?brand=Test&limit=100', headers: user ? { cookie: user.cookie } : {} });

describe(`company prices (${engine})`, () => {
  it('GET /api/service/:id: list prices for anyone else, the company price (asSeenBy) and listPrice for a member; cached apart', async () => {
    const anonymous = (await detail(products[0]!.id)).json() as Product;
    expect(anonymous.price).toBe(1);
    expect(anonymous.listPrice).toBeUndefined();
    expect(anonymous.priceTiers).toEqual([{ minQuantity: 500, price: 0.8 }]);
    // The anonymous answer is in the cache now: the member must not get it.
    const seen = (await detail(products[0]!.id, member)).json() as Product;
    expect(seen).toMatchObject({ price: 0.9, listPrice: 1, priceTiers: [{ minQuantity: 500, price: 0.8 }] });
    // A fixed price below every tier: no tier is kept.
    const fixed = (await detail(products[1]!.id, member)).json() as Product;
    expect(fixed).toMatchObject({ price: 0.5, listPrice: 1.01, priceTiers: [] });
    // And the member's answer (cached too) never reaches anyone else.
    expect(((await detail(products[0]!.id)).json() as Product).price).toBe(1);
    const stranger = await signUp(t.app);
    expect(((await detail(products[0]!.id, stranger)).json() as Product).price).toBe(1);
    const otherCompany = await createCompany(t.app);
    const otherMember = await addMember(t, otherCompany, 'buyer');
    const plain = (await detail(products[0]!.id, otherMember)).json() as Product;
    expect(plain.price).toBe(1);
    expect(plain.listPrice).toBeUndefined();
  });

  it('GET /api/service: every listed product as the member sees it', async () => {
    const mine = (await list(member)).json() as Product[];
    expect(mine.find((p) => p._id === products[0]!.id)).toMatchObject({ price: 0.9, listPrice: 1 });
    expect(mine.find((p) => p._id === products[1]!.id)).toMatchObject({ price: 0.5, listPrice: 1.01 });
    const theirs = (await list()).json() as Product[];
    expect(theirs.find((p) => p._id === products[0]!.id)).toMatchObject({ price: 1 });
    expect(theirs.find((p) => p._id === products[0]!.id)?.listPrice).toBeUndefined();
  });

  it('a discount change shows at once (the companies service clears the catalogue cache)', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${c.company.id}`,
      headers: { cookie: shop.cookie },
      payload: { discountPercent: 20 },
    });
    expect(patched.statusCode).toBe(200);
    expect(((await detail(products[0]!.id, member)).json() as Product).price).toBe(0.8);
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${c.company.id}`,
      headers: { cookie: shop.cookie },
      payload: { discountPercent: 10 },
    });
    expect(back.statusCode).toBe(200);
    expect(((await detail(products[0]!.id, member)).json() as Product).price).toBe(0.9);
  });

  it('the cart and the checkout charge the company prices; the lowest of tier and company price applies', async () => {
    const cart = cartClient(t.app, member);
    await cart.clear();
    const added = await cart.add([
      { sku: products[0]!.sku, quantity: 100 },
      { sku: products[1]!.sku, quantity: 100 },
    ]);
    expect(added.statusCode).toBe(200);
    const view = (await cart.get()).json() as Cart;
    expect(view.lines.map((l) => l.unitPrice)).toEqual([0.9, 0.5]);
    expect(view.subtotal).toBe(140);
    expect(view.lines[0]!.priceTiers).toEqual([{ minQuantity: 500, price: 0.8 }]);
    // 500 pieces reach the $0.80 tier, below the 10% discount.
    await cart.put(products[0]!.id, 500);
    expect(((await cart.get()).json() as Cart).lines[0]!.unitPrice).toBe(0.8);
    await cart.put(products[0]!.id, 100);
    const res = await cart.checkout({ shippingAddress: ADDRESS });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.lines.map((l) => l.unitPrice)).toEqual([0.9, 0.5]);
    // Issue 29: each line keeps the list price for its quantity, which an approver compares against.
    expect(order.lines.map((l) => l.listUnitPrice)).toEqual([1, 1.01]);
    expect(order.total).toBe(140);
    expect(order.companyId).toBe(c.company.id);
    // Somebody else's cart: list prices.
    const stranger = await signUp(t.app);
    await cartClient(t.app, stranger).add([{ sku: products[0]!.sku, quantity: 100 }]);
    expect(((await cartClient(t.app, stranger).get()).json() as Cart).lines[0]!.unitPrice).toBe(1);
  });

  it('POST /api/purchase charges the company price', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: member.cookie },
      payload: { productId: products[1]!.id, quantity: 100 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 0.5, total: 50, companyId: c.company.id });
  });

  it("a quote's starting price is the member's price", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: member.cookie },
      payload: {
        lines: [
          { productId: products[0]!.id, quantity: 100 },
          { productId: products[1]!.id, quantity: 2000 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json() as Quote;
    expect(quote.lines.map((l) => l.listUnitPrice)).toEqual([0.9, 0.5]);
  });
});
