import type { OrderRow } from '../../src/modules/orders/orders.repository.js';

/**
 * A paid one-line card order as its row is read, for the invoice tests that render without a
 * database (the renderer's and the layout's); each spreads what it varies over it.
 */
export const PAID_ORDER_ROW = {
  id: 'ord_1',
  product_id: 'prd_1',
  product_name: 'Hex bolt M8',
  product_img: '/images/bolt.svg',
  unit_price_e4: 12_500,
  quantity: 100,
  total_cents: 12_500,
  user_id: 'usr_1',
  user_email: 'buyer@example.com',
  status: 'paid',
  idempotency_key: null,
  idempotency_hash: null,
  payment_provider: 'test-card',
  payment_reference: 'tc_123',
  payment_method: 'card',
  card_brand: 'Visa',
  card_last4: '4242',
  invoice_number: 7,
  order_number: 1001,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  paid_at: '2026-11-24T10:00:00.000Z',
  shipped_at: null,
  delivered_at: null,
  cancelled_at: null,
  refunded_at: null,
  expires_at: null,
  due_date: null,
  po_number: null,
  company_id: null,
  carrier: null,
  tracking_number: null,
  shipping_address: null,
} as unknown as OrderRow;
