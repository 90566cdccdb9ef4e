import {
  RETURN_MESSAGES,
  RETURNABLE_ORDER_STATUSES,
  WAREHOUSE_MESSAGES,
  creditForLine,
  type ErrorLine,
  type Return,
  type ReturnReceive,
  type ReturnRequest,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Units } from '../db/unit-of-work.js';
import { AppError, notFound } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { SessionUser } from '../lib/session-user.js';
import type { CompanyDirectory } from '../modules/companies/company-directory.js';
import type { OrderReturnSteps } from '../modules/orders/order-returns.js';
import type { OrderLineRow, OrderRow } from '../modules/orders/orders.repository.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { StockService } from '../modules/products/stock.service.js';
import type { CreditNoteLine } from '../modules/returns/credit-note.js';
import type { ReturnsService } from '../modules/returns/returns.service.js';
import type { WarehousesService } from '../modules/warehouses/warehouses.service.js';
import { lineTaxOf } from '../modules/orders/order-view.js';
import type { AllocateBackordersIn } from './allocate-backorders.js';

/**
 * The tax charged on an invoiced line, as the invoice printed it (issue 30: each order line keeps
 * its tax as decided; lines placed before tax have none). A credit note reverses exactly this
 * amount, pro rata per piece with cumulative rounding (shared `creditForLine`).
 */
export function invoicedLineTaxCents(line: OrderLineRow): number {
  return lineTaxOf(line.tax)?.amountCents ?? 0;
}

/** The shipping an order was charged (issue 30: `orders.shipping_cents`, 0 before it), credited when asked. */
export function invoicedShippingCents(order: OrderRow): number {
  return Number(order.shipping_cents ?? 0);
}

export interface ReturnFlowsDeps {
  units: Units;
  orders: OrderReturnSteps;
  returns: Pick<
    ReturnsService,
    'insertIn' | 'moveIn' | 'setReceivedIn' | 'setRefundErrorIn' | 'readIn' | 'creditNoteIn' | 'shippingCreditedIn' | 'find' | 'view' | 'creditNoteCents'
  >;
  products: Pick<ProductsService, 'lockIn'>;
  stock: Pick<StockService, 'receiveIn'>;
  warehouses: Pick<WarehousesService, 'refs'>;
  allocateBackordersIn: AllocateBackordersIn;
  companies: Pick<CompanyDirectory, 'membershipOf'>;
  /** When the order's pieces last arrived (the shipments module). */
  lastActivity: (orderId: string) => Promise<string | null>;
  payments: {
    /** The next credit note number inside the receipt's unit (the payments module's gap-free sequence). */
    nextCreditNoteNumberIn: (trx: Transaction<DB>) => Promise<number>;
    /** A credit note's amount back through the provider (card) or by hand (a bank transfer). */
    refundPart: (orderId: string, amountCents: number, key: string) => Promise<{ method: 'card' | 'bank_transfer'; reference: string | null }>;
  };
  /** Who decides on returns (the shop's admins), mailed when one is asked for. */
  adminEmails: () => Promise<readonly string[]>;
  windowDays: number;
}

const DAY_MS = 86_400_000;

/**
 * Returns and credit notes (issue 31), each step one unit of work:
 * - request: the order's shipped pieces reserved per line (never more than shipped less returned),
 *   the return numbered, `return.requested` (mails, webhook);
 * - approve / reject: a conditional move (a rejection gives the pieces back to the lines);
 * - receive: the products locked first (ADR 0032), what arrived recorded, good pieces back on the
 *   shelves of their warehouse and on sale (backorders first), pieces that never came given back,
 *   the credit note (the lines at their invoiced prices, the tax reversed as charged) numbered
 *   and credited on the order; an unpaid order on account is credited at once (refunded), a card
 *   is refunded through the provider right after the commit (a refusal is kept and can be sent
 *   again), a bank transfer is paid back by hand.
 */
export function createReturnFlows(deps: ReturnFlowsDeps) {
  const { units, orders, returns, products, stock, warehouses, allocateBackordersIn, companies, lastActivity, payments, adminEmails, windowDays } = deps;

  /** 404 unless the return exists; 409 unless it is `status` now. */
  async function returnIn(id: string, status: Return['status']) {
    const found = await returns.find(id);
    if (!found) throw notFound('Return');
    if (found.row.status !== status) throw new AppError('INVALID_TRANSITION', RETURN_MESSAGES.moved(found.row.status));
    return found;
  }

  /** The card refund of a received return, after its unit: refunded, or the provider's refusal kept for a retry. */
  async function refundCard(ret: Return, orderId: string, totalCents: number, noteId: string): Promise<Return> {
    try {
      const { reference } = await payments.refundPart(orderId, totalCents, noteId);
      return await units.run(async (uow) => {
        const now = nowIso();
        if (await returns.moveIn(uow, ret._id, 'received', 'refunded', { refund_reference: reference ?? 'refunded', refund_error: null, updated_at: now })) {
          const done = await returns.readIn(uow, ret._id);
          await uow.record('return.moved', { ret: done, to: 'refunded' });
          return done;
        }
        return returns.readIn(uow, ret._id);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return units.run(async (uow) => {
        await returns.setRefundErrorIn(uow, ret._id, `The refund could not be made: ${message.slice(0, 200)}`, nowIso());
        return returns.readIn(uow, ret._id);
      });
    }
  }

  return {
    /** `POST /api/purchase/:id/returns`: the buyer, or an admin of the order's company. */
    async request(orderId: string, input: ReturnRequest, user: SessionUser): Promise<Return> {
      const found = await orders.forReturn(orderId);
      if (!found) throw notFound('Order');
      const { row, lines } = found;
      if (row.user_id !== user.id) {
        const membership = row.company_id ? await companies.membershipOf(user.id) : null;
        // Anyone else is told the order does not exist; a member who may see it but not return it, why.
        if (membership?.companyId !== row.company_id) throw notFound('Order');
        if (membership.role !== 'admin') throw new AppError('FORBIDDEN', RETURN_MESSAGES.notAllowed);
      }
      if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(row.status))
        throw new AppError('INVALID_TRANSITION', RETURN_MESSAGES.notReturnable(row.status));
      const last = await lastActivity(orderId);
      if (!last || Date.now() > Date.parse(last) + windowDays * DAY_MS) throw new AppError('CONFLICT', RETURN_MESSAGES.windowClosed(windowDays));
      const unknown: ErrorLine[] = [];
      const short: ErrorLine[] = [];
      const planned = input.lines.flatMap((l, index) => {
        const line = lines.find((o) => o.product_id === l.productId);
        if (!line) {
          unknown.push({ index, productId: l.productId, sku: '', message: RETURN_MESSAGES.notInOrder });
          return [];
        }
        const left = Number(line.shipped_quantity) - Number(line.returned_quantity);
        if (l.quantity > left) {
          short.push({ index, productId: l.productId, sku: line.sku, message: RETURN_MESSAGES.tooMany(line.sku, Math.max(0, left)) });
          return [];
        }
        return [{ line, quantity: l.quantity, reason: l.reason }];
      });
      if (unknown.length) throw new AppError('VALIDATION_FAILED', unknown[0]!.message, undefined, unknown);
      if (short.length) throw new AppError('CONFLICT', short[0]!.message, undefined, short);
      const admins = await adminEmails();
      const at = nowIso();
      return units.run(async (uow) => {
        const reserved = await orders.reserveIn(
          uow,
          orderId,
          planned.map((p) => ({ lineNo: Number(p.line.line_no), pieces: p.quantity })),
        );
        if (!reserved) throw new AppError('CONFLICT', 'The order changed meanwhile (another return); nothing was asked, look at it again');
        const ret = await returns.insertIn(uow, {
          order: { id: row.id, orderNumber: Number(row.order_number), userId: row.user_id, userEmail: row.user_email, companyId: row.company_id },
          requestedBy: user.id,
          note: input.note ?? null,
          at,
          lines: planned.map((p) => ({
            orderLineNo: Number(p.line.line_no),
            productId: p.line.product_id,
            sku: p.line.sku,
            name: p.line.product_name,
            quantity: p.quantity,
            reason: p.reason,
          })),
        });
        await uow.record('return.requested', { ret, adminEmails: admins });
        return ret;
      });
    },

    /** `POST /api/returns/:id/approve` (shop admins). */
    async approve(id: string, user: SessionUser): Promise<Return> {
      await returnIn(id, 'requested');
      return units.run(async (uow) => {
        if (!(await returns.moveIn(uow, id, 'requested', 'approved', { decided_by: user.id, updated_at: nowIso() }))) {
          throw new AppError('INVALID_TRANSITION', 'The return changed meanwhile; look at it again');
        }
        const ret = await returns.readIn(uow, id);
        await uow.record('return.moved', { ret, to: 'approved' });
        return ret;
      });
    },

    /** `POST /api/returns/:id/reject` (shop admins): its pieces may be returned again later. */
    async reject(id: string, reason: string, user: SessionUser): Promise<Return> {
      const found = await returnIn(id, 'requested');
      return units.run(async (uow) => {
        const moved = await returns.moveIn(uow, id, 'requested', 'rejected', { decided_by: user.id, rejection_reason: reason, updated_at: nowIso() });
        if (!moved) throw new AppError('INVALID_TRANSITION', 'The return changed meanwhile; look at it again');
        await orders.releaseIn(
          uow,
          found.row.order_id,
          found.lines.map((l) => ({ lineNo: Number(l.order_line_no), pieces: Number(l.quantity) })),
        );
        const ret = await returns.readIn(uow, id);
        await uow.record('return.moved', { ret, to: 'rejected' });
        return ret;
      });
    },

    /** `POST /api/returns/:id/receive` (shop admins): what arrived, back into stock, and its credit note. */
    async receive(id: string, input: ReturnReceive): Promise<Return> {
      const found = await returnIn(id, 'approved');
      const order = await orders.forReturn(found.row.order_id);
      if (!order) throw notFound('Return');
      const refs = await warehouses.refs();
      const errors: ErrorLine[] = [];
      const arrived = found.lines.map((l) => {
        const given = input.lines.find((i) => i.productId === l.product_id);
        const received = given?.received ?? 0;
        const damaged = given?.damaged ?? 0;
        if (received > Number(l.quantity))
          errors.push({ productId: l.product_id, sku: l.sku, message: RETURN_MESSAGES.receivedTooMany(l.sku, Number(l.quantity)) });
        const code = given?.warehouse?.toUpperCase();
        const warehouse = code ? refs.find((w) => w.code === code) : refs.find((w) => w.isDefault);
        if (!warehouse) errors.push({ productId: l.product_id, sku: l.sku, message: WAREHOUSE_MESSAGES.unknown });
        return { line: l, received, damaged, warehouseId: warehouse && !warehouse.isDefault ? warehouse.id : null, warehouseRef: warehouse?.id ?? null };
      });
      for (const [index, i] of input.lines.entries()) {
        if (!found.lines.some((l) => l.product_id === i.productId))
          errors.push({ index, productId: i.productId, sku: '', message: RETURN_MESSAGES.notInOrder });
      }
      if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, undefined, errors);
      const orderRow = order.row;
      const unpaidAccount = orderRow.payment_method === 'account' && orderRow.paid_at === null;
      const at = nowIso();
      const result = await units.run(async (uow) => {
        // ADR 0032: the products first, then the return and the order's lines.
        await products.lockIn(
          uow,
          found.lines.map((l) => l.product_id),
        );
        if (!(await returns.moveIn(uow, id, 'approved', 'received', { updated_at: at }))) {
          throw new AppError('INVALID_TRANSITION', 'The return changed meanwhile; look at it again');
        }
        await returns.setReceivedIn(
          uow,
          id,
          arrived.map((a) => ({ lineNo: Number(a.line.line_no), received: a.received, damaged: a.damaged, warehouseId: a.warehouseRef })),
        );
        // Pieces that never came may be returned again.
        await orders.releaseIn(
          uow,
          orderRow.id,
          arrived.map((a) => ({ lineNo: Number(a.line.order_line_no), pieces: Number(a.line.quantity) - a.received })),
        );
        const restocked = await stock.receiveIn(
          uow,
          arrived.map((a) => ({ productId: a.line.product_id, warehouseId: a.warehouseId, pieces: a.received - a.damaged })),
        );
        await allocateBackordersIn(uow, restocked);
        // The credit note: the pieces received at their invoiced prices, the tax reversed as charged.
        const lines = await orders.linesIn(uow, orderRow.id);
        const credited: (CreditNoteLine & { lineNo: number })[] = arrived
          .filter((a) => a.received > 0)
          .map((a) => {
            const line = lines.find((l) => Number(l.line_no) === Number(a.line.order_line_no))!;
            const credit = creditForLine(
              {
                quantity: Number(line.quantity),
                lineTotalCents: Number(line.line_total_cents),
                taxCents: invoicedLineTaxCents(line),
                creditedBefore: Number(line.credited_quantity),
              },
              a.received,
            );
            return {
              lineNo: Number(line.line_no),
              sku: line.sku,
              name: line.product_name,
              pieces: a.received,
              unitPriceE4: Number(line.unit_price_e4),
              ...credit,
            };
          });
        const shippingCents = input.refundShipping ? invoicedShippingCents(orderRow) : 0;
        const totalCents = credited.reduce((n, l) => n + l.netCents + l.taxCents, 0) + shippingCents;
        let note: { id: string; totalCents: number } | null = null;
        const method = unpaidAccount ? 'account' : orderRow.payment_provider === 'bank_transfer' ? 'bank_transfer' : 'card';
        if (credited.length) {
          const number = await payments.nextCreditNoteNumberIn(uow.trx);
          const ret = await returns.readIn(uow, id);
          const facts = await returns.creditNoteIn(uow, { number, returnId: id, orderId: orderRow.id, lines: credited, shippingCents, method, at }, ret);
          const fits = await orders.creditIn(
            uow,
            orderRow.id,
            credited.map((c) => ({ lineNo: c.lineNo, pieces: c.pieces })),
            totalCents,
          );
          if (!fits) throw new AppError('CONFLICT', 'This credit would give back more than the order cost');
          // The order's row is this unit's since the update above (PostgreSQL holds it to commit; SQLite
          // has one writer), so a second return asking for the shipping reads the first's note here.
          if (shippingCents > 0 && (await returns.shippingCreditedIn(uow, orderRow.id)) > shippingCents)
            throw new AppError('CONFLICT', RETURN_MESSAGES.shippingCreditedAlready, { refundShipping: RETURN_MESSAGES.shippingCreditedAlready });
          note = { id: facts._id, totalCents };
          await uow.record('credit_note.created', { creditNote: facts, ret: await returns.readIn(uow, id) });
        }
        // Nothing to refund, an unpaid invoice credited, or a bank transfer to pay back by hand: refunded now.
        const settled = !note || method !== 'card';
        if (settled) {
          const reference = !note ? 'nothing received' : method === 'account' ? 'credited to the account' : 'to be paid back by bank transfer';
          await returns.moveIn(uow, id, 'received', 'refunded', { refund_reference: reference, updated_at: at });
        }
        const ret = await returns.readIn(uow, id);
        await uow.record('return.received', { ret });
        if (settled) await uow.record('return.moved', { ret, to: 'refunded' });
        return { ret, note, card: !settled };
      });
      if (result.card && result.note) return refundCard(result.ret, orderRow.id, result.note.totalCents, result.note.id);
      return result.ret;
    },

    /** `POST /api/returns/:id/refund` (shop admins): a card refund the provider refused, sent again. */
    async refund(id: string): Promise<Return> {
      const found = await returnIn(id, 'received');
      const [ret, note] = await Promise.all([returns.view(found), returns.creditNoteCents(id)]);
      if (!note) throw new AppError('INVALID_TRANSITION', 'This return has no credit note to refund');
      return refundCard(ret, found.row.order_id, note.totalCents, note.id);
    },
  };
}

export type ReturnFlows = ReturnType<typeof createReturnFlows>;
