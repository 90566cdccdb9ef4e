import type { CompanyRole, Order, OrderStatus, Quote, Return, Shipment } from '@bulkparts/shared';

/** A product a stock take left below its low-stock threshold (issue 19's `product.low_stock`). */
export interface LowStockProduct {
  _id: string;
  sku: string;
  name: string;
  availableQuantity: number;
  /** The threshold that applied: the product's own, else the shop-wide one. */
  threshold: number;
}

/**
 * What a unit of work records (`uow.record`, db/unit-of-work.ts): the facts of a committed change,
 * named by the module that made it. Subscribers (mail, webhooks, metrics; wired once in
 * services.ts) write what they derive from a fact (an outbox row) in the same unit, so a mail or
 * a webhook exists exactly when its change does, and the module that made the change knows none
 * of them (issue 29).
 */
export interface DomainEvents {
  /** A new order, whichever way it was placed; `approverEmails`: who approves one that waits for approval. */
  'order.placed': { order: Order; approverEmails: readonly string[] };
  /**
   * An order's status changed (approved, paid, shipped, delivered, cancelled, refunded, rejected).
   * `order` reads the moved order inside the unit, once, and only when a subscriber asks for it.
   */
  'order.moved': { to: OrderStatus; order: () => Promise<Order> };
  /** Orders the server moved on its own: unpaid past their deadline, or left waiting for approval. */
  'order.swept': { to: 'expired' | 'rejected'; orders: readonly Order[] };
  /** An invoice on account past its due date, reminded once; `adminEmails`: the company's admins. */
  'order.overdue': { order: Order; adminEmails: readonly string[] };
  /**
   * Issue 31: pieces of an order left in a shipment; `completes` when every piece has now shipped.
   * `order` reads the order as the shipment left it, inside the unit, once.
   */
  'shipment.created': { shipment: Shipment; order: () => Promise<Order>; completes: boolean };
  /**
   * Issue 31: stock arrived for backordered lines (first come, first served): per order, each
   * line's pieces now in stock, what still waits and by when (the buyers' mails).
   */
  'backorder.allocated': {
    orders: readonly {
      order: Order;
      lines: readonly { sku: string; name: string; allocated: number; stillBackordered: number; promisedDispatch: string | null }[];
      dispatchBy: string;
    }[];
  };
  /** Issue 31: a buyer asked to return lines; `adminEmails`: the shop's admins, who decide. */
  'return.requested': { ret: Return; adminEmails: readonly string[] };
  /** Issue 31: a shop admin approved or rejected a return, or its refund went through. */
  'return.moved': { ret: Return; to: 'approved' | 'rejected' | 'refunded' };
  /** Issue 31: the returned parts arrived; the credit note issued for them. */
  'return.received': { ret: Return };
  'credit_note.created': { creditNote: CreditNoteFacts; ret: Return };
  'quote.requested': { quote: Quote; adminEmails: readonly string[] };
  'quote.answered': { quote: Quote };
  'invitation.created': { to: string; role: CompanyRole; expiresAt: string; token: string; companyName: string; invitedBy: string };
  'product.low_stock': { products: readonly LowStockProduct[] };
}

export type DomainEventName = keyof DomainEvents;

/** Issue 31: a credit note as webhooks carry it (amounts in dollars, as the API's). */
export interface CreditNoteFacts {
  _id: string;
  number: string;
  returnId: string;
  rmaNumber: string;
  orderId: string;
  orderNumber: string;
  lines: { sku: string; name: string; quantity: number; unitPrice: number; amount: number; tax: number }[];
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  /** 'card' (refunded through the payment provider), 'account' (credited to the unpaid invoice), 'bank_transfer' (paid back by hand). */
  method: string;
  createdAt: string;
}
