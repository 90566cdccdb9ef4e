import { describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { changedFields } from './edit-product-dialog';
import {
  DUPLICATE_SPEC_MESSAGE,
  productFormResolver,
  productFormValues,
  specRowErrors,
  specsToAttributes,
  toProductInput,
  type ProductFormValues,
} from './product-form-values';

const product: Product = {
  _id: 'p1',
  sku: 'HB-M8-40',
  name: 'Hex bolt M8',
  description: 'Zinc plated',
  brand: 'Acme',
  category: 'hex-bolts',
  attributes: { Thread: 'M8', Length: '40 mm' },
  price: 0.12,
  minimumOrderQuantity: 100,
  availableQuantity: 5000,
  img: '/images/products/a.svg',
  images: ['/images/products/a.svg', '/images/products/b.svg'],
  archived: false,
  priceTiers: [],
  orderMultiple: 1,
  lowStockThreshold: null,
  backorder: { allowed: false, leadTimeDays: null, nextRestockDate: null },
  unspsc: null,
  weightKg: null,
};

const resolve = (values: ProductFormValues) =>
  productFormResolver(values, undefined, { fields: {}, names: undefined, shouldUseNativeValidation: false, criteriaMode: 'firstError' });

describe('product form values', () => {
  it('turn rows into attributes: trimmed, in order, empty rows dropped, a later value of the same name winning', () => {
    expect(
      specsToAttributes([
        { name: ' Thread ', value: ' M8 ' },
        { name: '', value: '  ' },
        { name: 'Length', value: '40 mm' },
      ]),
    ).toEqual({ Thread: 'M8', Length: '40 mm' });
    expect(
      Object.keys(
        specsToAttributes([
          { name: 'b', value: '1' },
          { name: 'a', value: '2' },
        ]),
      ),
    ).toEqual(['b', 'a']);
  });

  it('name each row’s problem: a repeated name (any case) on the later rows, empty or long parts in the schema’s words', () => {
    const problems = specRowErrors([
      { name: 'Thread', value: 'M8' },
      { name: 'THREAD ', value: 'M10' },
      { name: '', value: 'orphan' },
      { name: 'Finish', value: '' },
      { name: 'x'.repeat(41), value: 'y'.repeat(101) },
      { name: 'thread', value: 'M12' },
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      1: { name: DUPLICATE_SPEC_MESSAGE, value: undefined },
      2: { name: 'Specification names cannot be empty', value: undefined },
      3: { name: undefined, value: 'Specification values cannot be empty' },
      4: { name: 'Specification names must be at most 40 characters', value: 'Specification values must be at most 100 characters' },
      5: { name: DUPLICATE_SPEC_MESSAGE, value: undefined },
    });
  });

  it('round-trip a product: its form values give back its own fields, so an untouched edit changes nothing', async () => {
    const values = productFormValues(product);
    expect(values.specs).toEqual([
      { name: 'Thread', value: 'M8' },
      { name: 'Length', value: '40 mm' },
    ]);
    expect(values.extraImages).toEqual([{ url: '/images/products/b.svg' }]);
    expect(toProductInput(values)).toMatchObject({ attributes: product.attributes, images: ['/images/products/b.svg'], category: 'hex-bolts' });
    const { values: parsed, errors } = await resolve(values);
    expect(errors).toEqual({});
    expect(changedFields(product, parsed as never)).toEqual({});
  });

  it('send only what changed: a new SKU in capitals, specifications whole, the image list main first', async () => {
    const values = productFormValues(product);
    const { values: parsed } = await resolve({
      ...values,
      sku: 'hb-m8-45',
      category: '',
      specs: [...values.specs, { name: 'Grade', value: '8.8' }],
      img: '/images/products/b.svg',
      extraImages: [{ url: '/images/products/a.svg' }],
    });
    expect(changedFields(product, parsed as never)).toEqual({
      sku: 'HB-M8-45',
      category: null,
      attributes: { Thread: 'M8', Length: '40 mm', Grade: '8.8' },
      img: '/images/products/b.svg',
      images: ['/images/products/b.svg', '/images/products/a.svg'],
    });
  });

  it('round-trip the tiers and the order multiple, and send them only when changed (the tiers whole, [] for none)', async () => {
    const tiered: Product = { ...product, priceTiers: [{ minQuantity: 200, price: 0.1 }], orderMultiple: 25 };
    const values = productFormValues(tiered);
    expect(values).toMatchObject({ priceTiers: [{ minQuantity: 200, price: 0.1 }], orderMultiple: 25 });
    const untouched = await resolve(values);
    expect(changedFields(tiered, untouched.values as never)).toEqual({});

    const { values: more } = await resolve({ ...values, priceTiers: [...values.priceTiers, { minQuantity: 500, price: 0.08 }], orderMultiple: 50 });
    expect(changedFields(tiered, more as never)).toEqual({
      orderMultiple: 50,
      priceTiers: [
        { minQuantity: 200, price: 0.1 },
        { minQuantity: 500, price: 0.08 },
      ],
    });
    const { values: none } = await resolve({ ...values, priceTiers: [{ minQuantity: NaN, price: NaN }] });
    expect(changedFields(tiered, none as never)).toEqual({ priceTiers: [] });
  });

  it('refuse tiers the shared rules refuse, under the rows, and a multiple that pushes the smallest order past 1000', async () => {
    const values = productFormValues(product);
    const { errors } = await resolve({
      ...values,
      priceTiers: [
        { minQuantity: 500, price: 0.1 },
        { minQuantity: 200, price: 0.08 },
      ],
    });
    expect(errors).toMatchObject({ priceTiers: { message: 'Tier quantities must go up from one tier to the next' } });
    const { errors: multiple } = await resolve({ ...values, minimumOrderQuantity: 600, orderMultiple: 550 });
    expect(multiple.orderMultiple?.message).toMatch(/smallest order more than 1000/);
  });

  it('round-trip the low-stock threshold; an emptied field sends null (the shop-wide setting), only when changed', async () => {
    const own: Product = { ...product, lowStockThreshold: 40 };
    const values = productFormValues(own);
    expect(values.lowStockThreshold).toBe(40);
    expect(changedFields(own, (await resolve(values)).values as never)).toEqual({});
    // react-hook-form reads an emptied number input as NaN.
    expect(toProductInput({ ...values, lowStockThreshold: NaN })).toMatchObject({ lowStockThreshold: null });
    expect(changedFields(own, (await resolve({ ...values, lowStockThreshold: NaN })).values as never)).toEqual({ lowStockThreshold: null });
    expect(changedFields(own, (await resolve({ ...values, lowStockThreshold: 0 })).values as never)).toEqual({ lowStockThreshold: 0 });
    expect(productFormValues(product).lowStockThreshold).toBeNull();
    expect(changedFields(product, (await resolve(productFormValues(product))).values as never)).toEqual({});
  });

  it('refuse a negative or fractional low-stock threshold under its field', async () => {
    const values = productFormValues(product);
    expect((await resolve({ ...values, lowStockThreshold: -1 })).errors.lowStockThreshold?.message).toBe(
      'Low-stock threshold cannot be negative (0 turns the alert off)',
    );
    expect((await resolve({ ...values, lowStockThreshold: 2.5 })).errors.lowStockThreshold?.message).toBe('Low-stock threshold must be a whole number');
  });

  it('put the schema’s image messages under the row they belong to, skipping empty rows', async () => {
    const { errors } = await resolve({ ...productFormValues(product), extraImages: [{ url: '' }, { url: 'nope' }] });
    expect(errors).toMatchObject({ extraImages: [undefined, { url: { message: 'Image must be an http(s) URL or an uploaded image' } }] });
  });
});
