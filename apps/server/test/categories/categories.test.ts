import { rollUpCategoryCounts, type Category, type Product } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;

// An empty catalogue, so every count below is known; the seeded tree is checked at the end.
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
});
afterAll(async () => t?.close());

const as = (u: SignedInUser) => ({ cookie: u.cookie });

async function list(app = t.app): Promise<Category[]> {
  const res = await app.inject({ url: '/api/categories' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Category[];
}
const counts = async () => Object.fromEntries((await list()).map((c) => [c.slug, c.count]));

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who: SignedInUser | null = admin) {
  return t.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });
}

async function createCategory(payload: { name: string; slug?: string; parent?: string | null }): Promise<Category> {
  const res = await send('POST', '/api/categories', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Category;
}

let skuSeq = 0;
async function createProduct(category: string | null, archived = false): Promise<Product> {
  const res = await send('POST', '/api/service', {
    sku: `CAT-TEST-${++skuSeq}`,
    name: `Category probe ${skuSeq}`,
    price: 1.5,
    minimumOrderQuantity: 50,
    availableQuantity: 1000,
    img: 'https://example.com/p.png',
    category,
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json() as Product;
  if (archived) expect((await send('PATCH', `/api/service/${product._id}`, { archived: true })).statusCode).toBe(200);
  return product;
}

/** Every parent is listed before its children, and every parent exists. */
function expectParentsFirst(categories: Category[]) {
  const at = new Map(categories.map((c, i) => [c.slug, i]));
  for (const [i, c] of categories.entries()) if (c.parent !== null) expect(at.get(c.parent), `${c.slug}'s parent ${c.parent}`).toBeLessThan(i);
}

describe(`categories (${engine})`, () => {
  it('answers an empty tree to anybody', async () => {
    expect(await list()).toEqual([]);
  });

  it('creates a two-level tree; the slug defaults to the slugified name', async () => {
    expect(await createCategory({ name: 'Fasteners' })).toEqual({ slug: 'fasteners', name: 'Fasteners', parent: null, count: 0 });
    expect(await createCategory({ name: 'Hex Bolts', parent: 'fasteners' })).toEqual({ slug: 'hex-bolts', name: 'Hex Bolts', parent: 'fasteners', count: 0 });
    expect(await createCategory({ name: 'Nuts & Washers', slug: 'nuts', parent: 'fasteners' })).toMatchObject({ slug: 'nuts', parent: 'fasteners' });
    expect(await createCategory({ name: 'Bearings', parent: '' })).toMatchObject({ slug: 'bearings', parent: null });
    const tree = await list();
    expect(tree.map((c) => c.slug)).toEqual(['fasteners', 'hex-bolts', 'nuts', 'bearings']);
    expectParentsFirst(tree);
  });

  it('counts visible products in a category and all its descendants, not archived ones', async () => {
    await createProduct('hex-bolts');
    await createProduct('hex-bolts');
    await createProduct('nuts');
    await createProduct('nuts', true);
    await createProduct('fasteners');
    await createProduct(null);
    expect(await counts()).toEqual({ fasteners: 4, 'hex-bolts': 2, nuts: 1, bearings: 0 });
  });

  it('serves the list from the catalogue cache and clears it on category and product writes', async () => {
    await list();
    expect(t.app.services.catalogueCache.get('/api/categories')).toBeDefined();
    await createProduct('bearings');
    expect((await counts()).bearings).toBe(1);
    await list();
    expect((await send('PATCH', '/api/categories/bearings', { name: 'Ball Bearings' })).statusCode).toBe(200);
    expect((await list()).find((c) => c.slug === 'bearings')?.name).toBe('Ball Bearings');
  });

  it('renames, keeping the slug, and answers the fresh count', async () => {
    const res = await send('PATCH', '/api/categories/hex-bolts', { name: '  Hex Bolts & Screws ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ slug: 'hex-bolts', name: 'Hex Bolts & Screws', parent: 'fasteners', count: 2 });
  });

  it('moves a category with its products, and back to the top level', async () => {
    const moved = await send('PATCH', '/api/categories/nuts', { parent: 'bearings' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ slug: 'nuts', parent: 'bearings', count: 1 });
    expect(await counts()).toMatchObject({ fasteners: 3, bearings: 2, nuts: 1 });
    expectParentsFirst(await list());
    const top = await send('PATCH', '/api/categories/nuts', { parent: null });
    expect(top.json()).toMatchObject({ parent: null });
    expect(await counts()).toMatchObject({ fasteners: 3, bearings: 1, nuts: 1 });
    expect((await send('PATCH', '/api/categories/nuts', { parent: 'fasteners' })).statusCode).toBe(200);
  });

  it.each([
    ['under itself', 'fasteners', 'fasteners'],
    ['under its child', 'fasteners', 'hex-bolts'],
  ])('refuses a move %s with a 409 naming parent', async (_what, slug, parent) => {
    const res = await send('PATCH', `/api/categories/${slug}`, { parent });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', fields: { parent: expect.any(String) } });
    expect((await list()).find((c) => c.slug === slug)?.parent).toBeNull();
  });

  it('refuses an unknown parent with a 400 naming parent', async () => {
    for (const res of [
      await send('POST', '/api/categories', { name: 'Orphan', parent: 'no-such-parent' }),
      await send('PATCH', '/api/categories/nuts', { parent: 'no-such-parent' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { parent: expect.any(String) } });
    }
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await send('PATCH', '/api/categories/no-such-category', { name: 'X' })).statusCode).toBe(404);
    expect((await send('DELETE', '/api/categories/no-such-category')).json()).toMatchObject({ error: 'NOT_FOUND' });
    expect((await send('DELETE', `/api/categories/${'x'.repeat(400)}`)).statusCode).toBe(404);
  });

  it('refuses a slug that exists with a 409 naming slug', async () => {
    for (const payload of [{ name: 'Fasteners' }, { name: 'Something else', slug: 'hex-bolts' }]) {
      const res = await send('POST', '/api/categories', payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CONFLICT', fields: { slug: expect.any(String) } });
    }
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a missing name', {}, 'name'],
    ['a 5 kB name', { name: 'x'.repeat(5000) }, 'name'],
    ['a bad slug', { name: 'Good', slug: 'Not A Slug' }, 'slug'],
    ['a name with nothing to slugify', { name: '!!!' }, 'slug'],
    ['a bad parent', { name: 'Good', parent: 'Not A Slug' }, 'parent'],
  ])('refuses %s with a 400 naming the field', async (_what, payload, field) => {
    const res = await send('POST', '/api/categories', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('refuses a bad rename with a 400 naming name', async () => {
    const res = await send('PATCH', '/api/categories/nuts', { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { name: expect.any(String) } });
  });

  it('refuses to delete a category with subcategories or products (archived ones too)', async () => {
    const parent = await send('DELETE', '/api/categories/fasteners');
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toMatch(/2 subcategories/);
    expect(parent.json().message).toMatch(/1 product is filed/);
    const withProducts = await send('DELETE', '/api/categories/hex-bolts');
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json().message).toMatch(/2 products are filed/);
    expect(withProducts.json().message).not.toMatch(/subcategor/);
    await createCategory({ name: 'Archive only' });
    await createProduct('archive-only', true);
    expect(await counts()).toMatchObject({ 'archive-only': 0 });
    const archived = await send('DELETE', '/api/categories/archive-only');
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toMatch(/archived/);
  });

  it('deletes an empty category', async () => {
    await createCategory({ name: 'Empty one', parent: 'bearings' });
    const res = await send('DELETE', '/api/categories/empty-one');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect((await list()).some((c) => c.slug === 'empty-one')).toBe(false);
  });

  it('refuses writes to customers (403) and anonymous callers (401)', async () => {
    const calls = [
      ['POST', '/api/categories', { name: 'Sneaky' }],
      ['PATCH', '/api/categories/nuts', { name: 'Sneaky' }],
      ['DELETE', '/api/categories/bearings', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload, customer)).statusCode).toBe(403);
      expect((await send(method, url, payload, null)).statusCode).toBe(401);
    }
    expect((await list()).map((c) => c.name)).not.toContain('Sneaky');
  });

  it('refuses a product in an unknown category with a 400 naming category', async () => {
    const created = await send('POST', '/api/service', {
      sku: 'CAT-TEST-UNKNOWN',
      name: 'Nowhere',
      price: 1,
      minimumOrderQuantity: 50,
      availableQuantity: 10,
      img: 'https://example.com/p.png',
      category: 'no-such-category',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { category: 'Unknown category' } });
    const product = await createProduct(null);
    const patched = await send('PATCH', `/api/service/${product._id}`, { category: 'no-such-category' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ fields: { category: 'Unknown category' } });
    const filed = await send('PATCH', `/api/service/${product._id}`, { category: 'nuts' });
    expect(filed.json()).toMatchObject({ category: 'nuts' });
  });

  it('answers the tree and existence checks other modules ask for', async () => {
    const categories = t.app.services.categories;
    const tree = await categories.tree();
    expect(tree).toContainEqual({ slug: 'hex-bolts', parent: 'fasteners' });
    expect(await categories.exists('nuts')).toBe(true);
    expect(await categories.exists('no-such-category')).toBe(false);
    expect(await categories.findMissing(['nuts', 'nope', 'nope', 'fasteners', 'also-not'])).toEqual(['nope', 'also-not']);
    expect(await categories.findMissing([])).toEqual([]);
  });
});

describe(`the seeded demo categories (${engine})`, () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp();
  });
  afterAll(async () => seeded?.close());

  it('lists them, parents first, with counts rolled up from the visible products', async () => {
    const tree = await list(seeded.app);
    expect(tree.length).toBeGreaterThan(1);
    expectParentsFirst(tree);
    const rows = await seeded.database.db.selectFrom('products').select(['category']).where('archived', '=', 0).execute();
    const direct = new Map<string, number>();
    for (const { category } of rows) if (category) direct.set(category, (direct.get(category) ?? 0) + 1);
    const expected = rollUpCategoryCounts(tree, direct);
    expect(Object.fromEntries(tree.map((c) => [c.slug, c.count]))).toEqual(Object.fromEntries(expected));
    // The top level holds every visible product filed in a category, and the demo files some.
    const known = new Set(tree.map((c) => c.slug));
    const filed = rows.filter((r) => r.category !== null && known.has(r.category)).length;
    expect(filed).toBeGreaterThan(0);
    expect(tree.filter((c) => c.parent === null).reduce((sum, c) => sum + c.count, 0)).toBe(filed);
  });
});
