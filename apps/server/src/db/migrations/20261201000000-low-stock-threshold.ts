import type { Kysely } from 'kysely';

/**
 * A product's own low-stock alert (issue 19, ADR 0022): `products.low_stock_threshold`, the stock
 * below which a stock take sends `product.low_stock`. Null (every existing product) follows the
 * shop-wide `WEBHOOK_LOW_STOCK_THRESHOLD`; 0 never alerts for this product. A nullable column
 * without a default: added in place on both engines, no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('low_stock_threshold', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
}
