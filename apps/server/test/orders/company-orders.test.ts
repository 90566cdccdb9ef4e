import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TIMEOUT_DAYS, COMPANY_MESSAGES, type ApiError, type Company, type Order } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, mailTo, mailsTo, orderClient, pdfText, shopAdmin, type TestCompany } from './company-helpers.js';

/**
 * Issue 18, the orders' side of company accounts: spending limits and approval, payment on account
 * with due-dated invoices and a credit limit, mark-paid, who sees and decides which order, and the
 * background rounds (14-day rejection, one overdue reminder).
 */
let t: TestApp;
let products: TestProduct[];
let shop: SignedInUser;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopAdmin(t.app);
  // $1.00 and $1.01 a piece, minimum 50: 100 pieces is $100 or $101.
  products = await insertProducts(t.database, 2, { stock: 100_000 });
});
afterAll(async () => t.close());

const checkout = (user: SignedInUser, quantity: number, body: Record<string, unknown> = {}, product = products[0]!) =>
  cartClient(t.app, user)
    .clear()
    .then(() => cartClient(t.app, user).add([{ sku: product.sku, quantity }]))
    .then(() => cartClient(t.app, user).checkout({ shippingAddress: ADDRESS, ...body }));

describe(`spending limits and approval (${engine})`, () => {
  let c: TestCompany;
  let buyer: SignedInUser;
  let approver: SignedInUser;
  let otherBuyer: SignedInUser;

  beforeAll(async () => {
    c = await createCompany(t.app);
    buyer = await addMember(t, c, 'buyer', 100);
    approver = await addMember(t, c, 'approver');
    otherBuyer = await addMember(t, c, 'buyer');
  });

  it('each member reads their own spending limit with their company (issue 29: the checkout warns before placing)', async () => {
    const mine = async (who: SignedInUser) => (await t.app.inject({ url: '/api/companies/me', headers: { cookie: who.cookie } })).json() as Company;
    expect(await mine(buyer)).toMatchObject({ id: c.company.id, myRole: 'buyer', mySpendingLimit: 100 });
    expect(await mine(approver)).toMatchObject({ id: c.company.id, myRole: 'approver', mySpendingLimit: null });
  });

  it('an order within the limit is pending as before and records the company', async () => {
    const res = await checkout(buyer, 100);
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ status: 'pending', companyId: c.company.id, paymentMethod: 'card', total: 100, dueDate: null });
    expect(order.expiresAt).not.toBeNull();
  });

  it('above the limit the order awaits approval: stock held, no deadline, approvers and company admins mailed', async () => {
    const before = await stockOf(t.database, products[0]!.id);
    const res = await checkout(buyer, 250);
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ status: 'awaiting_approval', companyId: c.company.id, total: 250, expiresAt: null });
    expect(await stockOf(t.database, products[0]!.id)).toBe(before - 250);
    for (const to of [approver.email, c.admin.email]) {
      const mails = await mailsTo(t, to);
      expect(mails.some((m) => m.subject.includes(order.orderNumber) && m.subject.includes('approval'))).toBe(true);
    }
    // A buyer of the company is not an approver: not mailed.
    expect((await mailsTo(t, otherBuyer.email)).some((m) => m.subject.includes('approval'))).toBe(false);
    const [placed] = (await mailsTo(t, buyer.email)).filter((m) => m.subject.includes(order.orderNumber));
    expect(placed?.text_body).toMatch(/waits for an approver/);
  });

  it('the buyer cannot approve their own order (403); other buyers, other companies and outsiders get 404', async () => {
    const order = (await checkout(buyer, 200)).json() as Order;
    const own = await orderClient(t.app, buyer).approve(order._id);
    expect(own.statusCode).toBe(403);
    expect((own.json() as ApiError).message).toBe(COMPANY_MESSAGES.ownOrder);
    expect((await orderClient(t.app, buyer).reject(order._id)).statusCode).toBe(403);
    const other = await createCompany(t.app);
    const strangers = [otherBuyer, other.admin, await addMember(t, other, 'approver'), await signUp(t.app), shop];
    for (const who of strangers) {
      expect((await orderClient(t.app, who).approve(order._id)).statusCode, who.email).toBe(404);
      expect((await orderClient(t.app, who).reject(order._id)).statusCode, who.email).toBe(404);
    }
    // Reading: the approver and the company admin see it, the other buyer and the other company do not.
    expect((await orderClient(t.app, approver).get(order._id)).statusCode).toBe(200);
    expect((await orderClient(t.app, c.admin).get(order._id)).statusCode).toBe(200);
    expect((await orderClient(t.app, otherBuyer).get(order._id)).statusCode).toBe(404);
    expect((await orderClient(t.app, other.admin).get(order._id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/approve` })).statusCode).toBe(401);
    // Still waiting.
    expect((await orderClient(t.app, buyer).order(order._id)).status).toBe('awaiting_approval');
  });

  it('approving a card order makes it pending and payable, with a payment deadline; the buyer is mailed', async () => {
    const order = (await checkout(buyer, 300)).json() as Order;
    const res = await orderClient(t.app, approver).approve(order._id);
    expect(res.statusCode).toBe(200);
    const approved = res.json() as Order;
    expect(approved).toMatchObject({ status: 'pending', paymentMethod: 'card' });
    expect(approved.expiresAt).not.toBeNull();
    expect(await mailTo(t, buyer.email, (m) => m.subject.includes(order.orderNumber) && m.subject.includes('approved'))).toBeDefined();
    // Deciding twice is refused.
    expect((await orderClient(t.app, c.admin).approve(order._id)).statusCode).toBe(409);
    expect((await orderClient(t.app, c.admin).reject(order._id)).statusCode).toBe(409);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/pay`,
      headers: { cookie: buyer.cookie },
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('rejecting returns the stock and tells the buyer why; the company admin may decide too', async () => {
    const order = (await checkout(buyer, 400)).json() as Order;
    const before = await stockOf(t.database, products[0]!.id);
    const empty = await orderClient(t.app, c.admin).reject(order._id, '  ');
    expect(empty.statusCode).toBe(400);
    const res = await orderClient(t.app, c.admin).reject(order._id, 'Not in this quarter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Not in this quarter' });
    expect(await stockOf(t.database, products[0]!.id)).toBe(before + 400);
    const mail = await mailTo(t, buyer.email, (m) => m.subject.includes(order.orderNumber) && m.subject.includes('rejected'));
    expect(mail?.text_body).toContain('Not in this quarter');
  });

  it('the buyer may cancel an order waiting for approval (stock back)', async () => {
    const order = (await checkout(buyer, 150)).json() as Order;
    const before = await stockOf(t.database, products[0]!.id);
    const res = await orderClient(t.app, buyer).cancel(order._id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).status).toBe('cancelled');
    expect(await stockOf(t.database, products[0]!.id)).toBe(before + 150);
  });

  it('a shop admin cannot approve through the status PATCH', async () => {
    const order = (await checkout(buyer, 150)).json() as Order;
    const res = await t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie: shop.cookie }, payload: { status: 'pending' } });
    expect(res.statusCode).toBe(409);
  });

  it('`POST /api/purchase` also records the company and applies the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { productId: products[1]!.id, quantity: 200 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'awaiting_approval', companyId: c.company.id, paymentMethod: 'card' });
  });

  it('?company=true: approvers and admins see every order of the company, buyers their own, others 404', async () => {
    const all = await orderClient(t.app, approver).list('company=true&limit=100');
    expect(all.statusCode).toBe(200);
    const orders = all.json() as Order[];
    expect(orders.length).toBeGreaterThan(3);
    expect(orders.every((o) => o.companyId === c.company.id)).toBe(true);
    expect(Number(all.headers['x-total-count'])).toBe(orders.length);
    const waiting = (await orderClient(t.app, c.admin).list('company=true&status=awaiting_approval&limit=100')).json() as Order[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((o) => o.status === 'awaiting_approval')).toBe(true);
    const mine = (await orderClient(t.app, buyer).list('company=true&limit=100')).json() as Order[];
    expect(mine.length).toBe(orders.filter((o) => o.userEmail === buyer.email).length);
    expect((await orderClient(t.app, otherBuyer).list('company=true')).json()).toEqual([]);
    expect((await orderClient(t.app, await signUp(t.app)).list('company=true')).statusCode).toBe(404);
  });
});

describe(`payment on account (${engine})`, () => {
  let c: TestCompany;
  let buyer: SignedInUser;
  let approver: SignedInUser;

  beforeAll(async () => {
    c = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 1000 });
    buyer = await addMember(t, c, 'buyer', 300);
    approver = await addMember(t, c, 'approver');
  });

  it('a member of a company without terms, or someone in no company, cannot pay on account (409)', async () => {
    const noTerms = await createCompany(t.app);
    const member = await addMember(t, noTerms, 'buyer');
    const refused = await checkout(member, 100, { paymentMethod: 'account' });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toBe(COMPANY_MESSAGES.noTerms);
    const loner = await signUp(t.app);
    const alone = await checkout(loner, 100, { paymentMethod: 'account' });
    expect(alone.statusCode).toBe(409);
    expect((alone.json() as ApiError).message).toBe(COMPANY_MESSAGES.notInCompany);
    expect((await checkout(loner, 100, { paymentMethod: 'cheque' })).statusCode).toBe(400);
  });

  it('an account order is invoiced at once with a due date, an invoice number and its PDF', async () => {
    const res = await checkout(buyer, 100, { paymentMethod: 'account', poNumber: 'PO-7781' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ status: 'invoiced', paymentMethod: 'account', companyId: c.company.id, expiresAt: null, poNumber: 'PO-7781' });
    expect(order.invoiceNumber).toBeGreaterThan(0);
    const days = (Date.parse(order.dueDate!) - Date.parse(order.createdAt)) / DAY_MS;
    expect(days).toBeCloseTo(30, 5);
    const company = (await t.app.inject({ url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company;
    expect(company.creditUsed).toBe(100);

    const pdf = await orderClient(t.app, buyer).invoice(order._id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Due date: ${order.dueDate!.slice(0, 10)}`);
    expect(text).toContain('PO number: PO-7781');
    expect(text).toContain(c.company.name);
    expect(text).toContain(`VAT no.: ${c.company.taxId}`);
    expect(text).toContain('IBAN GB00 BUKP');
    expect(text).toContain('Total due');
    // The company's approvers read it too; another company's admin is told it does not exist.
    expect((await orderClient(t.app, approver).invoice(order._id)).statusCode).toBe(200);
    const other = await createCompany(t.app);
    expect((await orderClient(t.app, other.admin).invoice(order._id)).statusCode).toBe(404);

    // The shop admin records the transfer; nobody else may.
    expect((await orderClient(t.app, buyer).markPaid(order._id)).statusCode).toBe(403);
    expect((await orderClient(t.app, c.admin).markPaid(order._id)).statusCode).toBe(403);
    const blank = await orderClient(t.app, shop).markPaid(order._id, ' ');
    expect(blank.statusCode).toBe(400);
    const paid = await orderClient(t.app, shop).markPaid(order._id, 'BACS 991');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paid: true, paymentReference: 'BACS 991', invoiceNumber: order.invoiceNumber });
    expect((await orderClient(t.app, shop).markPaid(order._id)).statusCode).toBe(409);
    // Paid: it no longer holds credit, and ships as any paid order.
    const after = (await t.app.inject({ url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company;
    expect(after.creditUsed).toBe(0);
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      headers: { cookie: shop.cookie },
      payload: { status: 'shipped', carrier: 'DHL' },
    });
    expect(shipped.statusCode).toBe(200);
    const paidPdf = pdfText((await orderClient(t.app, buyer).invoice(order._id)).rawPayload);
    expect(paidPdf).toContain('Total paid');
    expect(paidPdf).toContain('BACS 991');
  });

  it('an account order above the limit awaits approval, then is invoiced with a due date', async () => {
    const order = (await checkout(buyer, 400, { paymentMethod: 'account' })).json() as Order;
    expect(order).toMatchObject({ status: 'awaiting_approval', paymentMethod: 'account', dueDate: null, invoiceNumber: null });
    const res = await orderClient(t.app, approver).approve(order._id);
    expect(res.statusCode).toBe(200);
    const approved = res.json() as Order;
    expect(approved.status).toBe('invoiced');
    expect(approved.invoiceNumber).toBeGreaterThan(0);
    expect(Date.parse(approved.dueDate!) - Date.now()).toBeGreaterThan(29 * DAY_MS);
    // Clean up: paid, so the next tests start from no credit used.
    expect((await orderClient(t.app, shop).markPaid(order._id)).statusCode).toBe(200);
  });

  it('a checkout that would pass the credit limit is refused with 409 CREDIT_LIMIT_EXCEEDED, awaiting orders count', async () => {
    const big = await addMember(t, c, 'buyer');
    const first = await checkout(big, 600, { paymentMethod: 'account' });
    expect(first.statusCode).toBe(201);
    // Above the buyer's own limit, so it waits, but it already holds credit.
    const waiting = await checkout(buyer, 301, { paymentMethod: 'account' });
    expect(waiting.json()).toMatchObject({ status: 'awaiting_approval' });
    const before = await stockOf(t.database, products[0]!.id);
    // 600 + 301 held: another 100 would pass 1000.
    const refused = await checkout(big, 100, { paymentMethod: 'account' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'CREDIT_LIMIT_EXCEEDED', message: COMPANY_MESSAGES.creditLimitExceeded });
    expect(await stockOf(t.database, products[0]!.id)).toBe(before);
    // The cart is kept for another try.
    expect((await cartClient(t.app, big).cart()).lines.length).toBe(1);
    // By card it goes through: the credit limit is about account orders only.
    expect((await cartClient(t.app, big).checkout({ shippingAddress: ADDRESS })).statusCode).toBe(201);
    // Rejecting the waiting one frees its credit.
    expect((await orderClient(t.app, approver).reject((waiting.json() as Order)._id)).statusCode).toBe(200);
    expect((await checkout(big, 300, { paymentMethod: 'account' })).statusCode).toBe(201);
  });

  it('overdue invoices: listed for shop admins, the company admins reminded once', async () => {
    const order = (await checkout(buyer, 100, { paymentMethod: 'account' })).json() as Order;
    expect((await orderClient(t.app, buyer).list('overdue=true')).statusCode).toBe(403);
    const none = (await orderClient(t.app, shop).list('overdue=true&limit=100')).json() as Order[];
    expect(none.find((o) => o._id === order._id)).toBeUndefined();
    // Its due date passes.
    await t.database.db
      .updateTable('orders')
      .set({ due_date: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', order._id)
      .execute();
    const overdue = (await orderClient(t.app, shop).list('overdue=true&limit=100')).json() as Order[];
    expect(overdue.map((o) => o._id)).toContain(order._id);
    expect(overdue.every((o) => o.status === 'invoiced')).toBe(true);

    const reminded = await t.app.services.orders.remindOverdue();
    expect(reminded).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.orders.remindOverdue()).toBe(0);
    const mails = (await mailsTo(t, c.admin.email)).filter((m) => m.subject.includes(order.orderNumber) && m.subject.includes('overdue'));
    expect(mails.length).toBe(1);
    // The buyer and the approver are not reminded; a paid invoice never is.
    expect((await mailsTo(t, approver.email)).some((m) => m.subject.includes('overdue'))).toBe(false);
  });
});

describe(`the ${APPROVAL_TIMEOUT_DAYS}-day approval round (${engine})`, () => {
  it(`rejects orders waiting ${APPROVAL_TIMEOUT_DAYS} days (stock back, buyer mailed), once, and leaves younger ones`, async () => {
    const c = await createCompany(t.app);
    const buyer = await addMember(t, c, 'buyer', 50);
    const old = (await checkout(buyer, 100)).json() as Order;
    const young = (await checkout(buyer, 100)).json() as Order;
    await t.database.db
      .updateTable('orders')
      .set({ awaiting_since: new Date(Date.now() - (APPROVAL_TIMEOUT_DAYS * DAY_MS + 60_000)).toISOString() })
      .where('id', '=', old._id)
      .execute();
    const before = await stockOf(t.database, products[0]!.id);
    expect(await t.app.services.orders.rejectStaleApprovals()).toBe(1);
    expect(await t.app.services.orders.rejectStaleApprovals()).toBe(0);
    expect(await stockOf(t.database, products[0]!.id)).toBe(before + 100);
    const rejected = await orderClient(t.app, buyer).order(old._id);
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: `Not approved within ${APPROVAL_TIMEOUT_DAYS} days` });
    const row = await t.database.db.selectFrom('orders').select('decided_by').where('id', '=', old._id).executeTakeFirstOrThrow();
    expect(row.decided_by).toBe('system');
    expect((await orderClient(t.app, buyer).order(young._id)).status).toBe('awaiting_approval');
    expect((await mailsTo(t, buyer.email)).some((m) => m.subject.includes(old.orderNumber) && m.subject.includes('rejected'))).toBe(true);
    // Fifteen days on, the young one goes too (with every other order still waiting in this file).
    expect(await t.app.services.orders.rejectStaleApprovals(new Date(Date.now() + 15 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect((await orderClient(t.app, buyer).order(young._id)).status).toBe('rejected');
  });
});
