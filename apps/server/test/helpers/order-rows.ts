import type { Database } from '../../src/db/database.js';
import { newId, nowIso } from '../../src/lib/ids.js';
import { NEW_ORDER_BLANKS } from '../../src/modules/orders/orders.repository.js';

export interface OrderRowInput {
  productId: string;
  productName: string;
  productImg: string;
  buyer: { id: string; email: string };
  /** The address stored on the order, when not the buyer's own (a since-changed or removed account). */
  email?: string;
  status: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  createdAt?: string;
  sku?: string;
}

/**
 * Writes an order row straight into the database, in any status and at any date, for reports and
 * admin tests that need history the API would take many steps (or days) to build. Returns its id.
 */
export async function insertOrderRow(database: Database, o: OrderRowInput): Promise<string> {
  const id = newId();
  const now = o.createdAt ?? nowIso();
  const unpaid = o.status === 'pending' || o.status === 'cancelled';
  await database.db
    .insertInto('orders')
    .values({
      id,
      product_id: o.productId,
      product_name: o.productName,
      product_img: o.productImg,
      unit_price_e4: o.unitPriceCents * 100,
      quantity: o.quantity,
      total_cents: o.totalCents,
      user_id: o.buyer.id,
      user_email: o.email ?? o.buyer.email,
      status: o.status,
      idempotency_key: null,
      ...NEW_ORDER_BLANKS,
      created_at: now,
      updated_at: now,
      paid_at: unpaid ? null : now,
    })
    .execute();
  // Every order has its lines (issue 16); this one has one, its top-level product.
  await database.db
    .insertInto('order_lines')
    .values({
      order_id: id,
      line_no: 1,
      product_id: o.productId,
      sku: o.sku ?? '',
      product_name: o.productName,
      product_img: o.productImg,
      unit_price_e4: o.unitPriceCents * 100,
      quantity: o.quantity,
      line_total_cents: o.totalCents,
    })
    .execute();
  return id;
}
