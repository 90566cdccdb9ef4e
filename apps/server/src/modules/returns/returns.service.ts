import {
  centsToDollars,
  e4ToDollars,
  formatCreditNoteNumber,
  formatOrderNumber,
  formatRmaNumber,
  isObjectId,
  type Order,
  type Return,
  type ReturnListQuery,
  type ReturnStatus,
} from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { CreditNoteFacts } from '../../lib/domain-events.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { InvoiceRenderer } from '../payments/invoice-renderer.js';
import { creditNoteDocument, creditNoteFilename, type CreditNoteLine } from './credit-note.js';
import type { CreditNoteRow, ReturnLineRow, ReturnRow, ReturnsRepository } from './returns.repository.js';

/** A new return as the request flow writes it. */
export interface NewReturn {
  order: { id: string; orderNumber: number; userId: string; userEmail: string; companyId: string | null };
  requestedBy: string;
  note: string | null;
  at: string;
  lines: { orderLineNo: number; productId: string; sku: string; name: string; quantity: number; reason: string }[];
}

/** A credit note as the receipt flow writes it. */
export interface NewCreditNote {
  number: number;
  returnId: string;
  orderId: string;
  lines: CreditNoteLine[];
  shippingCents: number;
  method: 'card' | 'account' | 'bank_transfer';
  at: string;
}

export interface ReturnsDeps {
  repo: ReturnsRepository;
  /** Who a user is in which company (a company's admin sees its returns). */
  companies: Pick<CompanyDirectory, 'membershipOf' | 'invoiceParty'>;
  /** An order as the credit note prints it (the orders service, no access check: the note's own is done here). */
  orderOf: (orderId: string) => Promise<Order | undefined>;
  renderer: Pick<InvoiceRenderer, 'renderPrinted'>;
  /** Issue 30: the seller record's document lines. */
  seller: () => Promise<string[]>;
}

/**
 * Returns and credit notes (issue 31): their answers, who sees which (the buyer, their company's
 * admins, shop admins; anyone else is told it does not exist), the list, a credit note's PDF, and
 * the steps the return flows (flows/returns.ts) run in their units.
 */
export function createReturnsService({ repo, companies, orderOf, renderer, seller }: ReturnsDeps) {
  function toReturn(row: ReturnRow, lines: readonly ReturnLineRow[], note: CreditNoteRow | undefined): Return {
    return {
      _id: row.id,
      rmaNumber: formatRmaNumber(Number(row.rma_number)),
      orderId: row.order_id,
      orderNumber: formatOrderNumber(Number(row.order_number)),
      userEmail: row.user_email,
      status: row.status as ReturnStatus,
      note: row.note,
      rejectionReason: row.rejection_reason,
      lines: lines
        .filter((l) => l.return_id === row.id)
        .map((l) => ({
          productId: l.product_id,
          sku: l.sku,
          name: l.product_name,
          quantity: Number(l.quantity),
          reason: l.reason,
          received: l.received === null ? null : Number(l.received),
          damaged: l.damaged === null ? null : Number(l.damaged),
        })),
      creditNote: note ? { _id: note.id, number: formatCreditNoteNumber(Number(note.number)), total: centsToDollars(Number(note.total_cents)) } : null,
      refundError: row.refund_error,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Whether `user` sees this return: its buyer, an admin of its company, a shop admin. */
  async function sees(row: Pick<ReturnRow, 'user_id' | 'company_id'>, user: SessionUser): Promise<boolean> {
    if (user.role === 'admin' || row.user_id === user.id) return true;
    if (!row.company_id) return false;
    const membership = await companies.membershipOf(user.id);
    return membership?.companyId === row.company_id && membership.role === 'admin';
  }

  async function readable(id: string, user: SessionUser) {
    const found = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!found || !(await sees(found.row, user))) throw notFound('Return');
    return found;
  }

  async function view(found: { row: ReturnRow; lines: ReturnLineRow[] }): Promise<Return> {
    const [note] = await repo.creditNotesOf([found.row.id]);
    return toReturn(found.row, found.lines, note);
  }

  return {
    toReturn,

    /** `GET /api/returns`: shop admins every return; a company's admin its company's (and their own); a buyer their own. */
    async list(query: ReturnListQuery, user: SessionUser): Promise<{ items: Return[]; total: number }> {
      let filter: { userId?: string; companyId?: string } = {};
      if (user.role !== 'admin') {
        const membership = await companies.membershipOf(user.id);
        filter = membership?.role === 'admin' ? { userId: user.id, companyId: membership.companyId } : { userId: user.id };
      }
      const { rows, lines, total } = await repo.list({ ...filter, status: query.status, orderId: query.order }, query.page, query.limit);
      const notes = new Map((await repo.creditNotesOf(rows.map((r) => r.id))).map((n) => [n.return_id, n]));
      return { items: rows.map((r) => toReturn(r, lines, notes.get(r.id))), total };
    },

    /** Issue 33's inbox: the approved returns, whose parts are on their way to be received. */
    countToReceive: () => repo.countWith('approved'),

    /** `GET /api/returns/:id`. */
    get: async (id: string, user: SessionUser): Promise<Return> => view(await readable(id, user)),

    /** The return as stored, for a flow to start from (undefined: none). */
    find: (id: string) => (isObjectId(id) ? repo.findById(id) : Promise.resolve(undefined)),
    view,

    /** A return's credit note: its id and total in cents (undefined: none issued). */
    async creditNoteCents(returnId: string): Promise<{ id: string; totalCents: number } | undefined> {
      const [note] = await repo.creditNotesOf([returnId]);
      return note && { id: note.id, totalCents: Number(note.total_cents) };
    },

    /** `GET /api/credit-notes/:id/pdf`: for whoever sees its return. */
    async creditNotePdf(id: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const note = isObjectId(id) ? await repo.creditNoteById(id) : undefined;
      const ret = note && (await repo.findById(note.return_id));
      if (!note || !ret || !(await sees(ret.row, user))) throw notFound('Credit note');
      // Issue 30: the company billed (its name and VAT number), as on the invoice the note credits.
      const [order, sellerLines, party] = await Promise.all([
        orderOf(note.order_id),
        seller(),
        ret.row.company_id ? companies.invoiceParty(ret.row.company_id) : null,
      ]);
      const pdf = await renderer.renderPrinted(
        creditNoteDocument({
          number: Number(note.number),
          rmaNumber: Number(ret.row.rma_number),
          orderNumber: formatOrderNumber(Number(ret.row.order_number)),
          invoiceNumber: order?.invoiceNumber ?? null,
          createdAt: note.created_at,
          lines: JSON.parse(note.lines) as CreditNoteLine[],
          netCents: Number(note.net_cents),
          taxCents: Number(note.tax_cents),
          shippingCents: Number(note.shipping_cents),
          totalCents: Number(note.total_cents),
          method: note.method,
          billTo: { email: ret.row.user_email, company: party?.name ?? order?.shippingAddress?.company ?? null, address: order?.shippingAddress ?? null },
          seller: sellerLines,
          buyerTaxId: party?.taxId ?? null,
        }),
      );
      return { filename: creditNoteFilename(Number(note.number)), pdf };
    },

    /** In the request flow's unit: the return and its lines, numbered. */
    async insertIn(uow: UnitOfWork, r: NewReturn): Promise<Return> {
      const id = newId();
      const row: Omit<ReturnRow, 'rma_number'> = {
        id,
        order_id: r.order.id,
        order_number: r.order.orderNumber,
        user_id: r.order.userId,
        user_email: r.order.userEmail,
        company_id: r.order.companyId,
        status: 'requested',
        note: r.note,
        rejection_reason: null,
        requested_by: r.requestedBy,
        decided_by: null,
        refund_reference: null,
        refund_error: null,
        created_at: r.at,
        updated_at: r.at,
      };
      const lines: ReturnLineRow[] = r.lines.map((l, i) => ({
        return_id: id,
        line_no: i + 1,
        order_line_no: l.orderLineNo,
        product_id: l.productId,
        sku: l.sku,
        product_name: l.name,
        quantity: l.quantity,
        reason: l.reason,
        received: null,
        damaged: null,
        warehouse_id: null,
      }));
      const number = await repo.insertIn(uow.trx, row, lines);
      return toReturn({ ...row, rma_number: number }, lines, undefined);
    },

    /** Moves a return in its unit only if it is still `from`; whether it did. */
    moveIn: (uow: UnitOfWork, id: string, from: ReturnStatus, to: ReturnStatus, set: Partial<ReturnRow>) => repo.moveIn(uow.trx, id, from, to, set),
    setReceivedIn: (uow: UnitOfWork, id: string, lines: Parameters<ReturnsRepository['setReceivedIn']>[2]) => repo.setReceivedIn(uow.trx, id, lines),
    setRefundErrorIn: (uow: UnitOfWork, id: string, error: string | null, now: string) => repo.setRefundErrorIn(uow.trx, id, error, now),

    shippingCreditedIn: (uow: UnitOfWork, orderId: string) => repo.shippingCreditedIn(uow.trx, orderId),

    /** The return as the unit sees it, as the API answers it. */
    async readIn(uow: UnitOfWork, id: string): Promise<Return> {
      const found = (await repo.findById(id, uow.trx))!;
      const [note] = await repo.creditNotesOf([id], uow.trx);
      return toReturn(found.row, found.lines, note);
    },

    /** In the receipt's unit: the credit note, its totals from its lines (the net and the tax each summed once). */
    async creditNoteIn(uow: UnitOfWork, n: NewCreditNote, ret: Pick<Return, 'rmaNumber' | 'orderNumber'>): Promise<CreditNoteFacts> {
      const netCents = n.lines.reduce((s, l) => s + l.netCents, 0);
      const taxCents = n.lines.reduce((s, l) => s + l.taxCents, 0);
      const totalCents = netCents + taxCents + n.shippingCents;
      const row: CreditNoteRow = {
        id: newId(),
        number: n.number,
        return_id: n.returnId,
        order_id: n.orderId,
        net_cents: netCents,
        tax_cents: taxCents,
        shipping_cents: n.shippingCents,
        total_cents: totalCents,
        lines: JSON.stringify(n.lines),
        method: n.method,
        created_at: n.at,
      };
      await repo.insertCreditNoteIn(uow.trx, row);
      return {
        _id: row.id,
        number: formatCreditNoteNumber(n.number),
        returnId: n.returnId,
        rmaNumber: ret.rmaNumber,
        orderId: n.orderId,
        orderNumber: ret.orderNumber,
        lines: n.lines.map((l) => ({
          sku: l.sku,
          name: l.name,
          quantity: l.pieces,
          unitPrice: e4ToDollars(l.unitPriceE4),
          amount: centsToDollars(l.netCents),
          tax: centsToDollars(l.taxCents),
        })),
        subtotal: centsToDollars(netCents),
        tax: centsToDollars(taxCents),
        shipping: centsToDollars(n.shippingCents),
        total: centsToDollars(totalCents),
        method: n.method,
        createdAt: n.at,
      };
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
