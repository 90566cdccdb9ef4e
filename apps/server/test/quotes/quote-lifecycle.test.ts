import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOTAL_COUNT_HEADER, type ApiError, type Quote } from '@bulkparts/shared';
import { insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { ADMIN_EMAIL, createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { answerQuote, backdate, inDays, quoteClient, requestQuote } from './quote-helpers.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app);
  products = await insertProducts(t.database, 3, { stock: 10_000 });
});
afterAll(async () => t?.close());

const twoLines = () => [
  { productId: products[0]!.id, quantity: 250_000 },
  { productId: products[1]!.id, quantity: 60 },
];
const outbox = (to: string, subjectLike: string) =>
  t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).where('subject', 'like', subjectLike).execute();

describe(`requests for quote: lifecycle (${engine})`, () => {
  it('asks for a quote: requested, numbered, the list price snapshotted per line, the admins mailed', async () => {
    const res = await quoteClient(t.app, buyer).request(twoLines(), 'Monthly call-offs');
    expect(res.statusCode).toBe(201);
    const quote = res.json() as Quote;
    expect(quote).toMatchObject({
      status: 'requested',
      userEmail: buyer.email,
      note: 'Monthly call-offs',
      message: null,
      validUntil: null,
      total: null,
      orderId: null,
    });
    expect(quote.quoteNumber).toMatch(/^Q-\d{6}$/);
    expect(quote.lines).toEqual([
      {
        productId: products[0]!.id,
        sku: products[0]!.sku,
        name: products[0]!.name,
        img: '/images/products/placeholder.webp',
        quantity: 250_000,
        listUnitPrice: products[0]!.priceCents / 100,
        unitPrice: null,
        lineTotal: null,
      },
      expect.objectContaining({ productId: products[1]!.id, quantity: 60, listUnitPrice: products[1]!.priceCents / 100, unitPrice: null }),
    ]);
    const mails = await outbox(ADMIN_EMAIL, `Request for quote ${quote.quoteNumber}%`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(products[0]!.sku);
    expect(mails[0]!.text_body).toContain('Monthly call-offs');
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/dashboard/quotes`);
    // Numbers follow each other.
    const next = await requestQuote(t.app, buyer, [{ productId: products[2]!.id, quantity: 5 }]);
    expect(Number(next.quoteNumber.slice(2))).toBe(Number(quote.quoteNumber.slice(2)) + 1);
  });

  it('refuses bad requests with a 400 naming the field or the line', async () => {
    const c = quoteClient(t.app, buyer);
    const zero = await c.request([{ productId: products[0]!.id, quantity: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect((zero.json() as ApiError).fields).toHaveProperty(['lines.0.quantity']);
    const tooMany = await c.request([{ productId: products[0]!.id, quantity: 1_000_001 }]);
    expect((tooMany.json() as ApiError).fields).toHaveProperty(['lines.0.quantity']);
    const twice = await c.request([
      { productId: products[0]!.id, quantity: 5 },
      { productId: products[0]!.id, quantity: 6 },
    ]);
    expect((twice.json() as ApiError).fields).toHaveProperty(['lines.1.productId']);
    expect((await c.request([])).statusCode).toBe(400);

    const unknown = await c.request([
      { productId: products[0]!.id, quantity: 5 },
      { productId: 'f'.repeat(24), quantity: 5 },
    ]);
    expect(unknown.statusCode).toBe(400);
    const body = unknown.json() as ApiError;
    expect(body.lines).toEqual([{ index: 1, productId: 'f'.repeat(24), sku: '', message: MESSAGES.productUnavailable }]);
    expect(body.fields).toEqual({ 'lines.1.productId': MESSAGES.productUnavailable });

    const [archived] = await insertProducts(t.database, 1);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', archived!.id).execute();
    const refused = await c.request([{ productId: archived!.id, quantity: 5 }]);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ApiError).lines).toEqual([{ index: 0, productId: archived!.id, sku: archived!.sku, message: MESSAGES.productUnavailable }]);
  });

  it('an unconfirmed address cannot ask for a quote (403)', async () => {
    const unconfirmed = await signUp(t.app, { verified: false });
    expect((await quoteClient(t.app, unconfirmed).request(twoLines())).statusCode).toBe(403);
  });

  it('the admin answers with a price per line and a date: answered, totals, the buyer mailed a link', async () => {
    const quote = await requestQuote(t.app, buyer, twoLines());
    const validUntil = inDays(10);
    const res = await quoteClient(t.app, admin).answer(quote._id, {
      lines: [
        { productId: products[1]!.id, unitPrice: 1.25 },
        { productId: products[0]!.id, unitPrice: 0.37 },
      ],
      validUntil,
      message: 'Free delivery included',
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json() as Quote;
    expect(answered).toMatchObject({ status: 'answered', validUntil, message: 'Free delivery included', total: 92500 + 75 });
    expect(answered.answeredAt).not.toBeNull();
    expect(answered.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [0.37, 92500],
      [1.25, 75],
    ]);
    const mails = await outbox(buyer.email, `Your quote ${quote.quoteNumber} is ready`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/quotes/${quote._id}`);
    expect(mails[0]!.text_body).toContain('Free delivery included');
    // A bare date means the end of that day (UTC).
    const other = await requestQuote(t.app, buyer, [{ productId: products[2]!.id, quantity: 10 }]);
    const day = inDays(3).slice(0, 10);
    const byDay = await quoteClient(t.app, admin).answer(other._id, { lines: [{ productId: products[2]!.id, unitPrice: 2 }], validUntil: day });
    expect((byDay.json() as Quote).validUntil).toBe(`${day}T23:59:59.999Z`);
  });

  it('an answer must price exactly the quote’s products, valid in the future and within 365 days', async () => {
    const quote = await requestQuote(t.app, buyer, twoLines());
    const c = quoteClient(t.app, admin);
    const missing = await c.answer(quote._id, { lines: [{ productId: products[0]!.id, unitPrice: 1 }], validUntil: inDays(5) });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as ApiError).lines).toEqual([{ productId: products[1]!.id, sku: products[1]!.sku, message: 'Give this line a unit price' }]);
    const extra = await c.answer(quote._id, {
      lines: [...twoLines().map((l) => ({ productId: l.productId, unitPrice: 1 })), { productId: products[2]!.id, unitPrice: 1 }],
      validUntil: inDays(5),
    });
    expect(extra.statusCode).toBe(400);
    expect((extra.json() as ApiError).lines).toEqual([{ index: 2, productId: products[2]!.id, sku: '', message: 'This product is not on the quote' }]);
    const prices = twoLines().map((l) => ({ productId: l.productId, unitPrice: 1 }));
    const past = await c.answer(quote._id, { lines: prices, validUntil: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect((past.json() as ApiError).fields).toEqual({ validUntil: 'validUntil must be in the future' });
    const far = await c.answer(quote._id, { lines: prices, validUntil: inDays(366) });
    expect((far.json() as ApiError).fields).toEqual({ validUntil: 'validUntil must be at most 365 days ahead' });
    const noDate = await c.answer(quote._id, { lines: prices });
    expect((noDate.json() as ApiError).fields).toHaveProperty('validUntil');
    const badPrice = await c.answer(quote._id, { lines: [{ productId: products[0]!.id, unitPrice: 0.00001 }], validUntil: inDays(5) });
    expect((badPrice.json() as ApiError).fields).toEqual({ 'lines.0.unitPrice': 'Unit price can have at most 4 decimals' });
    // Nothing was written by the refusals.
    expect(((await quoteClient(t.app, buyer).get(quote._id)).json() as Quote).status).toBe('requested');
    expect((await c.answer('f'.repeat(24), { lines: prices, validUntil: inDays(5) })).statusCode).toBe(404);
  });

  it('every forbidden move answers 409 and changes nothing', async () => {
    const c = quoteClient(t.app, buyer);
    const a = quoteClient(t.app, admin);
    const requested = await requestQuote(t.app, buyer, twoLines());
    expect((await c.accept(requested._id)).statusCode).toBe(409);
    expect((await c.decline(requested._id)).statusCode).toBe(409);

    const answered = await answerQuote(t.app, admin, await requestQuote(t.app, buyer, twoLines()), 1);
    const again = await a.answer(answered._id, { lines: twoLines().map((l) => ({ productId: l.productId, unitPrice: 2 })), validUntil: inDays(5) });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ApiError).message).toBe(`Quote ${answered.quoteNumber} is answered; it cannot be answered`);
    expect((await c.withdraw(answered._id)).statusCode).toBe(409);

    const declined = await c.decline(answered._id);
    expect(declined.statusCode).toBe(200);
    expect((declined.json() as Quote).status).toBe('declined');
    for (const res of [await c.accept(answered._id), await c.decline(answered._id), await c.withdraw(answered._id)]) expect(res.statusCode).toBe(409);

    const withdrawn = await c.withdraw(requested._id);
    expect(withdrawn.statusCode).toBe(200);
    expect((withdrawn.json() as Quote).status).toBe('withdrawn');
    for (const res of [await c.withdraw(requested._id), await c.accept(requested._id), await c.decline(requested._id)]) expect(res.statusCode).toBe(409);
    const lateAnswer = await a.answer(requested._id, { lines: twoLines().map((l) => ({ productId: l.productId, unitPrice: 2 })), validUntil: inDays(5) });
    expect(lateAnswer.statusCode).toBe(409);
    expect(((await c.get(requested._id)).json() as Quote).status).toBe('withdrawn');
    expect(((await c.get(answered._id)).json() as Quote).lines.map((l) => l.unitPrice)).toEqual([1, 1]);
  });

  it('past its date an answered quote reads as expired, cannot be accepted or declined, and the round writes it', async () => {
    const c = quoteClient(t.app, buyer);
    const quote = await answerQuote(t.app, admin, await requestQuote(t.app, buyer, twoLines()), 1);
    await backdate(t.database, quote._id);
    expect(((await c.get(quote._id)).json() as Quote).status).toBe('expired');
    const accept = await c.accept(quote._id);
    expect(accept.statusCode).toBe(409);
    expect((accept.json() as ApiError).message).toContain('expired');
    expect((await c.decline(quote._id)).statusCode).toBe(409);
    expect((await c.withdraw(quote._id)).statusCode).toBe(409);

    // The admin's list by status is right before and after the background round writes it.
    const a = quoteClient(t.app, admin);
    const ids = async (status: string) => ((await a.list(`?status=${status}&limit=100`)).json() as Quote[]).map((q) => q._id);
    expect(await ids('expired')).toContain(quote._id);
    expect(await ids('answered')).not.toContain(quote._id);
    expect(await t.app.services.quotes.expireDue()).toBeGreaterThanOrEqual(1);
    const row = await t.database.db.selectFrom('quotes').select(['status', 'decided_at', 'valid_until']).where('id', '=', quote._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(row.decided_at).toBe(row.valid_until);
    expect(await ids('expired')).toContain(quote._id);
    expect((await c.accept(quote._id)).statusCode).toBe(409);
  });

  it('lists: a buyer their own, an admin every quote by status, newest first, with X-Total-Count', async () => {
    const other = await signUp(t.app);
    const mine = await requestQuote(t.app, other, [{ productId: products[2]!.id, quantity: 3000 }]);
    const second = await requestQuote(t.app, other, [{ productId: products[1]!.id, quantity: 4000 }]);
    const own = await quoteClient(t.app, other).list();
    expect(own.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect((own.json() as Quote[]).map((q) => q._id)).toEqual([second._id, mine._id]);
    expect((await quoteClient(t.app, other).list('?status=answered')).json()).toEqual([]);

    const all = await quoteClient(t.app, admin).list('?status=requested&limit=100');
    const listed = all.json() as Quote[];
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe(listed.length);
    expect(listed.every((q) => q.status === 'requested')).toBe(true);
    expect(listed.slice(0, 2).map((q) => q._id)).toEqual([second._id, mine._id]);
    expect(listed.some((q) => q.userEmail === buyer.email)).toBe(true);
    const paged = await quoteClient(t.app, admin).list('?limit=1&page=2');
    expect(paged.json()).toHaveLength(1);
    expect((await quoteClient(t.app, admin).list('?status=nope')).statusCode).toBe(400);
    // An admin's own list (`mine=true`, their My Quotes page) holds none of the buyers' quotes.
    expect((await quoteClient(t.app, admin).list('?mine=true&limit=100')).json()).toEqual([]);
    expect((await quoteClient(t.app, admin).list('?mine=maybe')).statusCode).toBe(400);
    // The buyer's list does not show the other buyer's quotes.
    expect(((await quoteClient(t.app, buyer).list('?limit=100')).json() as Quote[]).some((q) => q.userEmail === other.email)).toBe(false);
  });

  it('the quote document: a PDF for a requested quote (awaiting price) and an answered one, for the buyer and admins', async () => {
    const quote = await requestQuote(t.app, buyer, twoLines(), 'x'.repeat(1000));
    const requested = await quoteClient(t.app, buyer).pdf(quote._id);
    expect(requested.statusCode).toBe(200);
    expect(requested.headers['content-type']).toBe('application/pdf');
    expect(requested.headers['content-disposition']).toBe(`attachment; filename="quote-${quote.quoteNumber}.pdf"`);
    expect(requested.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    await answerQuote(t.app, admin, quote, 0.5);
    const answered = await quoteClient(t.app, admin).pdf(quote._id);
    expect(answered.statusCode).toBe(200);
    expect(answered.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('malformed or unknown ids are 404, never 500', async () => {
    const c = quoteClient(t.app, buyer);
    for (const id of ['nope', 'f'.repeat(24), 'x'.repeat(400), encodeURIComponent("' or 1=1 --")]) {
      expect((await c.get(id)).statusCode).toBe(404);
      expect((await c.pdf(id)).statusCode).toBe(404);
      expect((await c.accept(id)).statusCode).toBe(404);
      expect((await c.decline(id)).statusCode).toBe(404);
      expect((await c.withdraw(id)).statusCode).toBe(404);
    }
  });
});
