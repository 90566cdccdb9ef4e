import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Order, Return, TaxRateAnswer } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { createCompany, mailTo, shopAdmin, type TestCompany } from '../orders/company-helpers.js';
import { returnClient, shippedOrder } from '../returns/return-helpers.js';
import { startVatStub } from './vat-stub.js';

let t: TestApp;
let products: TestProduct[];
let stub: Awaited<ReturnType<typeof startVatStub>>;

// A German seller (issue 30): Germany taxed at its rates, other member states reverse-charged to verified VAT numbers, the rest exported.
beforeAll(async () => {
  stub = await startVatStub({ FR12345678901: true, FR99999999999: false, ES12345678Z: true });
  t = await createTestApp({ env: { SELLER_COUNTRY: 'DE', SELLER_TAX_NUMBER: 'DE123456789', VAT_CHECK_URL: stub.url } });
  products = await insertProducts(t.database, 3, { stock: 100_000, minimum: 1 });
  // products[1] is reduced-rate, products[2] zero-rated.
  await t.database.db.updateTable('products').set({ tax_class: 'reduced' }).where('id', '=', products[1]!.id).execute();
  await t.database.db.updateTable('products').set({ tax_class: 'zero' }).where('id', '=', products[2]!.id).execute();
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const to = (country: string, region?: string) => ({ ...ADDRESS, country, ...(region ? { region } : {}) });

async function orderFor(user: Parameters<typeof cartClient>[1], country: string, region?: string, lines = products, quantity = 50): Promise<Order> {
  await cartClient(t.app, user).clear();
  return cartClient(t.app, user).order(lines, quantity, { shippingAddress: to(country, region) });
}

async function patchCompany(c: TestCompany, payload: object, as: 'shop' | 'admin' = 'shop') {
  const who = as === 'shop' ? await shopAdmin(t.app) : c.admin;
  return t.app.inject({ method: 'PATCH', url: `/api/companies/${c.company.id}`, headers: { cookie: who.cookie }, payload });
}

describe(`tax rates (${engine})`, () => {
  it('ships the EU and UK VAT rates; shop admins read and replace them; others are refused; bad rates are 400 naming the field', async () => {
    const admin = await shopAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/tax/rates', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const rates = (res.json() as { rates: TaxRateAnswer[] }).rates;
    expect(rates).toContainEqual({ country: 'DE', region: null, taxClass: 'standard', rate: 19, name: 'VAT 19%' });
    expect(rates).toContainEqual({ country: 'FR', region: null, taxClass: 'reduced', rate: 5.5, name: 'VAT 5.5%' });
    expect(rates).toContainEqual({ country: 'GB', region: null, taxClass: 'standard', rate: 20, name: 'VAT 20%' });
    expect(rates.some((r) => r.country === 'US')).toBe(false);

    const buyer = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/tax/rates', headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/tax/rates', headers: { cookie: buyer.cookie }, payload: { rates } })).statusCode).toBe(403);

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/tax/rates',
      headers: { cookie: admin.cookie },
      payload: { rates: [{ country: 'Germany', taxClass: 'luxury', rate: 101, name: '' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields as object)).toEqual(expect.arrayContaining(['rates.0.country', 'rates.0.taxClass', 'rates.0.rate', 'rates.0.name']));

    const next = [...rates, { country: 'US', region: 'CA', taxClass: 'standard', rate: 7.25, name: 'CA sales tax' }];
    const put = await t.app.inject({ method: 'PUT', url: '/api/tax/rates', headers: { cookie: admin.cookie }, payload: { rates: next } });
    expect(put.statusCode).toBe(200);
    expect((put.json() as { rates: TaxRateAnswer[] }).rates).toContainEqual({
      country: 'US',
      region: 'CA',
      taxClass: 'standard',
      rate: 7.25,
      name: 'CA sales tax',
    });
  });

  it('taxes each line at the destination’s rate for its class, per line rounded half up; the order keeps totals', async () => {
    const buyer = await signUp(t.app);
    const order = await orderFor(buyer, 'Germany');
    // 50 pieces at 1.00, 1.01 and 1.02: 50.00 at 19%, 50.50 at 7% (3.535 → 3.54, half up), 51.00 at 0%.
    expect(order.lines.map((l) => l.tax)).toEqual([
      { rule: 'standard', rate: 19, amount: 9.5, zone: 'DE', name: 'VAT 19%', evidence: null },
      { rule: 'standard', rate: 7, amount: 3.54, zone: 'DE', name: 'VAT 7%', evidence: null },
      { rule: 'standard', rate: 0, amount: 0, zone: 'DE', name: 'No tax', evidence: null },
    ]);
    expect(order.totals).toEqual({
      subtotal: 151.5,
      shipping: 0,
      tax: [
        { name: 'VAT 19%', rate: 19, base: 50, amount: 9.5 },
        { name: 'VAT 7%', rate: 7, base: 50.5, amount: 3.54 },
      ],
      taxTotal: 13.04,
      total: 164.54,
    });
    // The spec's `total` is the amount to pay.
    expect(order.total).toBe(164.54);
    const again = (await t.app.inject({ method: 'GET', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(again.totals).toEqual(order.totals);
    expect(again.lines[1]!.tax).toEqual(order.lines[1]!.tax);
  });

  it('takes a region’s rate before its country’s (a US ship-to is an export for this seller, so a US seller is asked)', async () => {
    const us = await createTestApp({ env: { SELLER_COUNTRY: 'US' } });
    try {
      const admin = await shopAdmin(us.app);
      await us.app.inject({
        method: 'PUT',
        url: '/api/tax/rates',
        headers: { cookie: admin.cookie },
        payload: { rates: [{ country: 'US', region: 'CA', taxClass: 'standard', rate: 7.25, name: 'CA sales tax' }] },
      });
      const [p] = await insertProducts(us.database, 1, { stock: 1000, minimum: 1 });
      const buyer = await signUp(us.app);
      const ca = await cartClient(us.app, buyer).order([p!], 100, { shippingAddress: to('United States', 'CA') });
      expect(ca.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 7.25, amount: 7.25, zone: 'US-CA' });
      const ny = await cartClient(us.app, buyer).order([p!], 100, { shippingAddress: to('US', 'NY') });
      expect(ny.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 0, amount: 0, zone: 'US-NY' });
      expect(ny.total).toBe(100);
    } finally {
      await us.close();
    }
  });

  it('an order right after the rates are replaced is taxed at the new rate (the kept rates are dropped by the write, ADR 0029)', async () => {
    const admin = await shopAdmin(t.app);
    const buyer = await signUp(t.app);
    const before = (await t.app.inject({ method: 'GET', url: '/api/tax/rates', headers: { cookie: admin.cookie } })).json() as { rates: TaxRateAnswer[] };
    const replace = (rates: TaxRateAnswer[]) => t.app.inject({ method: 'PUT', url: '/api/tax/rates', headers: { cookie: admin.cookie }, payload: { rates } });
    try {
      expect((await orderFor(buyer, 'Germany', undefined, [products[0]!])).lines[0]!.tax).toMatchObject({ rate: 19 });
      const raised = before.rates.map((r) => (r.country === 'DE' && r.taxClass === 'standard' ? { ...r, rate: 21, name: 'VAT 21%' } : r));
      expect((await replace(raised)).statusCode).toBe(200);
      expect((await orderFor(buyer, 'Germany', undefined, [products[0]!])).lines[0]!.tax).toMatchObject({ rate: 21, name: 'VAT 21%' });
    } finally {
      expect((await replace(before.rates)).statusCode).toBe(200);
    }
  });

  it('exports outside the seller’s tax area at 0', async () => {
    const buyer = await signUp(t.app);
    const order = await orderFor(buyer, 'United States');
    expect(order.lines.every((l) => l.tax?.rule === 'export' && l.tax.amount === 0)).toBe(true);
    expect(order.totals).toMatchObject({ subtotal: 151.5, taxTotal: 0, total: 151.5, tax: [{ name: 'Export', rate: 0, base: 151.5, amount: 0 }] });
  });
});

describe(`exemption certificates (${engine})`, () => {
  it('exempts a company with a valid certificate for the destination, shows it on the company, taxes it again once expired', async () => {
    const c = await createCompany(t.app);
    const buyer = c.admin;
    // Only a shop admin records it.
    const own = await patchCompany(c, { taxExemption: { certificateNumber: 'EX-1', country: 'DE', expiresOn: '2099-01-01' } }, 'admin');
    expect(own.statusCode).toBe(403);
    const bad = await patchCompany(c, { taxExemption: { certificateNumber: '', country: 'Germany', expiresOn: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields as object)).toEqual(
      expect.arrayContaining(['taxExemption.certificateNumber', 'taxExemption.country', 'taxExemption.expiresOn']),
    );
    const set = await patchCompany(c, { taxExemption: { certificateNumber: 'EX-1', country: 'de', expiresOn: '2099-01-01' } });
    expect(set.statusCode).toBe(200);
    expect((set.json() as Company).taxExemption).toEqual({ certificateNumber: 'EX-1', country: 'DE', region: null, expiresOn: '2099-01-01' });

    const exempt = await orderFor(buyer, 'Germany');
    expect(exempt.lines[0]!.tax).toEqual({ rule: 'exempt', rate: 0, amount: 0, zone: 'DE', name: 'Exempt', evidence: 'EX-1' });
    expect(exempt.totals).toMatchObject({ taxTotal: 0, total: 151.5 });

    await patchCompany(c, { taxExemption: { certificateNumber: 'EX-1', country: 'DE', expiresOn: '2020-01-01' } });
    const expired = await orderFor(buyer, 'Germany');
    expect(expired.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 19 });
    expect(expired.totals?.taxTotal).toBe(13.04);

    const removed = await patchCompany(c, { taxExemption: null });
    expect((removed.json() as Company).taxExemption).toBeNull();
  });

  it('mails the shop admins once, 30 days before a certificate expires', async () => {
    const c = await createCompany(t.app);
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await patchCompany(c, { taxExemption: { certificateNumber: 'EX-SOON', country: 'DE', expiresOn: soon } });
    const admin = await shopAdmin(t.app);
    const first = await t.app.services.companies.sweepTax();
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    const mail = await mailTo(t, admin.email, (m) => m.subject.includes('EX-SOON'));
    expect(mail?.text_body).toContain(`expires on ${soon}`);
    await t.app.services.companies.sweepTax();
    const mails = await t.database.db.selectFrom('mail_outbox').select('subject').where('subject', 'like', '%EX-SOON%').execute();
    expect(mails).toHaveLength(1);
  });
});

describe(`reverse charge and VAT checks (${engine})`, () => {
  it('reverse-charges a company whose VAT number the service found valid, shipping to another member state', async () => {
    const c = await createCompany(t.app);
    const saved = await patchCompany(c, { taxId: 'FR 1234 5678 901' }, 'admin');
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as Company).vatCheck).toEqual({
      status: 'valid',
      checkedAt: '2026-11-27',
      requestIdentifier: expect.stringMatching(/^WAPI/),
      note: null,
    });
    expect(stub.state.calls.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '12345678901' });
    const order = await orderFor(c.admin, 'France');
    expect(order.lines[0]!.tax).toMatchObject({ rule: 'reverse_charge', rate: 0, amount: 0, zone: 'FR' });
    expect(order.lines[0]!.tax!.evidence).toMatch(/^VAT check 2026-11-27 WAPI/);
    expect(order.totals).toMatchObject({ taxTotal: 0, total: 151.5 });
    // Shipped within the seller's own country: German VAT.
    const home = await orderFor(c.admin, 'Germany');
    expect(home.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 19 });
  });

  it('charges VAT when the service says invalid', async () => {
    const c = await createCompany(t.app);
    const saved = await patchCompany(c, { taxId: 'FR99999999999' }, 'admin');
    expect((saved.json() as Company).vatCheck).toMatchObject({ status: 'invalid' });
    const order = await orderFor(c.admin, 'France');
    expect(order.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 20, amount: 10 });
  });

  it('charges VAT while the service is down, says so on the company, and retries in the background round', async () => {
    const c = await createCompany(t.app);
    stub.state.down = true;
    try {
      const saved = await patchCompany(c, { taxId: 'ES12345678Z' }, 'admin');
      const company = saved.json() as Company;
      expect(company.vatCheck).toMatchObject({ status: 'unverified', checkedAt: null });
      expect(company.vatCheck?.note).toMatch(/could not be reached/);
      const order = await orderFor(c.admin, 'Spain');
      expect(order.lines[0]!.tax).toMatchObject({ rule: 'standard', rate: 21 });
    } finally {
      stub.state.down = false;
    }
    await t.app.services.companies.sweepTax();
    const after = (await t.app.inject({ method: 'GET', url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company;
    expect(after.vatCheck).toMatchObject({ status: 'valid', note: null });
    const order = await orderFor(c.admin, 'Spain');
    expect(order.lines[0]!.tax).toMatchObject({ rule: 'reverse_charge' });
  });

  it('without a VAT check service, a well-formed number stays unverified (VAT charged) and a malformed one is invalid', async () => {
    const bare = await createTestApp({ env: { SELLER_COUNTRY: 'DE' } });
    try {
      const c = await createCompany(bare.app);
      const admin = c.admin;
      const ok = await bare.app.inject({
        method: 'PATCH',
        url: `/api/companies/${c.company.id}`,
        headers: { cookie: admin.cookie },
        payload: { taxId: 'FR12345678901' },
      });
      expect((ok.json() as Company).vatCheck).toMatchObject({ status: 'unverified', note: expect.stringMatching(/No VAT check service/) });
      const bad = await bare.app.inject({
        method: 'PATCH',
        url: `/api/companies/${c.company.id}`,
        headers: { cookie: admin.cookie },
        payload: { taxId: '12-34' },
      });
      expect((bad.json() as Company).vatCheck).toMatchObject({ status: 'invalid' });
    } finally {
      await bare.close();
    }
  });
});

describe(`tax context (${engine})`, () => {
  it('answers a signed-in buyer the context the checkout plans with; 401 without a session', async () => {
    const buyer = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/tax/context?country=Germany', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sellerCountry: 'DE', sellerVatNumber: 'DE123456789', destination: { country: 'Germany', region: null }, buyer: null });
    expect(res.json().rates).toContainEqual({ country: 'DE', region: null, taxClass: 'standard', rateBp: 1900, name: 'VAT 19%' });
    expect((await t.app.inject({ method: 'GET', url: '/api/tax/context?country=DE' })).statusCode).toBe(401);
  });

  it('answers a company member the company’s VAT number and its check, without the company page’s note', async () => {
    const c = await createCompany(t.app);
    expect((await patchCompany(c, { taxId: 'FR12345678901' }, 'admin')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/tax/context?country=France', headers: { cookie: c.admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buyer).toEqual({
      vatNumber: 'FR12345678901',
      vatCheck: { status: 'valid', checkedAt: '2026-11-27', requestIdentifier: expect.stringMatching(/^WAPI/) },
      exemption: null,
    });
  });
});

describe(`shipping is taxed (${engine})`, () => {
  it('as a standard line of the destination: the parcel’s charge carries Germany’s 19% beside the lines’ tax', async () => {
    const buyer = await signUp(t.app);
    await cartClient(t.app, buyer).clear();
    // 50 pieces at $1.00 (no weight: the parcel's first band, $6.95; free only over $500).
    const order = await cartClient(t.app, buyer).order([products[0]!], 50, { shippingAddress: to('Germany'), shippingMethod: 'parcel' });
    expect(order.totals?.shipping).toBe(6.95);
    // Lines: $50.00 at 19% = $9.50; shipping: $6.95 at 19% = $1.3205 → $1.32.
    expect(order.totals?.taxTotal).toBe(10.82);
    expect(order.totals?.tax.reduce((n, g) => n + Math.round(g.amount * 100), 0)).toBe(1082);
    expect(order.total).toBe(67.77);
  });
});

describe(`credit notes reverse the tax as charged (${engine})`, () => {
  it('a line returned in two parts is credited exactly the tax its invoice charged; a whole line its whole tax', async () => {
    const [shop, buyer] = await Promise.all([shopAdmin(t.app), signUp(t.app)]);
    await cartClient(t.app, buyer).clear();
    const order = await shippedOrder(t.app, buyer, shop, products.slice(0, 2), { quantity: 50, checkout: { shippingAddress: to('Germany') } });
    // 50 × $1.00 at 19% = $9.50; 50 × $1.01 at 7% = $3.535 → $3.54 (half up, on the invoice).
    const [standard, reduced] = [order.lines[0]!, order.lines[1]!];
    expect([standard.tax?.amount, reduced.tax?.amount]).toEqual([9.5, 3.54]);

    /** Returns these pieces, approved and received whole; answers the credit note as stored (net, tax and lines in cents). */
    const returned = async (lines: { productId: string; quantity: number }[]) => {
      const ret = (await returnClient(t.app, buyer).request(order._id, { lines: lines.map((l) => ({ ...l, reason: 'Surplus' })) })).json() as Return;
      expect((await returnClient(t.app, shop).approve(ret._id)).statusCode).toBe(200);
      const received = await returnClient(t.app, shop).receive(ret._id, {
        lines: lines.map((l) => ({ productId: l.productId, received: l.quantity, damaged: 0 })),
      });
      expect(received.statusCode, received.body).toBe(200);
      const row = await t.database.db
        .selectFrom('credit_notes')
        .select(['net_cents', 'tax_cents', 'shipping_cents', 'total_cents', 'lines'])
        .where('id', '=', (received.json() as Return).creditNote!._id)
        .executeTakeFirstOrThrow();
      return { ...row, lines: JSON.parse(row.lines) as { sku: string; netCents: number; taxCents: number }[] };
    };
    const cents = (dollars: number) => Math.round(dollars * 100);

    const first = await returned([{ productId: products[1]!.id, quantity: 20 }]);
    const second = await returned([
      { productId: products[1]!.id, quantity: 30 },
      { productId: products[0]!.id, quantity: 50 },
    ]);
    const taxOf = (note: typeof first, sku: string) => note.lines.find((l) => l.sku === sku)!.taxCents;
    // The reduced line's two notes add up to exactly its invoiced tax, whatever each part rounded to.
    expect(taxOf(first, reduced.sku) + taxOf(second, reduced.sku)).toBe(cents(reduced.tax!.amount));
    expect(taxOf(second, standard.sku)).toBe(cents(standard.tax!.amount));
    // Each note's tax is the sum of its lines', and its total adds net, tax and shipping.
    for (const note of [first, second]) {
      expect(Number(note.tax_cents)).toBe(note.lines.reduce((n, l) => n + l.taxCents, 0));
      expect(Number(note.total_cents)).toBe(Number(note.net_cents) + Number(note.tax_cents) + Number(note.shipping_cents));
    }
    expect(Number(first.tax_cents) + Number(second.tax_cents)).toBe(cents(standard.tax!.amount) + cents(reduced.tax!.amount));
  });
});
