import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * Sub-cent unit prices (issue 30, ADR 0033): every price per piece becomes an integer number of
 * 1/10,000 dollar, and its column says so (`…_e4`). Existing values keep their worth: × 100.
 * - columns: `products.price_cents`, `company_prices.price_cents`, `orders.unit_price_cents` (the
 *   first line's, as the spec's order answers it), `order_lines.unit_price_cents` and
 *   `list_unit_price_cents`, `quote_lines.list_unit_price_cents` and `quoted_unit_price_cents`;
 * - JSON text: `products.price_tiers` (`priceCents` → `priceE4`) and `credit_notes.lines`
 *   (`unitPriceCents` → `unitPriceE4`), rewritten row by row (the same code on both engines).
 * Amounts (line and order totals, credit) stay integer cents. RENAME COLUMN keeps the indexes and
 * the `price_cents > 0` check on both engines. `order_lines.list_unit_price_cents` was `integer`:
 * PostgreSQL's 4-byte integer holds $214,748.36 in 1/10,000 dollar, so it becomes `bigint` like
 * every other price column (SQLite's integers are 8 bytes already).
 */
const RENAMES: [table: string, from: string, to: string][] = [
  ['products', 'price_cents', 'price_e4'],
  ['company_prices', 'price_cents', 'price_e4'],
  ['orders', 'unit_price_cents', 'unit_price_e4'],
  ['order_lines', 'unit_price_cents', 'unit_price_e4'],
  ['order_lines', 'list_unit_price_cents', 'list_unit_price_e4'],
  ['quote_lines', 'list_unit_price_cents', 'list_unit_price_e4'],
  ['quote_lines', 'quoted_unit_price_cents', 'quoted_unit_price_e4'],
];

/** The JSON columns holding unit prices: the table's key, the column, and the key renamed inside each entry. */
const JSON_PRICES: [table: string, key: string, column: string, from: string, to: string][] = [
  ['products', 'id', 'price_tiers', 'priceCents', 'priceE4'],
  ['credit_notes', 'id', 'lines', 'unitPriceCents', 'unitPriceE4'],
];

type Row = Record<string, unknown>;

async function rewriteJson(db: Kysely<unknown>, scale: (n: number) => number, direction: 'up' | 'down'): Promise<void> {
  const any = db as unknown as Kysely<Record<string, Row>>;
  for (const [table, key, column, up, down] of JSON_PRICES) {
    const [from, to] = direction === 'up' ? [up, down] : [down, up];
    const rows = (await any.selectFrom(table).select([key, column]).execute()) as Row[];
    for (const row of rows) {
      const entries = JSON.parse(String(row[column] ?? '[]')) as Row[];
      if (!entries.length) continue;
      const rewritten = entries.map(({ [from]: price, ...rest }) => ({ ...rest, [to]: scale(Number(price)) }));
      await any
        .updateTable(table)
        .set({ [column]: JSON.stringify(rewritten) })
        .where(key, '=', row[key])
        .execute();
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  for (const [table, from, to] of RENAMES) await db.schema.alterTable(table).renameColumn(from, to).execute();
  if (pg) await sql`alter table order_lines alter column list_unit_price_e4 type bigint`.execute(db);
  for (const [table, , column] of RENAMES) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} * 100`.execute(db);
  await rewriteJson(db, (n) => n * 100, 'up');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to whole cents, rounded half up: a sub-cent price cannot be kept in the old unit.
  await rewriteJson(db, (n) => Math.round(n / 100), 'down');
  for (const [table, , column] of RENAMES) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = (${sql.ref(column)} + 50) / 100`.execute(db);
  }
  for (const [table, from, to] of RENAMES) await db.schema.alterTable(table).renameColumn(to, from).execute();
}
