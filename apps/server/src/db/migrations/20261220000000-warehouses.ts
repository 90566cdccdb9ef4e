import { sql, type Kysely } from 'kysely';

/** The default warehouse every stock route without a warehouse means (shared DEFAULT_WAREHOUSE_CODE). */
const DEFAULT_WAREHOUSE = {
  id: '000000000000000000000001',
  code: 'MAIN',
  name: 'Main warehouse',
  address: JSON.stringify({ name: 'Bulkparts Ltd', line1: '1 Industrial Way', city: 'Springfield', postalCode: '00000', country: 'United States' }),
};

/**
 * Warehouses and stock per warehouse (issue 31, ADR 0032).
 * - `warehouses` (warehouses module): code, name, address; the default one (`MAIN`) is created here.
 * - `warehouse_stock` (products module): the count on a warehouse's shelves, one row per product
 *   and warehouse other than the default. The default's count is not stored: it is what the
 *   product's figures leave, `available + committed − Σ other warehouses`, so every way stock was
 *   written before (the product form, CSV, a delta, scripts) keeps meaning the default warehouse.
 * - `products.committed_quantity`: pieces sold and not yet shipped (an order takes them from
 *   `available_quantity` into it in the same statement; a shipment takes them off the shelves).
 *   Orders open today (not yet shipped) are counted into it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('warehouses' as never)
    .values({ ...DEFAULT_WAREHOUSE, is_default: 1, created_at: now, updated_at: now } as never)
    .execute();

  await db.schema
    .createTable('warehouse_stock')
    .addColumn('warehouse_id', 'varchar(24)', (c) => c.notNull().references('warehouses.id'))
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_stock_pk', ['warehouse_id', 'product_id'])
    .addCheckConstraint('warehouse_stock_non_negative', sql`quantity >= 0`)
    .execute();
  await db.schema.createIndex('warehouse_stock_product').on('warehouse_stock').column('product_id').execute();

  await db.schema
    .alterTable('products')
    .addColumn('committed_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`committed_quantity >= 0`),
    )
    .execute();
  await sql`
    update products set committed_quantity = coalesce((
      select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
      where l.product_id = products.id and o.status in ('pending', 'awaiting_approval', 'invoiced', 'paid')
    ), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('committed_quantity').execute();
  await db.schema.dropTable('warehouse_stock').ifExists().execute();
  await db.schema.dropTable('warehouses').ifExists().execute();
}
