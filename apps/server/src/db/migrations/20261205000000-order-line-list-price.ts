import type { Kysely } from 'kysely';

/**
 * An order line's list price for its quantity (issue 29): the catalogue's tier price anyone would
 * have paid, beside the price the buyer got (a company price, a quote), so an approver sees the
 * lines' prices against the list. Null on lines placed before it (not invented afterwards: the
 * list may have changed since). A nullable column without a default: added in place on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('list_unit_price_cents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('list_unit_price_cents').execute();
}
