import { APPROVING_ROLES, COMPANY_MESSAGES, dueDateFor, type Order, type OrderListQuery, type OrderStatus } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompanyDirectory, Membership } from '../companies/company-directory.js';
import { UNPAID_ACCOUNT_STATUSES, type CompanyOrdersRepository } from './company-orders.repository.js';
import type { MoveOrder } from './order-moves.js';
import type { OrderListFilter, OrderRow, OrdersRepository } from './orders.repository.js';
import type { OrderHooks, OrderRules } from './order-types.js';

/** Whether the membership approves (and sees) the orders of this company. */
export const approvesFor = (membership: Membership | null, companyId: string | null): boolean =>
  companyId !== null && membership?.companyId === companyId && APPROVING_ROLES.includes(membership.role);

/**
 * The filter of the company lists (issue 18), or undefined for any other list: `?company=true`, the
 * member's company's orders (company admins and approvers see every one, buyers their own);
 * `?overdue=true`, shop admins' invoices past their due date.
 */
export async function companyListFilter(
  query: OrderListQuery,
  user: SessionUser,
  companies: Pick<CompanyDirectory, 'membershipOf'>,
): Promise<Omit<OrderListFilter, 'offset' | 'limit'> | undefined> {
  if (query.company === 'true') {
    const membership = await companies.membershipOf(user.id);
    if (!membership) throw notFound('Company');
    const mine = APPROVING_ROLES.includes(membership.role) ? {} : { userId: user.id };
    return { companyId: membership.companyId, ...mine, status: query.status, q: query.q };
  }
  if (query.overdue === 'true') {
    if (user.role !== 'admin') throw forbidden('Only admins can list overdue invoices');
    return { overdueAt: nowIso(), q: query.q, ...(query.order !== undefined ? { userEmail: query.order } : {}) };
  }
  return undefined;
}

export interface OrderApprovalsDeps {
  repo: OrdersRepository;
  companyOrders: CompanyOrdersRepository;
  companies: CompanyDirectory;
  rules: OrderRules;
  hooks: Pick<OrderHooks, 'invoiceNumberIn'>;
  /** The move-order flow (flows/move-order.ts): stock back when rejected, the timeline step, 409 on a lost race, the buyer told. */
  commitMove: MoveOrder;
}

/**
 * Issue 18's side of orders: an order over a buyer's spending limit waits for its company's approval
 * (approve, reject; the 14-day auto-reject is a sweep, order-sweeps.ts), an account order is paid on
 * terms (invoiced, the bank transfer recorded by mark-paid), and the credit the company's open account
 * orders hold. Spread into the orders service's API.
 */
export function createOrderApprovals({ repo, companyOrders, companies, rules, hooks, commitMove }: OrderApprovalsDeps) {
  /**
   * An order the user may approve or reject: an approver or company admin of the order's company,
   * never its buyer (403: they see it, so they are told why); anyone else 404 as if it did not exist.
   */
  async function decidableOrder(id: string, user: SessionUser): Promise<{ row: OrderRow; decider: Membership }> {
    const row = await repo.findById(id);
    if (!row?.company_id) throw notFound('Order');
    const membership = await companies.membershipOf(user.id);
    if (membership?.companyId !== row.company_id) throw notFound('Order');
    if (row.user_id === user.id) throw forbidden(COMPANY_MESSAGES.ownOrder);
    if (!approvesFor(membership, row.company_id)) throw notFound('Order');
    if (row.status !== 'awaiting_approval') throw new AppError('INVALID_TRANSITION', `An order that is ${row.status} does not wait for approval`);
    return { row, decider: membership! };
  }

  return {
    /** Issue 18: whether the user is an approver or company admin of this company (they see its orders and invoices). */
    async seesCompanyOrders(userId: string, companyId: string): Promise<boolean> {
      return approvesFor(await companies.membershipOf(userId), companyId);
    },

    /** Issue 18: what the company's open account orders hold of its credit (the companies service shows it as `creditUsed`). */
    creditUsedCents: (companyId: string) => companyOrders.creditUsedCents(companyId),

    /**
     * `POST /api/purchase/:id/approve`: a card order becomes `pending` (payable, with a fresh
     * payment deadline); an account order `invoiced`, due on the company's terms, with its invoice
     * number taken in the same transaction. The buyer is mailed.
     */
    async approve(id: string, user: SessionUser): Promise<Order> {
      const { row, decider } = await decidableOrder(id, user);
      const terms = decider.paymentTerms;
      const now = nowIso();
      const to: OrderStatus = row.payment_method === 'account' ? 'invoiced' : 'pending';
      if (to === 'invoiced' && !terms) throw new AppError('CONFLICT', COMPANY_MESSAGES.noTerms);
      const changes = async (trx: Transaction<DB>): Promise<Partial<OrderRow>> =>
        to === 'invoiced'
          ? {
              decided_by: user.id,
              updated_at: now,
              due_date: dueDateFor(now, terms!),
              ...(hooks.invoiceNumberIn ? { invoice_number: await hooks.invoiceNumberIn(trx) } : {}),
            }
          : { decided_by: user.id, updated_at: now, expires_at: new Date(Date.parse(now) + rules.unpaidTtlSeconds * 1000).toISOString() };
      return commitMove(id, 'awaiting_approval', to, changes, user.id);
    },

    /** `POST /api/purchase/:id/reject`: the order is `rejected`, its stock returned, the buyer mailed. */
    async reject(id: string, reason: string, user: SessionUser): Promise<Order> {
      await decidableOrder(id, user);
      return commitMove(id, 'awaiting_approval', 'rejected', { decided_by: user.id, rejection_reason: reason, updated_at: nowIso() }, user.id);
    },

    /**
     * `POST /api/purchase/:id/mark-paid` (shop admins): the bank transfer of an order on account
     * arrived. Issue 31: an invoiced order becomes `paid`; one that has shipped (or partly) keeps
     * where it stands and is paid (`paidAt`, the `paid` step, mail and webhook).
     */
    async markPaid(id: string, reference: string, user: SessionUser): Promise<Order> {
      const row = await repo.findById(id);
      if (!row) throw notFound('Order');
      const status = row.status as OrderStatus;
      if (row.payment_method !== 'account' || row.paid_at !== null || !UNPAID_ACCOUNT_STATUSES.includes(status)) {
        throw new AppError(
          row.paid_at ? 'ALREADY_PAID' : 'INVALID_TRANSITION',
          row.paid_at ? 'This order is already paid' : `An order that is ${status.replace('_', ' ')} is not invoiced`,
        );
      }
      const now = nowIso();
      const paid = { paid_at: now, updated_at: now, payment_provider: 'bank_transfer', payment_reference: reference };
      return status === 'invoiced' ? commitMove(id, 'invoiced', 'paid', paid, user.id) : commitMove(id, status, status, paid, user.id, 'paid');
    },
  };
}
