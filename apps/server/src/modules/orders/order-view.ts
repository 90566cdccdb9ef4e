import { centsToDollars, formatOrderNumber, type Order, type OrderStatus } from '@bulkparts/shared';
import type { OrderView } from './orders.repository.js';

/** An order row as the API answers it (the spec's field names, dollars). */
export function toOrder(row: OrderView): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    Name: row.product_name,
    img: row.product_img,
    price: centsToDollars(row.unit_price_cents),
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
  };
}
