import { sql, type Kysely } from 'kysely';

/**
 * Carts and multi-line orders (issue 16, ADR 0015).
 *
 * - `cart_lines` (cart module): one row per (account, product); prices, names and problems are
 *   derived live from the catalogue, so the cart stores only the product and its quantity.
 * - `order_lines` (orders module): every line of an order with its product snapshot and price at
 *   checkout. Existing orders get one line each, copied from their top-level columns.
 * - `orders` gains `po_number`, `shipping_address` (JSON text), `note` and `line_count`; the
 *   top-level product columns stay (for a one-line order exactly that line).
 * - `profiles.shipping_address` (JSON text): the last checkout's address, pre-filled next time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_img', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
    .execute();
  // "Has this product ever been ordered?" (archive instead of delete) and the top-products report.
  await db.schema.createIndex('order_lines_product').on('order_lines').column('product_id').execute();
  // The upload sweep asks whether an uploaded image is still shown by an order line (as on orders).
  await sql`create index order_lines_uploaded_img on order_lines (product_img) where product_img like '/uploads/%'`.execute(db);

  await db.schema.alterTable('orders').addColumn('po_number', 'varchar(50)').execute();
  await db.schema.alterTable('orders').addColumn('shipping_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('note', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    insert into order_lines (order_id, line_no, product_id, sku, product_name, product_img, unit_price_cents, quantity, line_total_cents)
    select o.id, 1, o.product_id, coalesce((select p.sku from products p where p.id = o.product_id), ''), o.product_name, o.product_img,
           o.unit_price_cents, o.quantity, o.total_cents
    from orders o`.execute(db);

  await db.schema.alterTable('profiles').addColumn('shipping_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('shipping_address').execute();
  for (const column of ['line_count', 'note', 'shipping_address', 'po_number']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('order_lines').ifExists().execute();
  await db.schema.dropTable('cart_lines').ifExists().execute();
}
