import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthConfig, Seller } from '@bulkparts/shared';
import { withFooter } from '../../src/modules/mail/mail-delivery.js';
import { ADDRESS, cartClient, insertProducts } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { addMember, createCompany, orderClient, pdfText } from '../orders/company-helpers.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 30: the seller's identity. First the environment's values (SHOP_* and SELLER_*), then what
 * an admin saves; its public part is what the Contact page reads; nobody else reads or writes it.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { SELLER_LEGAL_NAME: 'Env Parts GmbH', SELLER_COUNTRY: 'de', SELLER_TAX_NUMBER: 'DE123456789', SHOP_ADDRESS: 'Hafenstraße 1, 20457 Hamburg' },
  });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const get = (who: SignedInUser | null = admin) => t.app.inject({ url: '/api/settings/seller', headers: who ? { cookie: who.cookie } : {} });
const put = (body: unknown, who: SignedInUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/seller', headers: who ? { cookie: who.cookie } : {}, payload: body as object });
const contact = async () => ((await t.app.inject({ url: '/api/auth-config' })).json() as AuthConfig).contact;

const VALID = {
  legalName: 'Bulkparts B.V.',
  address: 'Keizersgracht 1\n1015 CJ Amsterdam',
  region: '',
  country: 'nl',
  taxNumber: 'NL123456789B01',
  registrationNumber: 'KvK 12345678',
  email: 'billing@bulkparts.example',
  phone: '+31 20 123 4567',
  timeZone: 'Europe/Amsterdam',
};

describe(`seller settings (${engine})`, () => {
  it('answers the environment’s values until an admin saves, and the Contact page reads the same', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legalName: 'Env Parts GmbH',
      address: 'Hafenstraße 1, 20457 Hamburg',
      country: 'DE',
      taxNumber: 'DE123456789',
      registrationNumber: null,
      email: 'hello@bulkparts.local',
      timeZone: 'UTC',
      updatedAt: null,
    });
    expect(await contact()).toEqual({
      legalName: 'Env Parts GmbH',
      address: 'Hafenstraße 1, 20457 Hamburg',
      country: 'DE',
      email: 'hello@bulkparts.local',
      phone: '+1 555 0100',
    });
  });

  it('keeps what an admin saves; the Contact page shows it at once (the kept record is dropped by the save, ADR 0029)', async () => {
    const saved = await put(VALID);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as Seller;
    expect(body).toMatchObject({ ...VALID, country: 'NL', region: null });
    expect(body.updatedAt).toEqual(expect.any(String));
    expect((await get()).json()).toEqual(body);
    expect(await contact()).toEqual({ legalName: VALID.legalName, address: VALID.address, country: 'NL', email: VALID.email, phone: VALID.phone });
    const auth = await t.app.inject({ url: '/api/auth-config' });
    expect(auth.headers['cache-control']).toBe('no-cache');
    // Saved again: still one record, the second values.
    const again = await put({ ...VALID, taxNumber: null, registrationNumber: '' });
    expect(again.json()).toMatchObject({ taxNumber: null, registrationNumber: null });
    expect((await get()).json()).toMatchObject({ taxNumber: null, registrationNumber: null, legalName: VALID.legalName });
  });

  it('refuses a bad body with 400 naming each field', async () => {
    const res = await put({ ...VALID, legalName: ' ', country: 'UK', email: 'nope', phone: 'call me', timeZone: 'Mars/Base', taxNumber: 'DE<1>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      legalName: 'Legal name is required',
      country: 'Country must be a two-letter ISO 3166 code, e.g. DE or GB',
      email: 'Enter an email address',
      phone: expect.stringContaining('phone number'),
      timeZone: expect.stringContaining('IANA'),
      taxNumber: expect.any(String),
    });
    const missing = await put({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(expect.arrayContaining(['legalName', 'address', 'country', 'email', 'phone', 'timeZone']));
    expect((await put({ ...VALID, address: 'x'.repeat(301) })).json().fields).toEqual({ address: 'Address must be at most 300 characters' });
  });

  it('is for shop admins only: a buyer gets 403, anonymous 401', async () => {
    const buyer = await signUp(t.app);
    expect((await get(buyer)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(VALID, buyer)).statusCode).toBe(403);
    expect((await put(VALID, null)).statusCode).toBe(401);
  });

  it('the invoice prints the saved seller with its tax number and the buyer company’s VAT number', async () => {
    expect((await put(VALID)).statusCode).toBe(200);
    const [product] = await insertProducts(t.database, 1, { stock: 10_000 });
    const c = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 1000 });
    const buyer = await addMember(t, c, 'buyer');
    const cart = cartClient(t.app, buyer);
    await cart.add([{ sku: product!.sku, quantity: 100 }]);
    const placed = await cart.checkout({ shippingAddress: ADDRESS, paymentMethod: 'account' });
    expect(placed.statusCode, placed.body).toBe(201);
    const pdf = await orderClient(t.app, buyer).invoice(placed.json()._id);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s*\n\s*/g, ' ');
    for (const s of ['Bulkparts B.V.', 'Keizersgracht 1', 'Netherlands', 'VAT/Tax no.: NL123456789B01', 'Company reg. no.: KvK 12345678'])
      expect(text).toContain(s);
    expect(text).toContain(c.company.name);
    expect(text).toContain(`VAT no.: ${c.company.taxId}`);
    expect(text).toContain('Shipping: $0.00');
    expect(text).not.toContain('Tax: $0.00');
  });
});

describe('the seller in every mail', () => {
  it('closes the text and the HTML with the seller’s lines, escaped', () => {
    const mail = withFooter({ text: 'Hello', html: '<html><body><p>Hello</p></body></html>' }, ['A & B Ltd, 1 Road', 'a@b.example']);
    expect(mail.text).toBe('Hello\n\n--\nA & B Ltd, 1 Road\na@b.example');
    expect(mail.html).toContain('A &amp; B Ltd, 1 Road<br>a@b.example</p></body></html>');
    expect(withFooter({ text: 'x', html: 'y' }, [])).toEqual({ text: 'x', html: 'y' });
  });
});
