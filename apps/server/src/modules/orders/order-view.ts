import {
  centsToDollars,
  e4ToDollars,
  formatOrderNumber,
  lineTaxAnswer,
  totalsAnswer,
  type LineTax,
  type Order,
  type OrderLine,
  type OrderShipping,
  type OrderStatus,
  type OrderTotals,
  type ShippingAddress,
  type ShippingKind,
} from '@bulkparts/shared';
import type { OrderLineRow, OrderView } from './orders.repository.js';

export function toOrderLine(line: OrderLineRow): OrderLine {
  return {
    productId: line.product_id,
    sku: line.sku,
    name: line.product_name,
    img: line.product_img,
    unitPrice: e4ToDollars(Number(line.unit_price_e4)),
    quantity: Number(line.quantity),
    lineTotal: centsToDollars(Number(line.line_total_cents)),
    shipped: Number(line.shipped_quantity ?? 0),
    backordered: Number(line.backordered ?? 0),
    promisedDispatch: Number(line.backordered ?? 0) > 0 ? (line.promised_dispatch ?? null) : null,
    returned: Number(line.returned_quantity ?? 0),
    // Issue 30: the line's tax as decided when placed (null on older orders).
    tax: lineTaxOf(line.tax) === null ? null : lineTaxAnswer(lineTaxOf(line.tax)!),
    ...(line.list_unit_price_e4 === null || line.list_unit_price_e4 === undefined ? {} : { listUnitPrice: e4ToDollars(Number(line.list_unit_price_e4)) }),
  };
}

/** Issue 30: a line's stored tax (JSON text of LineTax), or null (lines placed before tax). */
export function lineTaxOf(text: string | null | undefined): LineTax | null {
  return text ? (JSON.parse(text) as LineTax) : null;
}

/**
 * Issue 30: an order's totals from its row: subtotal, shipping, tax per rate as stored, and the
 * total to pay (`total_cents`). Orders placed before tax: the subtotal is their total, no tax.
 */
export function orderTotalsOf(
  row: Pick<OrderView, 'total_cents' | 'subtotal_cents' | 'tax_cents' | 'tax_lines'> & { shipping_cents?: number | null },
): OrderTotals {
  const total = Number(row.total_cents);
  const taxTotal = Number(row.tax_cents ?? 0);
  const shipping = Number(row.shipping_cents ?? 0);
  const subtotal = row.subtotal_cents === null || row.subtotal_cents === undefined ? total - taxTotal - shipping : Number(row.subtotal_cents);
  const tax = row.tax_lines ? (JSON.parse(row.tax_lines) as OrderTotals['tax']) : [];
  return { subtotalCents: subtotal, shippingCents: shipping, tax, taxTotalCents: taxTotal, totalCents: total };
}

/** The stored address (JSON text), or null (orders placed through `POST /api/purchase`). */
export function parseShippingAddress(text: string | null): ShippingAddress | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as ShippingAddress;
  } catch {
    return null;
  }
}

/** What `orders.shipping_method` keeps (JSON text): the method as it was chosen. */
export interface StoredShippingMethod {
  code: string;
  name: string;
  kind: ShippingKind;
  carrierAccount: string | null;
  pickupAddress: string | null;
}

/** Issue 30: the order's shipping as answered; null when it was placed without a method. */
export function orderShippingOf(row: Pick<OrderView, 'shipping_cents' | 'shipping_method' | 'delivery_from' | 'delivery_to'>): OrderShipping | null {
  if (!row.shipping_method) return null;
  let method: StoredShippingMethod;
  try {
    method = JSON.parse(row.shipping_method) as StoredShippingMethod;
  } catch {
    return null;
  }
  return {
    code: method.code,
    name: method.name,
    kind: method.kind,
    price: centsToDollars(Number(row.shipping_cents ?? 0)),
    carrierAccount: method.carrierAccount ?? null,
    pickupAddress: method.pickupAddress ?? null,
    estimatedDelivery: row.delivery_from && row.delivery_to ? { from: row.delivery_from, to: row.delivery_to } : null,
  };
}

/** An order row and its lines as the API answers them (the spec's field names, dollars). */
export function toOrder(row: OrderView, lines: readonly OrderLineRow[]): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    Name: row.product_name,
    img: row.product_img,
    price: e4ToDollars(Number(row.unit_price_e4)),
    quantity: row.quantity,
    total: centsToDollars(row.total_cents),
    paid: row.paid_at !== null,
    status: row.status as OrderStatus,
    userEmail: row.user_email,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    paymentReference: row.payment_reference,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
    orderNumber: formatOrderNumber(Number(row.order_number)),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    // The deadline matters only while the order can still be paid.
    expiresAt: row.status === 'pending' ? row.expires_at : null,
    lines: lines.map(toOrderLine),
    poNumber: row.po_number,
    shippingAddress: parseShippingAddress(row.shipping_address),
    note: row.note,
    companyId: row.company_id,
    paymentMethod: row.payment_method === 'account' ? 'account' : 'card',
    dueDate: row.due_date,
    rejectionReason: row.rejection_reason,
    fulfilment: row.fulfilment === 'ship_complete' ? 'ship_complete' : 'ship_as_available',
    credited: centsToDollars(Number(row.credited_cents ?? 0)),
    totals: totalsAnswer(orderTotalsOf(row)),
    shipping: orderShippingOf(row),
  };
}

/** Groups lines by order id (each group in line order, as the repository reads them). */
export function linesByOrder(lines: readonly OrderLineRow[]): Map<string, OrderLineRow[]> {
  const map = new Map<string, OrderLineRow[]>();
  for (const l of lines) {
    const list = map.get(l.order_id);
    if (list) list.push(l);
    else map.set(l.order_id, [l]);
  }
  return map;
}
