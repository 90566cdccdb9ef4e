import type { Kysely } from 'kysely';
import { SEED_TAX_RATES } from '../seed/tax-rates.js';

/**
 * Issue 30, tax (ADR 0034): a product's tax class (`products.tax_class`, 'standard' by default);
 * the tax module's `tax_rates` (per country, region ('' for the whole country, so the key needs no
 * null), class; rate in basis points), seeded with the EU member states' and the UK's standard and
 * reduced VAT rates; a company's exemption certificate and its VAT number's last check (JSON text);
 * each order line's tax as decided (JSON text, null on older lines) and each order's subtotal, tax
 * and tax per rate (`orders.total_cents` stays what the buyer pays: now with tax; older orders:
 * subtotal = total, tax 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('tax_class', 'varchar(16)', (c) => c.notNull().defaultTo('standard'))
    .execute();
  await db.schema
    .createTable('tax_rates')
    .addColumn('country', 'varchar(60)', (c) => c.notNull())
    .addColumn('region', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_class', 'varchar(16)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_rates_pk', ['country', 'region', 'tax_class'])
    .execute();
  const now = new Date().toISOString();
  const rows = SEED_TAX_RATES.map((r) => ({ country: r.country, region: '', tax_class: r.taxClass, rate_bp: r.rateBp, name: r.name, updated_at: now }));
  await (db as Kysely<{ tax_rates: (typeof rows)[number] }>).insertInto('tax_rates').values(rows).execute();
  await db.schema.alterTable('companies').addColumn('tax_exemption', 'text').execute();
  await db.schema.alterTable('companies').addColumn('vat_check', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('tax', 'text').execute();
  await db.schema.alterTable('orders').addColumn('subtotal_cents', 'bigint').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('tax_lines', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tax_lines').execute();
  await db.schema.alterTable('orders').dropColumn('tax_cents').execute();
  await db.schema.alterTable('orders').dropColumn('subtotal_cents').execute();
  await db.schema.alterTable('order_lines').dropColumn('tax').execute();
  await db.schema.alterTable('companies').dropColumn('vat_check').execute();
  await db.schema.alterTable('companies').dropColumn('tax_exemption').execute();
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.alterTable('products').dropColumn('tax_class').execute();
}
