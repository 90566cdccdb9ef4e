import { shippingAddressLines, type PaymentResult, type Seller } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { InvoiceParty } from '../companies/company-directory.js';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import { invoiceLabel, shippingAddressOf } from './invoice-content.js';
import type { InvoiceRenderer } from './invoice-renderer.js';
import type { InvoiceBuyer, MarkOrderPaid, PayableOrder as OrderRow, PayableOrders } from './payable-orders.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentsRepository } from './payments.repository.js';
import { paymentDeclined } from './test-card.provider.js';

interface Deps {
  repo: PaymentsRepository;
  orders: PayableOrders;
  /** The pay-order flow (flows/pay-order.ts): the order paid, its invoice number and the provider's event in one unit. */
  markPaid: MarkOrderPaid;
  buyer: InvoiceBuyer;
  /** Off the event loop and time-limited (invoice-renderer.ts). */
  invoiceRenderer: InvoiceRenderer;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Issue 18: the company an account order is invoiced to (the companies service, wired in services.ts). */
  invoiceParty?: (companyId: string) => Promise<InvoiceParty | null>;
  /** Issue 18: whether the user approves for (and so sees the orders and invoices of) the company (the orders service). */
  seesCompanyOrders?: (userId: string, companyId: string) => Promise<boolean>;
  /** Issue 18: how to pay an invoice on account (BANK_TRANSFER_DETAILS). */
  bankTransferDetails?: string;
  /** Issue 30: who sells (the settings module's seller record), printed on every invoice. */
  seller: () => Promise<Seller>;
}

/** `payment_provider` of an invoice paid on account, recorded by a shop admin (the orders module's mark-paid). */
const BANK_TRANSFER = 'bank_transfer';

const DEFAULT_BANK_TRANSFER = 'Bank transfer to Bulkparts Ltd, quoting the invoice number';

/** Issue 30: the order's shipping charge as a payment line item, none when nothing was charged. */
function shippingLineOf(row: OrderRow): { name: string; quantity: number; unitPriceE4: number; lineTotalCents: number }[] {
  const cents = Number(row.shipping_cents ?? 0);
  if (cents <= 0) return [];
  let name = 'Shipping';
  try {
    const method = JSON.parse(row.shipping_method ?? '{}') as { name?: string };
    if (method.name) name = `Shipping: ${method.name}`;
  } catch {
    // An unreadable method is still charged, as 'Shipping'.
  }
  return [{ name, quantity: 1, unitPriceE4: cents * 100, lineTotalCents: cents }];
}

/** Issue 30: the order's tax as charged, as a payment line item, none when no tax was charged. */
function taxLineOf(row: OrderRow): { name: string; quantity: number; unitPriceE4: number; lineTotalCents: number }[] {
  const cents = Number(row.tax_cents ?? 0);
  return cents > 0 ? [{ name: 'Tax', quantity: 1, unitPriceE4: cents * 100, lineTotalCents: cents }] : [];
}

function refusePayment(row: OrderRow): never {
  if (row.paid_at) throw new AppError('ALREADY_PAID', 'This order is already paid');
  throw new AppError('INVALID_TRANSITION', `An order that is ${row.status} cannot be paid`);
}

export function createPaymentsService({
  repo,
  orders,
  markPaid,
  buyer,
  invoiceRenderer,
  provider,
  publicUrl,
  log,
  invoiceParty,
  seesCompanyOrders,
  bankTransferDetails = DEFAULT_BANK_TRANSFER,
  seller,
}: Deps) {
  /** Only the buyer pays or downloads the invoice of an order; anyone else is told it does not exist (admins may read invoices). */
  async function ownOrder(id: string, user: SessionUser, allowAdmin: boolean): Promise<OrderRow> {
    const row = await orders.find(id);
    if (!row || (row.user_id !== user.id && !(allowAdmin && user.role === 'admin'))) throw notFound('Order');
    return row;
  }

  return {
    async pay(orderId: string, user: SessionUser, input: unknown): Promise<PaymentResult> {
      // The order and its lines read together (issue 29: one round trip's wait on PostgreSQL); the
      // lines are used only once the order is known to be the buyer's and payable.
      const [row, lines] = await Promise.all([ownOrder(orderId, user, false), orders.lines(orderId)]);
      if (row.status !== 'pending') refusePayment(row);
      // Past its deadline but not swept yet: refused all the same, its stock is about to go back on sale.
      if (row.expires_at !== null && row.expires_at <= nowIso()) {
        throw new AppError('INVALID_TRANSITION', 'This order was not paid in time and has expired. Please order again.');
      }
      const result = await provider.initiate(
        {
          lines: [
            ...lines.map((l) => ({
              name: l.product_name,
              quantity: Number(l.quantity),
              unitPriceE4: Number(l.unit_price_e4),
              lineTotalCents: Number(l.line_total_cents),
            })),
            // Issue 30: the shipping charge is a line item of its own, so the session's amount is the order's total.
            ...shippingLineOf(row),
            // Issue 30: the tax as charged, one line of its own, so the session's amount is the order's total.
            ...taxLineOf(row),
          ],
          id: row.id,
          productName: row.product_name,
          quantity: row.quantity,
          unitPriceE4: Number(row.unit_price_e4),
          totalCents: Number(row.total_cents),
          userEmail: row.user_email,
        },
        input,
        {
          success: `${publicUrl}/dashboard/payment/${row.id}?checkout=success`,
          cancel: `${publicUrl}/dashboard/payment/${row.id}?checkout=cancelled`,
        },
      );
      if (result.kind === 'declined') throw paymentDeclined(result.message);
      if (result.kind === 'redirect') {
        await orders.setPendingReference(row.id, provider.name, result.reference);
        return { status: 'redirect', message: 'Continue on the payment page', redirectUrl: result.url, orderId: row.id };
      }
      // The lines just read go along: the buyer's mail lists them without a second read (issue 29).
      const outcome = await markPaid(
        row.id,
        { provider: provider.name, reference: result.reference, cardBrand: result.cardBrand, cardLast4: result.cardLast4, paidAt: nowIso() },
        { lines },
      );
      if (outcome !== 'paid') {
        // Another request paid or cancelled it between our check and the update: give the money back.
        await provider.refund({ orderId: row.id, reference: result.reference, amountCents: Number(row.total_cents) });
        const latest = await orders.find(row.id);
        refusePayment(latest ?? row);
      }
      return { status: 'paid', message: 'Payment received. Thank you!', orderId: row.id };
    },

    /** A provider webhook: verified on the raw body, acted on once per event id. */
    async handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; outcome: string }> {
      const event = provider.parseWebhook(rawBody, headers);
      const confirmation = provider.confirm(event);
      if (!confirmation) {
        const fresh = await repo.recordEvent(provider.name, event, null, nowIso());
        return { received: true, outcome: fresh ? 'ignored' : 'replayed' };
      }
      const row = await orders.find(confirmation.orderId);
      if (!row) {
        log.error({ eventId: event.id, orderId: confirmation.orderId }, 'payment webhook for an unknown order');
        await repo.recordEvent(provider.name, event, null, nowIso());
        return { received: true, outcome: 'unknown-order' };
      }
      if (confirmation.amountCents !== Number(row.total_cents)) {
        log.error(
          { eventId: event.id, orderId: row.id, paid: confirmation.amountCents, due: Number(row.total_cents) },
          'payment amount does not match the order',
        );
        await repo.recordEvent(provider.name, event, row.id, nowIso());
        return { received: true, outcome: 'amount-mismatch' };
      }
      const outcome = await markPaid(
        row.id,
        { provider: provider.name, reference: confirmation.reference, cardBrand: confirmation.cardBrand, cardLast4: confirmation.cardLast4, paidAt: nowIso() },
        { event },
      );
      if (outcome === 'not-pending') {
        // Money for an order that was cancelled meanwhile, or a second payment of a paid order
        // (another checkout tab): it goes back. The same payment under a new event id is not refunded.
        const latest = await orders.find(row.id);
        if (latest?.payment_reference !== confirmation.reference || latest.status === 'cancelled' || latest.status === 'expired') {
          log.warn({ orderId: row.id, status: latest?.status }, 'payment for an order that is no longer pending; refunding');
          await provider.refund({ orderId: row.id, reference: confirmation.reference, amountCents: confirmation.amountCents });
        }
      }
      return { received: true, outcome };
    },

    /**
     * The next invoice number inside the caller's transaction (issue 18: an order invoiced on
     * account takes its number when it becomes `invoiced`, in the orders' own transaction; wired
     * in services.ts so neither module imports the other). Gap-free as for card payments.
     */
    nextInvoiceNumberIn: (trx: Transaction<DB>) => repo.nextInvoiceNumber(trx),

    /** Called before an admin moves a paid order to `refunded`. */
    async refund(row: OrderRow): Promise<void> {
      if (!row.payment_reference) throw new AppError('INVALID_TRANSITION', 'This order has no payment to refund');
      // Issue 18: a bank transfer recorded by a shop admin (mark-paid) went through no provider; the shop pays it back by hand.
      if (row.payment_provider === BANK_TRANSFER) return;
      await provider.refund({ orderId: row.id, reference: row.payment_reference, amountCents: Number(row.total_cents) });
    },

    /**
     * Issue 31: a credit note's amount given back: through the provider for a card payment (a
     * partial refund, once per note: `key`), or, for a bank transfer, by hand (the shop pays it
     * back; `bank_transfer`). Answers how, and the provider's refund reference.
     */
    async refundPart(orderId: string, amountCents: number, key: string): Promise<{ method: 'card' | 'bank_transfer'; reference: string | null }> {
      const row = await orders.find(orderId);
      if (!row?.payment_reference) throw new AppError('INVALID_TRANSITION', 'This order has no payment to refund');
      if (row.payment_provider === BANK_TRANSFER) return { method: 'bank_transfer', reference: null };
      const done = await provider.refund({ orderId, reference: row.payment_reference, amountCents, partial: { key } });
      return { method: 'card', reference: done?.reference ?? null };
    },

    async invoice(orderId: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      // Issue 18: the company's admins and approvers (its finance) read the invoices of its orders too.
      const found = await orders.find(orderId);
      const companyReads = found?.company_id && found.user_id !== user.id && seesCompanyOrders ? await seesCompanyOrders(user.id, found.company_id) : false;
      const row = companyReads ? found! : await ownOrder(orderId, user, true);
      // Issue 18: an order paid on account has its invoice (and number) from the moment it is invoiced.
      if (row.invoice_number === null) throw new AppError('CONFLICT', 'The invoice is available once the order is paid or invoiced');
      // Issue 30: every invoice of a company's order names the company (its VAT number for a reverse charge), however it was paid.
      const [who, lines, party, from] = await Promise.all([
        buyer(row.user_id),
        orders.lines(row.id),
        row.company_id && invoiceParty ? invoiceParty(row.company_id) : null,
        seller(),
      ]);
      const company = party ? { name: party.name, taxId: party.taxId, address: shippingAddressLines(party.billingAddress).join('\n') } : null;
      const account = row.payment_method === 'account' ? { company, bankTransfer: bankTransferDetails } : null;
      const pdf = await invoiceRenderer.render(row, who, lines, shippingAddressOf(row), account, { seller: from, company });
      return { filename: `invoice-${invoiceLabel(Number(row.invoice_number))}.pdf`, pdf };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
