import {
  EXPORT_WORDING,
  exemptionWording,
  formatCents,
  formatOrderNumber,
  formatQuantity,
  formatUnitPrice,
  REVERSE_CHARGE_WORDING,
  sellerDocumentLines,
  shippingAddressLines,
  type LineTax,
  type OrderTotals,
  type Seller,
  type ShippingAddress,
} from '@bulkparts/shared';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';

/**
 * An order as the invoice reads it (payable-orders.ts names the same row `PayableOrder`; imported
 * both ways it made a cycle). Issue 30: the tax and shipping columns (helpers B and C) are read
 * when the row has them; an order placed before them has no shipping and no tax.
 */
type OrderRow = Selectable<OrdersTable> &
  Partial<{ subtotal_cents: number | string | null; shipping_cents: number | string | null; tax_cents: number | string | null; tax_lines: string | null }>;

export const invoiceLabel = (invoiceNumber: number) => `INV-${String(invoiceNumber).padStart(6, '0')}`;

/** One line as the invoice needs it (the orders module's line snapshot, integer cents; `tax`: the line's tax as decided, JSON text or parsed). */
export interface InvoiceLineInput {
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_e4: number;
  line_total_cents: number;
  tax?: string | Partial<LineTax> | null;
}

export interface InvoiceBuyerInput {
  name: string | null;
  address: string | null;
}

/** The buyer's company (issue 30: on every invoice of a company's order): name, VAT number (its `taxId`), billing address as text. */
export interface InvoiceCompanyInput {
  name: string;
  taxId: string | null;
  address: string | null;
}

/**
 * An order paid on account (issue 18): the company billed (name, tax id, billing address as
 * text) and how to pay it (BANK_TRANSFER_DETAILS). The due date and PO number come from the order.
 */
export interface InvoiceAccountInput {
  company: InvoiceCompanyInput | null;
  bankTransfer: string;
}

/** Issue 30: who sells (the seller record) and, for a card order of a company, the company billed. */
export interface InvoiceExtraInput {
  seller?: Omit<Seller, 'updatedAt'> | Seller | null;
  company?: InvoiceCompanyInput | null;
}

/** Everything an invoice says, as text, before any layout: what `invoice-pdf.ts` draws and what tests read. */
export interface InvoiceContent {
  title: string;
  meta: string[];
  seller: string[];
  billTo: string[];
  shipTo: string[];
  items: { item: string; quantity: string; unitPrice: string; tax: string; amount: string }[];
  /** Right-aligned under the table, the last (the total) in bold: subtotal, shipping, tax per rate, total. */
  totals: string[];
  /** The tax wording (reverse charge, export, exemption) the law asks for. */
  taxNotes: string[];
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

/** A rate in basis points as people read it: 1900 → '19%', 550 → '5.5%'. */
export function formatRateBp(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const rest = Math.abs(rateBp % 100);
  return `${whole}${rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}%`;
}

/** A line's tax as stored (JSON text on the line, helper B), or null for a line placed before tax. */
export function lineTaxOf(tax: InvoiceLineInput['tax']): Partial<LineTax> | null {
  if (!tax) return null;
  if (typeof tax !== 'string') return tax;
  try {
    return JSON.parse(tax) as Partial<LineTax>;
  } catch {
    return null;
  }
}

const num = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** The order's charges beyond its lines: shipping and tax per rate (helpers B and C), 0 and none on an order placed before them. */
function chargesOf(order: OrderRow, lines: readonly InvoiceLineInput[]): Omit<OrderTotals, 'totalCents'> {
  const lineSum = lines.reduce((n, l) => n + Number(l.line_total_cents), 0);
  let tax: OrderTotals['tax'] = [];
  if (order.tax_lines) {
    try {
      tax = (JSON.parse(order.tax_lines) as Partial<OrderTotals['tax'][number]>[]).map((t) => ({
        name: String(t.name ?? 'Tax'),
        rateBp: num(t.rateBp),
        baseCents: num(t.baseCents),
        amountCents: num(t.amountCents),
      }));
    } catch {
      tax = [];
    }
  }
  const shippingCents = num(order.shipping_cents);
  const taxTotalCents = order.tax_cents !== undefined && order.tax_cents !== null ? num(order.tax_cents) : tax.reduce((n, t) => n + t.amountCents, 0);
  const subtotalCents =
    order.subtotal_cents !== undefined && order.subtotal_cents !== null ? num(order.subtotal_cents) : lines.length ? lineSum : Number(order.total_cents);
  return { subtotalCents, shippingCents, tax, taxTotalCents };
}

/** The shipping line's label: the method's name when the order has one (helper C's `shipping_method` JSON). */
function shippingLabel(order: OrderRow): string {
  const stored = order.shipping_method;
  if (!stored) return 'Shipping';
  try {
    const name = (JSON.parse(stored) as { name?: unknown }).name;
    return typeof name === 'string' && name ? `Shipping (${name})` : 'Shipping';
  } catch {
    return 'Shipping';
  }
}

/** The rate column of a line: its rate, or what the rule says when no rate applies. */
function taxColumn(t: Partial<LineTax> | null): string {
  if (!t) return '';
  if (t.rule === 'reverse_charge') return 'RC 0%';
  if (t.rule === 'export') return 'Export 0%';
  if (t.rule === 'exempt') return 'Exempt';
  return formatRateBp(num(t.rateBp));
}

/** The wording each rule on the invoice's lines asks for, once each (an exemption names its certificate). */
function taxWording(taxes: readonly (Partial<LineTax> | null)[]): string[] {
  const notes = new Set<string>();
  for (const t of taxes) {
    if (t?.rule === 'reverse_charge') notes.add(REVERSE_CHARGE_WORDING);
    else if (t?.rule === 'export') notes.add(EXPORT_WORDING);
    else if (t?.rule === 'exempt' && t.evidence) notes.add(exemptionWording(t.evidence));
  }
  return [...notes];
}

/** The company lines of the bill-to block: name, VAT number, billing address. */
const companyLines = (c: InvoiceCompanyInput) => [c.name, ...(c.taxId ? [`VAT no.: ${c.taxId}`] : []), c.address].filter((l): l is string => Boolean(l));

/**
 * The text of an order's invoice (issue 30's layout): the seller with its tax and registration
 * numbers; the buyer (its company with address and VAT number); every line (SKU, name, pieces,
 * unit price, tax rate, net amount); subtotal, shipping, tax per rate and total; the tax wording;
 * paid, or due by its date. An order without lines (none exist since migration 20261126000000,
 * but a hand-made row might) shows its top-level product as its one line.
 */
export function invoiceContent(
  order: OrderRow,
  buyer: InvoiceBuyerInput,
  lines: readonly InvoiceLineInput[] = [],
  shipTo: ShippingAddress | null = null,
  account: InvoiceAccountInput | null = null,
  extra: InvoiceExtraInput = {},
): InvoiceContent {
  const shown: readonly InvoiceLineInput[] = lines.length
    ? lines
    : [{ sku: '', product_name: order.product_name, quantity: order.quantity, unit_price_e4: order.unit_price_e4, line_total_cents: order.total_cents }];
  const taxes = shown.map((l) => lineTaxOf(l.tax));
  const items = shown.map((l, i) => ({
    item: l.sku ? `${l.sku} · ${l.product_name}` : l.product_name,
    quantity: formatQuantity(Number(l.quantity)),
    unitPrice: formatUnitPrice(Number(l.unit_price_e4)),
    tax: taxColumn(taxes[i]!),
    amount: formatCents(Number(l.line_total_cents)),
  }));
  const charges = chargesOf(order, lines);
  const onAccount = order.payment_method === 'account';
  const paid = onAccount ? order.status !== 'invoiced' && order.paid_at !== null : true;
  const total = formatCents(Number(order.total_cents));
  const totals = [
    `Subtotal (net): ${formatCents(charges.subtotalCents)}`,
    `${shippingLabel(order)}: ${formatCents(charges.shippingCents)}`,
    // Tax per rate; an order without tax (placed before it, or all lines at no rate) prints no tax line.
    ...charges.tax.map((t) => `${t.name} on ${formatCents(t.baseCents)}: ${formatCents(t.amountCents)}`),
    paid ? `Total paid: ${total}` : `Total due: ${total}`,
  ];
  const company = account?.company ?? extra.company ?? null;
  const contact = [buyer.name, order.user_email].filter(Boolean).join(', ');
  const card = [order.card_brand, order.card_last4 ? `•••• ${order.card_last4}` : null].filter(Boolean).join(' ');
  return {
    title: 'INVOICE',
    meta: [
      `Invoice number: ${invoiceLabel(Number(order.invoice_number))}`,
      `Date: ${(onAccount ? order.created_at : (order.paid_at ?? order.created_at)).slice(0, 10)}`,
      ...(paid ? ['Status: Paid'] : order.due_date ? [`Due date: ${order.due_date.slice(0, 10)}`] : []),
      `Order: ${formatOrderNumber(Number(order.order_number))}`,
      ...(order.po_number ? [`PO number: ${order.po_number}`] : []),
    ],
    seller: extra.seller ? sellerDocumentLines(extra.seller) : [],
    billTo: company ? [...companyLines(company), `Attn: ${contact}`] : [buyer.name, order.user_email, buyer.address].filter((l): l is string => Boolean(l)),
    shipTo: shipTo ? shippingAddressLines(shipTo) : [],
    items,
    totals,
    taxNotes: taxWording(taxes),
    payment: onAccount
      ? accountPayment(order, paid, account)
      : [`Payment: ${card || order.payment_provider || ''}`, `Payment reference: ${order.payment_reference ?? ''}`],
  };
}

/**
 * How an order paid on account (issue 18) is paid: due by its date by bank transfer, as the
 * shop's BANK_TRANSFER_DETAILS say; once a shop admin recorded the transfer, received, with its reference.
 */
function accountPayment(order: OrderRow, paid: boolean, account: InvoiceAccountInput | null): string[] {
  if (paid) return [`Payment: bank transfer, received ${order.paid_at!.slice(0, 10)}`, `Payment reference: ${order.payment_reference ?? ''}`];
  return [
    `Payment: on account, due by ${order.due_date?.slice(0, 10) ?? ''}`,
    ...(account ? [account.bankTransfer] : []),
    `Please quote ${invoiceLabel(Number(order.invoice_number))}${order.po_number ? ` and PO ${order.po_number}` : ''}.`,
  ];
}
