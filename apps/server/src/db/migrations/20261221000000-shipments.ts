import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/** The carriers a new shop starts with (admins edit the list: `PUT /api/carriers`). */
const CARRIERS = [
  { code: 'UPS', name: 'UPS', template: 'https://www.ups.com/track?tracknum={tracking}' },
  { code: 'FEDEX', name: 'FedEx', template: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  { code: 'DHL', name: 'DHL Express', template: 'https://www.dhl.com/en/express/tracking.html?AWB={tracking}' },
  { code: 'USPS', name: 'USPS', template: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}' },
];

/**
 * Shipments (issue 31, ADR 0032): an order leaves in one or more shipments (shipments module:
 * `shipments`, `shipment_lines`, `carriers`), each numbered `SH-000001` as orders are (a
 * sequence on PostgreSQL, `max + 1` by SQLite's one writer). `order_lines.shipped_quantity` is the
 * orders module's arbiter of "no more than ordered": a shipment adds to it conditionally. Orders
 * shipped before this migration count as shipped whole, in one shipment each with their carrier
 * and tracking number. `events.detail` names the shipment a timeline step is about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema
    .createTable('shipments')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('shipment_number', 'bigint', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('warehouse_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(60)')
    .addColumn('tracking_number', 'varchar(100)')
    .addColumn('shipped_by', 'text')
    .addColumn('shipped_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('shipments_order').on('shipments').columns(['order_id', 'shipment_number']).execute();
  if (pg) {
    await sql`create sequence shipment_numbers owned by shipments.shipment_number`.execute(db);
    await sql`alter table shipments alter column shipment_number set default nextval('shipment_numbers')`.execute(db);
  }
  await db.schema
    .createTable('shipment_lines')
    .addColumn('shipment_id', 'varchar(24)', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('order_line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'line_no'])
    .execute();
  await db.schema
    .createTable('carriers')
    .addColumn('code', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('tracking_url_template', 'varchar(500)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('carriers' as never)
    .values(CARRIERS.map((c, i) => ({ code: c.code, name: c.name, tracking_url_template: c.template, position: i + 1 })) as never)
    .execute();

  await db.schema
    .alterTable('order_lines')
    .addColumn('shipped_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('events').addColumn('detail', 'varchar(60)').execute();

  // Orders shipped before shipments existed: shipped whole, one shipment each from the default warehouse.
  const shipped = `o.status in ('shipped', 'delivered') or (o.status = 'refunded' and o.shipped_at is not null)`;
  await sql`update order_lines set shipped_quantity = quantity where order_id in (select o.id from orders o where ${sql.raw(shipped)})`.execute(db);
  await sql`
    insert into shipments (id, shipment_number, order_id, warehouse_id, carrier, tracking_number, shipped_by, shipped_at, delivered_at)
    select o.id, row_number() over (order by o.shipped_at, o.id), o.id, w.id, o.carrier, o.tracking_number, null, coalesce(o.shipped_at, o.updated_at), o.delivered_at
    from orders o cross join warehouses w where w.is_default = 1 and (${sql.raw(shipped)})`.execute(db);
  await sql`
    insert into shipment_lines (shipment_id, line_no, order_line_no, product_id, sku, product_name, quantity)
    select l.order_id, l.line_no, l.line_no, l.product_id, l.sku, l.product_name, l.quantity from order_lines l where l.order_id in (select id from shipments)`.execute(
    db,
  );
  if (pg) await sql`select setval('shipment_numbers', coalesce((select max(shipment_number) from shipments), 0) + 1, false)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('detail').execute();
  await db.schema.alterTable('order_lines').dropColumn('shipped_quantity').execute();
  await db.schema.dropTable('carriers').ifExists().execute();
  await db.schema.dropTable('shipment_lines').ifExists().execute();
  // Dropping the table drops the sequence its column owns (PostgreSQL).
  await db.schema.dropTable('shipments').ifExists().execute();
}
