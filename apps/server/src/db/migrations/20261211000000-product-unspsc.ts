import type { Kysely } from 'kysely';

/**
 * A product's UNSPSC commodity code (issue 32): `products.unspsc`, 8 digits or null. A punchout
 * cart files each line under it (cXML `Classification domain="UNSPSC"`, OCI `NEW_ITEM-MATGROUP`).
 * A nullable column without a default: added in place on both engines, no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('unspsc', 'varchar(8)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('unspsc').execute();
}
