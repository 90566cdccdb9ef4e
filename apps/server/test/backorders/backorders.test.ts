import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextWorkingDay, type ApiError, type Cart, type Order, type Product } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, stockOf } from '../helpers/cart.js';
import { SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { mailTo } from '../orders/company-helpers.js';
import { csvOf, exportCsv, HEADER, importCsv, productBySku, row } from '../products/csv-helpers.js';

/**
 * Issue 31: backorders with a promised date. A line beyond the stock of a product that allows
 * backorders is taken with the rest backordered, promised by the restock day or today plus the lead
 * time; without backorders short stock is 409 as before. Stock that arrives goes to the waiting
 * lines first come, first served, in the stock change's unit, and their buyers are mailed.
 */
let t: TestApp;
let admin: SignedInUser;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const as = (u: SignedInUser) => ({ cookie: u.cookie });
const patchProduct = (id: string, body: object) => t.app.inject({ method: 'PATCH', url: `/api/service/${id}`, headers: as(admin), payload: body });
const setStock = (id: string, availableQuantity: number) =>
  t.app.inject({ method: 'PATCH', url: `/api/service/${id}/stock`, headers: as(admin), payload: { availableQuantity } });
const buy = (user: SignedInUser, productId: string, quantity: number, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/purchase', headers: as(user), payload: { productId, quantity, shippingAddress: SHIP_TO, ...extra } });
const read = async (user: SignedInUser, id: string) => (await t.app.inject({ url: `/api/purchase/${id}`, headers: as(user) })).json() as Order;
const queued = async (id: string) =>
  Number((await t.database.db.selectFrom('products').select('backordered_quantity').where('id', '=', id).executeTakeFirstOrThrow()).backordered_quantity);

/** A product with `stock` pieces that allows backorders with these settings. */
async function backorderable(stock: number, backorder: object = { allowed: true, leadTimeDays: 10 }) {
  const [p] = await insertProducts(t.database, 1, { stock });
  const res = await patchProduct(p!.id, { backorder });
  expect(res.statusCode, res.body).toBe(200);
  return p!;
}

describe(`backorders with a promised date (${engine})`, () => {
  it('products keep their backorder settings (API, validated by field)', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 10 });
    const ok = await patchProduct(p!.id, { backorder: { allowed: true, leadTimeDays: 14, nextRestockDate: '2099-01-15' } });
    expect((ok.json() as Product).backorder).toEqual({ allowed: true, leadTimeDays: 14, nextRestockDate: '2099-01-15' });
    const bad = await patchProduct(p!.id, { backorder: { allowed: 'yes', leadTimeDays: -1, nextRestockDate: '2099-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ApiError).fields ?? {}).sort()).toEqual(['backorder.allowed', 'backorder.leadTimeDays', 'backorder.nextRestockDate']);
    const listed = (await t.app.inject({ url: `/api/service/${p!.id}` })).json() as Product;
    expect(listed.backorder.allowed).toBe(true);
  });

  it('a line beyond the stock is backordered: promised by today plus the lead time, or the restock day; without backorders 409', async () => {
    const buyer = await signUp(t.app);
    const byLead = await backorderable(100, { allowed: true, leadTimeDays: 10 });
    const res = await buy(buyer, byLead.id, 300);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.lines[0]).toMatchObject({ quantity: 300, backordered: 200, promisedDispatch: nextWorkingDay(addDays(today(), 10)) });
    expect(await stockOf(t.database, byLead.id)).toBe(0);
    const byRestock = await backorderable(0, { allowed: true, leadTimeDays: 10, nextRestockDate: '2099-03-03' });
    const second = (await buy(buyer, byRestock.id, 100)).json() as Order;
    expect(second.lines[0]).toMatchObject({ backordered: 100, promisedDispatch: '2099-03-03' });
    // A restock day gone by: today plus the lead time again; neither known: no date yet.
    const stale = await backorderable(0, { allowed: true, leadTimeDays: 3, nextRestockDate: '2020-01-01' });
    expect(((await buy(buyer, stale.id, 100)).json() as Order).lines[0]!.promisedDispatch).toBe(nextWorkingDay(addDays(today(), 3)));
    const unknown = await backorderable(0, { allowed: true });
    expect(((await buy(buyer, unknown.id, 100)).json() as Order).lines[0]).toMatchObject({ backordered: 100, promisedDispatch: null });
    const [plain] = await insertProducts(t.database, 1, { stock: 100 });
    const refused = await buy(buyer, plain!.id, 300);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toBe('Only 100 Ps left in stock');
  });

  it('stock that arrives goes to the waiting lines first come, first served, in its unit; the buyers are mailed the new date', async () => {
    const [first, second, late] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const p = await backorderable(100);
    const a = (await buy(first, p.id, 300)).json() as Order; // 100 now, 200 wait
    const b = (await buy(second, p.id, 100)).json() as Order; // all 100 wait
    expect(b.lines[0]!.backordered).toBe(100);
    expect(await queued(p.id)).toBe(300);
    const push = await setStock(p.id, 250);
    expect(push.statusCode, push.body).toBe(200);
    expect((push.json() as Product).availableQuantity).toBe(0);
    expect((await read(first, a._id)).lines[0]).toMatchObject({ backordered: 0, promisedDispatch: null });
    expect((await read(second, b._id)).lines[0]).toMatchObject({ backordered: 50 });
    expect(await queued(p.id)).toBe(50);
    // While pieces wait, a new order queues behind them even when stock is there.
    await setStock(p.id, 30);
    expect((await read(second, b._id)).lines[0]!.backordered).toBe(20);
    const c = (await buy(late, p.id, 100)).json() as Order;
    expect(c.lines[0]).toMatchObject({ backordered: 100 });
    await setStock(p.id, 70);
    expect((await read(second, b._id)).lines[0]!.backordered).toBe(0);
    expect((await read(late, c._id)).lines[0]!.backordered).toBe(50);
    expect(await stockOf(t.database, p.id)).toBe(0);
    const mail = await mailTo(t, first.email, (m) => m.subject.includes('backordered parts are in stock'));
    expect(mail?.text_body).toContain('200 Ps now in stock');
  });

  it('a cancelled order leaves the queue; its pieces go to the next waiting line', async () => {
    const [first, second] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const p = await backorderable(100);
    const a = (await buy(first, p.id, 150)).json() as Order; // 100 now, 50 wait
    const b = (await buy(second, p.id, 100)).json() as Order; // 100 wait
    expect(await queued(p.id)).toBe(150);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${a._id}`, headers: as(first) })).statusCode).toBe(200);
    expect((await read(second, b._id)).lines[0]!.backordered).toBe(0);
    expect(await queued(p.id)).toBe(0);
    expect(await stockOf(t.database, p.id)).toBe(0);
  });

  it('ship as available ships what is in stock; ship complete waits for every piece', async () => {
    const buyer = await signUp(t.app);
    const p = await backorderable(100);
    const ship = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/purchase/${id}`, headers: as(admin), payload: { status: 'shipped' } });
    const pay = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/purchase/${id}`, headers: as(admin), payload: { status: 'paid' } });
    const asAvailable = (await buy(buyer, p.id, 150)).json() as Order;
    expect(asAvailable.fulfilment).toBe('ship_as_available');
    await pay(asAvailable._id);
    const partly = await ship(asAvailable._id);
    expect(partly.json()).toMatchObject({ status: 'partially_shipped' });
    expect((partly.json() as Order).lines[0]).toMatchObject({ shipped: 100, backordered: 50 });
    const waiting = await ship(asAvailable._id);
    expect(waiting.statusCode).toBe(409);
    expect((waiting.json() as ApiError).message).toMatch(/50 pieces left are backordered/);
    const complete = (await buy(buyer, p.id, 100, { fulfilment: 'ship_complete' })).json() as Order;
    expect(complete).toMatchObject({ fulfilment: 'ship_complete' });
    await pay(complete._id);
    const refused = await ship(complete._id);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toBe('This order ships complete: 100 pieces are still backordered');
    await setStock(p.id, 150);
    expect((await ship(asAvailable._id)).json()).toMatchObject({ status: 'shipped' });
    expect((await ship(complete._id)).json()).toMatchObject({ status: 'shipped' });
  });

  it('the cart takes a line beyond the stock of a product taking backorders, and checkout backorders it', async () => {
    const buyer = await signUp(t.app);
    const p = await backorderable(60, { allowed: true, leadTimeDays: 5 });
    const cart = cartClient(t.app, buyer);
    const added = await cart.put(p.id, 200);
    expect(added.statusCode, added.body).toBe(200);
    const line = (added.json() as Cart).lines[0]!;
    expect(line).toMatchObject({ problem: null, availableQuantity: 60, backorder: { allowed: true, leadTimeDays: 5, nextRestockDate: null } });
    const placed = await cart.checkout({ shippingAddress: ADDRESS, fulfilment: 'ship_complete' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ fulfilment: 'ship_complete' });
    expect(order.lines[0]).toMatchObject({ quantity: 200, backordered: 140, promisedDispatch: nextWorkingDay(addDays(today(), 5)) });
  });

  it('CSV: backorderAllowed, leadTimeDays and nextRestockDate import and export; a file without them keeps a product’s own', async () => {
    const sku = `BO-${Date.now().toString(36).toUpperCase()}`;
    const header = [...HEADER, 'backorderAllowed', 'leadTimeDays', 'nextRestockDate'];
    const created = await importCsv(t.app, admin.cookie, csvOf(header, [[...row({ sku }), 'yes', '7', '2099-05-01']]));
    expect(created.statusCode, created.raw).toBe(200);
    expect((await productBySku(t, sku))?.backorder).toEqual({ allowed: true, leadTimeDays: 7, nextRestockDate: '2099-05-01' });
    const bad = await importCsv(t.app, admin.cookie, csvOf(header, [[...row({ sku }), 'maybe', '-3', '2099-13-01']]));
    expect(bad.body.errors.map((e) => e.column).sort()).toEqual(['backorderAllowed', 'leadTimeDays', 'nextRestockDate']);
    expect((await importCsv(t.app, admin.cookie, csvOf(HEADER, [row({ sku, name: 'Renamed part' })]))).statusCode).toBe(200);
    expect((await productBySku(t, sku))?.backorder.allowed).toBe(true);
    const csv = await exportCsv(t.app, admin.cookie);
    expect(csv.split('\r\n').find((l) => l.startsWith(`${sku},`))).toContain(',yes,7,2099-05-01');
  });
});
