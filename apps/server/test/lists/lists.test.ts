import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, LIST_ITEMS_MAX, LIST_MESSAGES, MESSAGES, type ApiError, type ListSummary, type RequisitionList } from '@bulkparts/shared';
import { cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { companyClient, companyWithAdmin, memberOf } from '../companies/company-helpers.js';

/**
 * Requisition lists (issue 33): a buyer's own, shared read-only or editable with their company,
 * nobody else's (shop admins included); ordered into the cart through the cart's bulk add.
 */
let t: TestApp;
let p: TestProduct[];

function lists(app: FastifyInstance, user: SignedInUser | null) {
  const headers = user ? { cookie: user.cookie } : {};
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return {
    index: (query = '') => call('GET', `/api/lists${query}`),
    create: (body: unknown) => call('POST', '/api/lists', body),
    get: (id: string) => call('GET', `/api/lists/${id}`),
    update: (id: string, body: unknown) => call('PATCH', `/api/lists/${id}`, body),
    remove: (id: string) => call('DELETE', `/api/lists/${id}`),
    setItem: (id: string, productId: string, quantity: unknown) => call('PUT', `/api/lists/${id}/items/${productId}`, { quantity }),
    removeItem: (id: string, productId: string) => call('DELETE', `/api/lists/${id}/items/${productId}`),
  };
}

async function created(user: SignedInUser, body: unknown): Promise<RequisitionList> {
  const res = await lists(t.app, user).create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RequisitionList;
}

const lines = (list: RequisitionList) => list.items.map((i) => [i.sku, i.quantity]);

beforeAll(async () => {
  t = await createTestApp();
  p = await insertProducts(t.database, 4, { stock: 5000 });
  await t.database.db.updateTable('products').set({ minimum_order_quantity: 200 }).where('id', '=', p[3]!.id).execute();
});
afterAll(async () => t?.close());

describe(`requisition lists (${engine})`, () => {
  it('keeps named lists of parts: created from lines by id or SKU, read with live names and prices, changed, deleted', async () => {
    const buyer = await signUp(t.app);
    const c = lists(t.app, buyer);
    const list = await created(buyer, {
      name: '  Monthly bolts ',
      items: [
        { productId: p[0]!.id, quantity: 100 },
        { sku: p[1]!.sku.toLowerCase(), quantity: 60 },
        { productId: p[0]!.id, quantity: 50 },
      ],
    });
    expect(list).toMatchObject({ name: 'Monthly bolts', sharing: 'private', mine: true, canEdit: true, itemCount: 2, owner: { id: buyer.id } });
    expect(lines(list)).toEqual([
      [p[0]!.sku, 150],
      [p[1]!.sku, 60],
    ]);
    expect(list.items[0]).toMatchObject({ name: p[0]!.name, unitPrice: p[0]!.priceCents / 100, lineTotal: (p[0]!.priceCents * 150) / 100, problem: null });

    // PUT sets a line (a new one too); PATCH add sums, at most 1000 a line; DELETE removes one.
    expect(lines((await c.setItem(list._id, p[2]!.id, 300)).json())).toContainEqual([p[2]!.sku, 300]);
    const added = (await c.update(list._id, { add: [{ productId: p[0]!.id, quantity: 900 }] })).json() as RequisitionList;
    expect(lines(added)).toContainEqual([p[0]!.sku, 1000]);
    expect(lines((await c.removeItem(list._id, p[1]!.id)).json())).toEqual([
      [p[0]!.sku, 1000],
      [p[2]!.sku, 300],
    ]);
    expect(((await c.update(list._id, { name: 'Renamed' })).json() as RequisitionList).name).toBe('Renamed');

    const second = await created(buyer, { name: 'Second' });
    const index = await c.index('?limit=1');
    expect(index.headers['x-total-count']).toBe('2');
    expect((index.json() as ListSummary[]).map((l) => l.name)).toEqual(['Second']);
    expect((await c.remove(second._id)).statusCode).toBe(204);
    expect((await c.get(second._id)).statusCode).toBe(404);
  });

  it('names every line it cannot take (unknown, archived) and changes nothing; bad bodies are 400 naming the field', async () => {
    const buyer = await signUp(t.app);
    const c = lists(t.app, buyer);
    const [archived] = await insertProducts(t.database, 1);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', archived!.id).execute();
    const res = await c.create({
      name: 'Bad',
      items: [
        { sku: p[0]!.sku, quantity: 100 },
        { sku: 'NO-SUCH-PART', quantity: 100 },
        { productId: archived!.id, quantity: 100 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).lines).toEqual([
      { index: 1, sku: 'NO-SUCH-PART', message: CART_MESSAGES.unknownSku, field: 'sku' },
      { index: 2, sku: archived!.sku, message: MESSAGES.productUnavailable, field: 'sku' },
    ]);
    expect(((await c.index()).json() as ListSummary[]).length).toBe(0);
    expect((await c.create({})).json().fields).toHaveProperty('name');
    expect((await c.create({ name: 'x', items: [{ quantity: 5 }] })).json().fields).toHaveProperty('items.0.productId');
    expect((await c.create({ name: 'x', sharing: 'everyone' })).json().fields).toHaveProperty('sharing');
    const list = await created(buyer, { name: 'Ok' });
    expect((await c.setItem(list._id, p[0]!.id, 1001)).json().fields).toHaveProperty('quantity');
    expect((await c.setItem(list._id, archived!.id, 100)).statusCode).toBe(409);
    expect((await c.update(list._id, {})).statusCode).toBe(400);
  });

  it(`holds at most ${LIST_ITEMS_MAX} products`, async () => {
    const buyer = await signUp(t.app);
    const many = await insertProducts(t.database, LIST_ITEMS_MAX + 1);
    const list = await created(buyer, { name: 'Full', items: many.slice(0, LIST_ITEMS_MAX).map((m) => ({ productId: m.id, quantity: 1 })) });
    expect(list.itemCount).toBe(LIST_ITEMS_MAX);
    const over = await lists(t.app, buyer).setItem(list._id, many[LIST_ITEMS_MAX]!.id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(LIST_MESSAGES.full);
    // A line already on it can still change.
    expect((await lists(t.app, buyer).setItem(list._id, many[0]!.id, 5)).statusCode).toBe(200);
  });

  it("is nobody else's: another buyer and the shop admin get 404 for every route, anonymous 401", async () => {
    const owner = await signUp(t.app);
    const list = await created(owner, { name: 'Mine', items: [{ productId: p[0]!.id, quantity: 100 }] });
    for (const other of [await signUp(t.app), await signUpAdmin(t.app)]) {
      const c = lists(t.app, other);
      expect((await c.get(list._id)).statusCode).toBe(404);
      expect((await c.update(list._id, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await c.setItem(list._id, p[1]!.id, 100)).statusCode).toBe(404);
      expect((await c.removeItem(list._id, p[0]!.id)).statusCode).toBe(404);
      expect((await c.remove(list._id)).statusCode).toBe(404);
      expect(((await c.index()).json() as ListSummary[]).map((l) => l._id)).not.toContain(list._id);
    }
    expect((await lists(t.app, null).get(list._id)).statusCode).toBe(401);
    expect((await lists(t.app, owner).get('not-an-id')).statusCode).toBe(404);
  });

  it('is shared with the owner’s company: read-only, then editable; never renamed or deleted by the members; unshared when the owner leaves', async () => {
    const { admin, company } = await companyWithAdmin(t, 'Listing Co');
    const owner = await memberOf(t, admin, company.id, 'buyer', 'List Owner');
    const colleague = await memberOf(t, admin, company.id, 'buyer', 'Colleague');
    const outsider = (await companyWithAdmin(t, 'Other Co')).admin;
    const list = await created(owner, { name: 'Team parts', sharing: 'read', items: [{ productId: p[0]!.id, quantity: 100 }] });
    const mate = lists(t.app, colleague);

    const shared = (await mate.index('?scope=shared')).json() as ListSummary[];
    expect(shared).toEqual([
      expect.objectContaining({ _id: list._id, mine: false, canEdit: false, owner: { id: owner.id, name: 'List Owner' }, itemCount: 1 }),
    ]);
    expect(((await mate.index('?scope=mine')).json() as ListSummary[]).length).toBe(0);
    expect((await mate.get(list._id)).json()).toMatchObject({ mine: false, canEdit: false });
    expect((await mate.setItem(list._id, p[1]!.id, 100)).json()).toMatchObject({ error: 'FORBIDDEN', message: LIST_MESSAGES.readOnly });
    expect((await mate.update(list._id, { add: [{ productId: p[1]!.id, quantity: 100 }] })).statusCode).toBe(403);
    expect((await lists(t.app, outsider).get(list._id)).statusCode).toBe(404);

    expect((await lists(t.app, owner).update(list._id, { sharing: 'edit' })).statusCode).toBe(200);
    expect(lines((await mate.setItem(list._id, p[1]!.id, 100)).json())).toEqual([
      [p[0]!.sku, 100],
      [p[1]!.sku, 100],
    ]);
    expect((await mate.update(list._id, { add: [{ sku: p[2]!.sku, quantity: 60 }] })).statusCode).toBe(200);
    expect((await mate.removeItem(list._id, p[0]!.id)).statusCode).toBe(200);
    expect((await mate.update(list._id, { name: 'Mine now' })).json()).toMatchObject({ error: 'FORBIDDEN', message: LIST_MESSAGES.ownerOnly });
    expect((await mate.update(list._id, { sharing: 'private' })).statusCode).toBe(403);
    expect((await mate.remove(list._id)).statusCode).toBe(403);

    // The owner leaves the company: the list is theirs alone again.
    expect((await companyClient(t.app, admin).removeMember(company.id, owner.id)).statusCode).toBe(204);
    expect((await mate.get(list._id)).statusCode).toBe(404);
    expect(((await mate.index()).json() as ListSummary[]).length).toBe(0);
    expect((await lists(t.app, owner).get(list._id)).statusCode).toBe(200);
    // …and, in no company, cannot share it.
    const refused = await lists(t.app, owner).update(list._id, { sharing: 'read' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({ sharing: LIST_MESSAGES.noCompany });
  });

  it("orders all or chosen lines into the cart through the cart's bulk add, each line by its product's rule", async () => {
    const buyer = await signUp(t.app);
    const list = await created(buyer, {
      name: 'Reorder',
      items: [
        { productId: p[0]!.id, quantity: 100 },
        { productId: p[3]!.id, quantity: 100 },
      ],
    });
    expect(list.items.map((i) => i.problem)).toEqual([null, '❌ Minimum order 200 ps']);
    const cart = cartClient(t.app, buyer);
    const all = await cart.add(list.items.map((i) => ({ sku: i.sku, quantity: i.quantity })));
    expect(all.statusCode).toBe(400);
    expect((all.json() as ApiError).lines).toEqual([{ index: 1, sku: p[3]!.sku, message: '❌ Minimum order 200 ps', field: 'quantity' }]);
    const chosen = await cart.add(list.items.filter((i) => i.problem === null).map((i) => ({ sku: i.sku, quantity: i.quantity })));
    expect(chosen.statusCode).toBe(200);
    expect((await cart.cart()).lines.map((l) => [l.sku, l.quantity])).toEqual([[p[0]!.sku, 100]]);
  });

  it("goes with its owner's account", async () => {
    const buyer = await signUp(t.app);
    await created(buyer, { name: 'Going', items: [{ productId: p[0]!.id, quantity: 100 }] });
    const admin = await signUpAdmin(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${buyer.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', buyer.id).execute();
    expect(left).toEqual([]);
  });
});
