import type { Product } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** The parts-catalogue fields of a product: SKU, brand, category, specifications, images. */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

const base = { name: 'Hex Bolt M8x40', price: 0.18, minimumOrderQuantity: 100, availableQuantity: 5000, img: 'https://example.com/a.png' };
const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/service', payload, headers: { cookie: admin.cookie } });
const patch = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/service/${id}`, payload, headers: { cookie: admin.cookie } });

describe('product catalogue fields', () => {
  let bolt: Product;

  it('stores the SKU upper-case with brand, category, specifications and images, and answers them', async () => {
    const res = await create({ ...base, sku: ' hb-m8/40.zn_a ', brand: 'Norfast', attributes: { Thread: 'M8', Material: 'Steel 8.8 zinc' } });
    expect(res.statusCode, res.body).toBe(201);
    bolt = res.json() as Product;
    expect(bolt).toMatchObject({
      sku: 'HB-M8/40.ZN_A',
      brand: 'Norfast',
      category: null,
      attributes: { Thread: 'M8', Material: 'Steel 8.8 zinc' },
      img: base.img,
      images: [base.img],
    });
    expect((await t.app.inject({ url: `/api/service/${bolt._id}` })).json()).toEqual({ ...bolt, documents: [] });
  });

  it('keeps the spec fields and their meaning for old clients', async () => {
    const got = (await t.app.inject({ url: `/api/service/${bolt._id}` })).json() as Record<string, unknown>;
    for (const field of ['_id', 'name', 'description', 'price', 'minimumOrderQuantity', 'availableQuantity', 'img', 'archived'])
      expect(got).toHaveProperty(field);
    expect(got.price).toBe(0.18);
  });

  it.each([
    [{ sku: undefined }, 'SKU is required'],
    [{ sku: '   ' }, 'SKU is required'],
    [{ sku: 'HB M8' }, 'SKU may contain only A–Z, 0–9, -, _, . and /'],
    [{ sku: 'Ä1' }, 'SKU may contain only A–Z, 0–9, -, _, . and /'],
    [{ sku: 'X'.repeat(41) }, 'SKU must be at most 40 characters'],
  ])('refuses a bad SKU %j naming the field', async (change, message) => {
    const res = await create({ ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.sku).toBe(message);
  });

  it('refuses a SKU already used, whatever its case (409 naming the field)', async () => {
    const res = await create({ ...base, sku: 'hb-m8/40.zn_a' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.sku).toMatch(/already used/);
    const other = (await create({ ...base, sku: 'OTHER-1' })).json() as Product;
    const taken = await patch(other._id, { sku: 'Hb-M8/40.zn_A' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.sku).toMatch(/already used/);
  });

  it.each([
    [{ attributes: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`N${i}`, 'v'])) }, 'attributes', 'At most 30 specifications'],
    [{ attributes: { Thread: '' } }, 'attributes.Thread', 'Specification values cannot be empty'],
    [{ attributes: { Thread: 8 } }, 'attributes.Thread', 'Specification values must be text'],
    [{ attributes: ['M8'] }, 'attributes', 'Specifications must be an object of name → value texts'],
    [{ brand: 'b'.repeat(61) }, 'brand', 'Brand must be at most 60 characters'],
    [{ category: 'Not A Slug' }, 'category', 'Category must be a category slug (lower-case words joined by hyphens)'],
    [{ images: Array.from({ length: 9 }, (_, i) => `https://example.com/${i}.png`) }, 'images', 'At most 8 images'],
    [{ images: ['javascript:alert(1)'] }, 'images.0', 'Image must be an http(s) URL or an uploaded image'],
  ])('refuses %j naming the field', async (change, field, message) => {
    const res = await create({ ...base, sku: 'NEW-1', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('takes `images` alone (img is its first) and refuses a product with no image', async () => {
    const images = ['https://example.com/1.png', 'https://example.com/2.png'];
    const res = await create({ ...base, sku: 'IMG-1', img: undefined, images });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ img: images[0], images });
    const none = await create({ ...base, sku: 'IMG-2', img: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.img).toBe('Image is required');
  });

  it('PATCH: `images` replaces the list, `img` alone moves that image to the front', async () => {
    const images = ['https://example.com/1.png', 'https://example.com/2.png', 'https://example.com/3.png'];
    const replaced = await patch(bolt._id, { images });
    expect(replaced.json()).toMatchObject({ img: images[0], images });
    const moved = await patch(bolt._id, { img: images[2] });
    expect(moved.json()).toMatchObject({ img: images[2], images: [images[2], images[0], images[1]] });
    const emptied = await patch(bolt._id, { images: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields.images).toBe('Image is required');
  });

  it('PATCH changes SKU, brand and specifications; other fields stay', async () => {
    const res = await patch(bolt._id, { sku: 'hb-m8-40', brand: 'Steelcraft', attributes: { Thread: 'M8' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku: 'HB-M8-40', brand: 'Steelcraft', attributes: { Thread: 'M8' }, name: base.name, price: base.price });
  });

  it('customers cannot write the new fields', async () => {
    const buyer = await signUp(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/service/${bolt._id}`, payload: { sku: 'MINE' }, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
