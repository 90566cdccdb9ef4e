import { formatCents, formatOrderNumber, formatQuantity, shippingAddressLines, type ShippingAddress } from '@bulkparts/shared';
import type { PayableOrder as OrderRow } from './payable-orders.js';

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
  unit_price_cents: number;
  line_total_cents: number;
}

export interface InvoiceBuyerInput {
  name: string | null;
  address: string | null;
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
): InvoiceContent {
  const items = (
    lines.length
      ? lines
      : [{ sku: '', product_name: order.product_name, quantity: order.quantity, unit_price_cents: order.unit_price_cents, line_total_cents: order.total_cents }]
  ).map((l) => ({
    item: l.sku ? `${l.sku} · ${l.product_name}` : l.product_name,
    quantity: formatQuantity(Number(l.quantity)),
    unitPrice: formatCents(Number(l.unit_price_cents)),
    amount: formatCents(Number(l.line_total_cents)),
  }));
  const total = formatCents(Number(order.total_cents));
  const card = [order.card_brand, order.card_last4 ? `•••• ${order.card_last4}` : null].filter(Boolean).join(' ');
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
