import type { Kysely } from 'kysely';

/**
 * `carts.lines_version` (issue 29, ADR 0029): a counter every change to a cart's lines moves in
 * the same transaction, so a line change can read the cart without a lock and write only if
 * nothing moved since (`cart.repository.ts setLineIf`). Existing carts start at 0. A column with a
 * constant default: added in place on both engines, no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('carts')
    .addColumn('lines_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('lines_version').execute();
}
