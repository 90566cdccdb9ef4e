import {
  canMoveQuote,
  dollarsToE4,
  formatQuoteNumber,
  MESSAGES,
  QUOTE_VALIDITY_MAX_DAYS,
  unitPriceFor,
  type ErrorLine,
  type Quote,
  type QuoteAnswer,
  type QuoteListQuery,
  type QuoteRequest,
  type QuoteStatus,
} from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import type { Units } from '../../db/unit-of-work.js';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import { buyerPricesIn } from '../products/price-book.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { pricedRow, type ProductsService } from '../products/products.service.js';
import { quoteDocument, quoteFilename, type QuoteDocument } from './quote-document.js';
import { linesByQuote, statusOf, toQuote } from './quote-view.js';
import type { QuoteLineRow, QuoteRow, QuotesRepository } from './quotes.repository.js';

export interface QuotesDeps {
  repo: QuotesRepository;
  /** Names, prices and rules of the products asked for (archived included, so they can be named). */
  products: Pick<ProductsService, 'findMany'>;
  /** A request and an answer are units of work that record `quote.requested` / `quote.answered` (their mails, the webhook). */
  units: Units;
  /** Who is mailed about a new request (the users service's admins). */
  adminEmails: () => Promise<string[]>;
  /**
   * The invoice renderer's worker pool draws quote documents too (time-limited, off the event
   * loop). Declared here, as the one call quotes makes: payments' renderer draws quote documents,
   * so payments sits above quotes and quotes does not import it.
   */
  renderer: { renderQuote(document: QuoteDocument): Promise<Buffer> };
  /** Issue 30: the seller record's document lines. */
  seller: () => Promise<string[]>;
  /** Issue 18: a company member's own prices are the quote's starting point (the companies service). */
  prices?: Pick<CompanyDirectory, 'priceBookFor'>;
  /** The clock (tests move it past a quote's date). */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Requests for quote (issue 17, ADR 0017). Every status is read through `quoteStatusAt` (answered
 * and past `validUntil` is expired) and every move is checked with `canMoveQuote`, then written as
 * a conditional UPDATE on the status read. Accepting is the accept-quote flow's
 * (flows/accept-quote.ts): it places the order at the quoted prices and moves the quote, through
 * `acceptance`, in that order's own unit.
 */
export function createQuotesService({ repo, products, units, adminEmails, renderer, prices, seller, now = () => new Date() }: QuotesDeps) {
  async function withLines(rows: readonly QuoteRow[], at: Date): Promise<Quote[]> {
    const lines = linesByQuote(await repo.linesOf(rows.map((r) => r.id)));
    return rows.map((r) => toQuote(r, lines.get(r.id) ?? [], at));
  }

  /** The quote if the user is its buyer or an admin; anyone else is told it does not exist. */
  async function visible(id: string, user: SessionUser): Promise<QuoteRow> {
    const row = await repo.findById(id);
    if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Quote');
    return row;
  }

  /** Only the buyer decides on their quote (an admin sees it, so is told why rather than 404). */
  async function ownQuote(id: string, user: SessionUser, verb: string): Promise<QuoteRow> {
    const row = await visible(id, user);
    if (row.user_id !== user.id) throw forbidden(`Only the buyer can ${verb} a quote`);
    return row;
  }

  /** 409 unless the quote, as it is at `at`, may move to `to` (shared QUOTE_TRANSITIONS). */
  function checkMove(row: QuoteRow, to: QuoteStatus, at: Date): void {
    const from = statusOf(row, at);
    if (canMoveQuote(from, to)) return;
    const number = formatQuoteNumber(Number(row.quote_number));
    const message =
      from === 'expired' && to === 'accepted'
        ? `Quote ${number} expired on ${row.valid_until?.slice(0, 10)}; its prices can no longer be accepted. Ask for a new quote.`
        : `Quote ${number} is ${from}; it cannot be ${to}`;
    throw new AppError('INVALID_TRANSITION', message);
  }

  /** The 409 for a move that lost a race: says what the quote is now. */
  async function movedMeanwhile(id: string): Promise<AppError> {
    const fresh = await repo.findById(id);
    return new AppError('INVALID_TRANSITION', `The quote changed meanwhile; it is now ${fresh ? statusOf(fresh, now()) : 'gone'}`);
  }

  async function one(id: string): Promise<Quote> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Quote');
    return (await withLines([row], now()))[0]!;
  }

  /** A status change with no other write (withdraw, decline). */
  async function simpleMove(id: string, user: SessionUser, from: QuoteStatus, to: QuoteStatus, verb: string): Promise<Quote> {
    const row = await ownQuote(id, user, verb);
    const at = now();
    checkMove(row, to, at);
    const iso = at.toISOString();
    // An answered quote moves only while it is still valid (it may expire between the read and the write).
    const moved = await repo.move(id, from, to, { decided_at: iso, updated_at: iso }, from === 'answered' ? iso : undefined);
    if (!moved) throw await movedMeanwhile(id);
    return one(id);
  }

  return {
    /** `POST /api/quotes`: every product must exist and be on sale; the admins are mailed in the same transaction. */
    async create(input: QuoteRequest, user: SessionUser): Promise<Quote> {
      const found = new Map((await products.findMany(input.lines.map((l) => l.productId))).map((p) => [p.id, p]));
      const problems: ErrorLine[] = [];
      const fields: Record<string, string> = {};
      input.lines.forEach((l, index) => {
        const product = found.get(l.productId);
        if (product && product.archived === 0) return;
        problems.push({ index, productId: l.productId, sku: product?.sku ?? '', message: MESSAGES.productUnavailable });
        fields[`lines.${index}.productId`] = MESSAGES.productUnavailable;
      });
      if (problems.length) {
        const message =
          problems.length === 1
            ? `Line ${problems[0]!.index! + 1}: ${MESSAGES.productUnavailable}`
            : `${problems.length} lines name products that are not on sale`;
        throw new AppError('VALIDATION_FAILED', message, fields, problems);
      }

      const book = prices ? await prices.priceBookFor(user.id, [...found.keys()]) : null;
      const iso = now().toISOString();
      const row: Omit<QuoteRow, 'quote_number'> = {
        id: newId(),
        user_id: user.id,
        user_email: user.email,
        status: 'requested',
        note: input.note ?? null,
        message: null,
        valid_until: null,
        order_id: null,
        created_at: iso,
        updated_at: iso,
        answered_at: null,
        decided_at: null,
        shipping_cents: null,
      };
      const lines: QuoteLineRow[] = input.lines.map((l, i) => {
        const product = found.get(l.productId)!;
        return {
          quote_id: row.id,
          line_no: i + 1,
          product_id: product.id,
          sku: product.sku,
          product_name: product.name,
          product_img: product.img,
          quantity: l.quantity,
          // The buyer's price for that quantity today (their company's, when lower): the admin's starting point.
          list_unit_price_e4: unitPriceFor(pricedRow(product), l.quantity, buyerPricesIn(book, product.id)),
          quoted_unit_price_e4: null,
        };
      });
      const admins = await adminEmails();
      return units.run(async (uow) => {
        const quote = toQuote(await repo.createIn(uow, row, lines), lines, new Date(iso));
        await uow.record('quote.requested', { quote, adminEmails: admins });
        return quote;
      });
    },

    /** `GET /api/quotes`: the buyer's own, every quote for an admin (their own with `mine`); newest first. */
    /** Issue 33 (the operator's inbox): requests waiting for an answer, as the admin list `?status=requested` counts them. */
    countToAnswer: (): Promise<number> => repo.count({ status: 'requested', now: now().toISOString() }),

    async list(query: QuoteListQuery, user: SessionUser): Promise<{ items: Quote[]; total: number }> {
      const at = now();
      const filter = { userId: user.role === 'admin' && !query.mine ? undefined : user.id, status: query.status, now: at.toISOString() };
      const [rows, total] = await Promise.all([repo.list({ ...filter, offset: pageOffset(query.page, query.limit), limit: query.limit }), repo.count(filter)]);
      return { items: await withLines(rows, at), total };
    },

    async get(id: string, user: SessionUser): Promise<Quote> {
      return (await withLines([await visible(id, user)], now()))[0]!;
    },

    /**
     * `PATCH /api/quotes/:id` (admin): a price for exactly the quote's products, valid until a date
     * in the next QUOTE_VALIDITY_MAX_DAYS days; only a `requested` quote. The buyer's mail commits with it.
     */
    async answer(id: string, input: QuoteAnswer): Promise<Quote> {
      const row = await repo.findById(id);
      if (!row) throw notFound('Quote');
      const at = now();
      checkMove(row, 'answered', at);

      const lines = await repo.linesOf([id]);
      const asked = new Set(lines.map((l) => l.product_id));
      const priced = new Set(input.lines.map((l) => l.productId));
      const problems: ErrorLine[] = [
        ...lines.filter((l) => !priced.has(l.product_id)).map((l) => ({ productId: l.product_id, sku: l.sku, message: 'Give this line a unit price' })),
        ...input.lines
          .map((l, index) => ({ index, productId: l.productId, sku: '', message: 'This product is not on the quote' }))
          .filter((l) => !asked.has(l.productId)),
      ];
      if (problems.length) {
        const message = problems.map((p) => `${p.productId}: ${p.message}`).join('; ');
        throw new AppError('VALIDATION_FAILED', message, { lines: 'Price exactly the products of the quote, each once' }, problems);
      }
      const until = Date.parse(input.validUntil);
      if (until <= at.getTime()) throw validationFailed({ validUntil: 'validUntil must be in the future' });
      if (until > at.getTime() + QUOTE_VALIDITY_MAX_DAYS * DAY_MS) {
        throw validationFailed({ validUntil: `validUntil must be at most ${QUOTE_VALIDITY_MAX_DAYS} days ahead` });
      }

      const prices = new Map(input.lines.map((l) => [l.productId, dollarsToE4(l.unitPrice)!]));
      const iso = at.toISOString();
      // Issue 30: a freight quote's answer carries the shipping price the accepted order charges.
      const shippingCents = input.shipping == null ? null : Math.round(input.shipping * 100);
      const changes = { message: input.message ?? null, valid_until: input.validUntil, answered_at: iso, updated_at: iso, shipping_cents: shippingCents };
      const answered = await units.run(async (uow) => {
        if (!(await repo.answerIn(uow, id, changes, prices))) return false;
        const quote = toQuote(
          { ...row, ...changes, status: 'answered' },
          lines.map((l) => ({ ...l, quoted_unit_price_e4: prices.get(l.product_id)! })),
          at,
        );
        await uow.record('quote.answered', { quote });
        return true;
      });
      if (!answered) throw await movedMeanwhile(id);
      return one(id);
    },

    /** What the accept-quote flow (flows/accept-quote.ts) asks of this module. */
    acceptance: {
      /** The buyer's own quote's lines, when it may be accepted now (403 for anyone else, 409 past its date or status). */
      async linesToAccept(id: string, user: SessionUser): Promise<QuoteLineRow[]> {
        const row = await ownQuote(id, user, 'accept');
        checkMove(row, 'accepted', now());
        return repo.linesOf([id]);
      },
      /** Issue 30: the freight price the answer carries (cents), or null. */
      async shippingOf(id: string): Promise<number | null> {
        const row = await repo.findById(id);
        return row?.shipping_cents == null ? null : Number(row.shipping_cents);
      },
      /** In the order's unit: the quote becomes `accepted` with the order's id, only from the status read; false when it moved meanwhile. */
      acceptIn: (uow: UnitOfWork, id: string, orderId: string): Promise<boolean> => repo.acceptIn(uow.trx, id, orderId, now().toISOString()),
      /** The 409 for a quote that moved while it was being accepted. */
      movedMeanwhile,
      /** The quote as the API answers it. */
      quote: one,
    },

    /** `POST /api/quotes/:id/decline` (the buyer, an answered quote still valid). */
    decline: (id: string, user: SessionUser) => simpleMove(id, user, 'answered', 'declined', 'decline'),

    /** `POST /api/quotes/:id/withdraw` (the buyer, while it is still requested). */
    withdraw: (id: string, user: SessionUser) => simpleMove(id, user, 'requested', 'withdrawn', 'withdraw'),

    /** `GET /api/quotes/:id/pdf`: the quote document; a requested quote lists its lines 'awaiting price'. */
    async pdf(id: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const row = await visible(id, user);
      const lines = await repo.linesOf([id]);
      const quote = toQuote(row, lines, now());
      return { filename: quoteFilename(quote), pdf: await renderer.renderQuote(quoteDocument(quote, lines, await seller())) };
    },

    /** Writes `expired` on one batch of answered quotes past their date (the background round); answers how many. */
    expireDue: (limit = 200) => repo.expireDue(now().toISOString(), limit),
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
