import { formatCents, formatOrderNumber, formatQuantity, formatUnitPrice, shippingAddressLines, type ShippingAddress } from '@bulkparts/shared';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';

/** An order as the invoice reads it (payable-orders.ts names the same row `PayableOrder`; imported both ways it made a cycle). */
type OrderRow = Selectable<OrdersTable>;

/** The seller block printed on every invoice. */
export const SELLER = {
  name: 'bulkparts Ltd.',
  lines: ['12 Foundry Lane', 'Manchester M1 2AB, United Kingdom', 'billing@bulkparts.example'],
};

export const invoiceLabel = (invoiceNumber: number) => `INV-${String(invoiceNumber).padStart(6, '0')}`;

/** One line as the invoice needs it (the orders module's line snapshot, integer cents). */
export interface InvoiceLineInput {
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_e4: number;
  line_total_cents: number;
}

export interface InvoiceBuyerInput {
  name: string | null;
  address: string | null;
}

/**
 * An order paid on account (issue 18): the company billed (name, tax id, billing address as
 * text) and how to pay it (BANK_TRANSFER_DETAILS). The due date and PO number come from the order.
 */
export interface InvoiceAccountInput {
  company: { name: string; taxId: string | null; address: string | null } | null;
  bankTransfer: string;
}

/** Everything an invoice says, as text, before any layout: what `invoice-pdf.ts` draws and what tests read. */
export interface InvoiceContent {
  title: string;
  meta: string[];
  seller: string[];
  billTo: string[];
  shipTo: string[];
  items: { item: string; quantity: string; unitPrice: string; amount: string }[];
  totals: { subtotal: string; tax: string; total: string };
  payment: string[];
}

/** The order's shipping address (JSON text on the order), or null for orders placed without one. */
export function shippingAddressOf(order: Pick<OrderRow, 'shipping_address'>): ShippingAddress | null {
  if (!order.shipping_address) return null;
  try {
    return JSON.parse(order.shipping_address) as ShippingAddress;
  } catch {
    return null;
  }
}

/**
 * The text of a paid order's invoice: every line (SKU, name, pieces, unit price, amount), the
 * buyer's PO number and the shipping address. An order without lines (none exist since migration
 * 20261126000000, but a hand-made row might) shows its top-level product as its one line.
 */
export function invoiceContent(
  order: OrderRow,
  buyer: InvoiceBuyerInput,
  lines: readonly InvoiceLineInput[] = [],
  shipTo: ShippingAddress | null = null,
  account: InvoiceAccountInput | null = null,
): InvoiceContent {
  const items = (
    lines.length
      ? lines
      : [{ sku: '', product_name: order.product_name, quantity: order.quantity, unit_price_e4: order.unit_price_e4, line_total_cents: order.total_cents }]
  ).map((l) => ({
    item: l.sku ? `${l.sku} · ${l.product_name}` : l.product_name,
    quantity: formatQuantity(Number(l.quantity)),
    unitPrice: formatUnitPrice(Number(l.unit_price_e4)),
    amount: formatCents(Number(l.line_total_cents)),
  }));
  const total = formatCents(Number(order.total_cents));
  const card = [order.card_brand, order.card_last4 ? `•••• ${order.card_last4}` : null].filter(Boolean).join(' ');
  if (order.payment_method === 'account') return accountInvoice(order, buyer, items, total, shipTo, account);
  return {
    title: 'INVOICE',
    meta: [
      `Invoice number: ${invoiceLabel(Number(order.invoice_number))}`,
      `Date: ${(order.paid_at ?? order.created_at).slice(0, 10)}`,
      `Order: ${formatOrderNumber(Number(order.order_number))}`,
      ...(order.po_number ? [`PO number: ${order.po_number}`] : []),
    ],
    seller: [SELLER.name, ...SELLER.lines],
    billTo: [buyer.name, order.user_email, buyer.address].filter((l): l is string => Boolean(l)),
    shipTo: shipTo ? shippingAddressLines(shipTo) : [],
    items,
    // No tax is charged yet; the line is there so the invoice's layout does not change when it is.
    totals: { subtotal: `Subtotal: ${total}`, tax: `Tax: ${formatCents(0)}`, total: `Total paid: ${total}` },
    payment: [`Payment: ${card || order.payment_provider || ''}`, `Payment reference: ${order.payment_reference ?? ''}`],
  };
}

/**
 * The invoice of an order paid on account (issue 18): issued when the order is invoiced, due by its
 * due date, billed to the company (name, tax id, billing address; the buyer as the contact), paid
 * by bank transfer as the shop's BANK_TRANSFER_DETAILS say. Once a shop admin recorded the
 * transfer it reads as paid, with the transfer's reference.
 */
function accountInvoice(
  order: OrderRow,
  buyer: InvoiceBuyerInput,
  items: InvoiceContent['items'],
  total: string,
  shipTo: ShippingAddress | null,
  account: InvoiceAccountInput | null,
): InvoiceContent {
  const company = account?.company ?? null;
  const paid = order.status !== 'invoiced' && order.paid_at !== null;
  const contact = [buyer.name, order.user_email].filter(Boolean).join(', ');
  return {
    title: 'INVOICE',
    meta: [
      `Invoice number: ${invoiceLabel(Number(order.invoice_number))}`,
      `Date: ${order.created_at.slice(0, 10)}`,
      ...(order.due_date ? [`Due date: ${order.due_date.slice(0, 10)}`] : []),
      `Order: ${formatOrderNumber(Number(order.order_number))}`,
      ...(order.po_number ? [`PO number: ${order.po_number}`] : []),
    ],
    seller: [SELLER.name, ...SELLER.lines],
    billTo: company
      ? [company.name, ...(company.taxId ? [`Tax id: ${company.taxId}`] : []), company.address, `Attn: ${contact}`].filter((l): l is string => Boolean(l))
      : [buyer.name, order.user_email, buyer.address].filter((l): l is string => Boolean(l)),
    shipTo: shipTo ? shippingAddressLines(shipTo) : [],
    items,
    totals: { subtotal: `Subtotal: ${total}`, tax: `Tax: ${formatCents(0)}`, total: paid ? `Total paid: ${total}` : `Total due: ${total}` },
    payment: paid
      ? [`Payment: bank transfer, received ${order.paid_at!.slice(0, 10)}`, `Payment reference: ${order.payment_reference ?? ''}`]
      : [
          `Payment: on account, due by ${order.due_date?.slice(0, 10) ?? ''}`,
          ...(account ? [account.bankTransfer] : []),
          `Please quote ${invoiceLabel(Number(order.invoice_number))}${order.po_number ? ` and PO ${order.po_number}` : ''}.`,
        ],
  };
}
