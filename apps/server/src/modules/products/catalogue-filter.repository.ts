import { ORDER_QUANTITY_MIN, type ProductSort } from '@bulkparts/shared';
import { sql, type RawBuilder } from 'kysely';
import { MATCH_SCAN_MAX, type CatalogueFilter } from './catalogue-search.types.js';
import { textSource } from './catalogue-text-search.repository.js';

/**
 * The catalogue filter as SQL, the same on both engines but for the caller's price: the WHERE
 * conditions, the filtered rows (`p`) over the text source, the caller's price of a product, and
 * whether the kept counts (`product_facet_counts`) answer a filter instead of a live count.
 */

/**
 * The caller’s price of product `p` in 1/10,000 dollar: the list price, or with company prices the lower
 * of it and the fixed price (else the discounted list price) — shared `asSeenBy` at quantity 1,
 * `discountedE4` rounding half up with a floor of 1.
 */
export function priceOf(pg: boolean, filter: CatalogueFilter): RawBuilder<unknown> {
  const prices = filter.prices;
  if (!prices) return sql`p.price_e4`;
  const percent = prices.discountPercent;
  const discounted = percent
    ? pg
      ? sql`greatest(1, floor((p.price_e4 * (100.0 - ${percent}::float8)) / 100.0 + 0.5)::bigint)`
      : sql`max(1, cast((p.price_e4 * (100.0 - ${percent})) / 100.0 + 0.5 as integer))`
    : sql`p.price_e4`;
  const ids = Object.keys(prices.fixed);
  if (!ids.length) return pg ? sql`least(p.price_e4, ${discounted})` : sql`min(p.price_e4, ${discounted})`;
  const json = JSON.stringify(prices.fixed);
  return pg
    ? sql`least(p.price_e4, coalesce((${json}::jsonb ->> p.id)::bigint, ${discounted}))`
    : sql`min(p.price_e4, coalesce((select cast(f.value as integer) from json_each(${json}) f where f.key = p.id), ${discounted}))`;
}

/**
 * The WHERE conditions of `filter` (never empty). `unindexed` marks terms the planner must not
 * drive the scan with (a unary `+` on the column, the same on both engines): a list sorted by
 * name or date must walk that sort's index and stop at its page, not fetch 180,000 products
 * through `products_archived_price` and sort them all (ADR 0023).
 */
function conditions(
  pg: boolean,
  filter: CatalogueFilter,
  extra: RawBuilder<unknown>[],
  unindexed: { archived?: boolean; price?: boolean } = {},
): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [...extra];
  if (!filter.includeArchived) c.push(unindexed.archived ? sql`+p.archived = 0` : sql`p.archived = 0`);
  if (filter.categories) c.push(sql`p.category in (${sql.join(filter.categories)})`);
  if (filter.brands) c.push(sql`p.brand in (${sql.join(filter.brands)})`);
  for (const [name, values] of filter.attributes ?? []) {
    // Correlated: the plan starts from the products' own indexes and probes each product's row by key.
    c.push(sql`exists (select 1 from product_attributes pa where pa.product_id = p.id and pa.name = ${name} and pa.value in (${sql.join(values)}))`);
  }
  const price = unindexed.price && !filter.prices ? sql`+p.price_e4` : priceOf(pg, filter);
  if (filter.minE4 !== undefined) c.push(sql`${price} >= ${filter.minE4}`);
  if (filter.maxE4 !== undefined) c.push(sql`${price} <= ${filter.maxE4}`);
  // At least the smallest order the product takes: its own minimum, never below the shop's (effectiveMinimum).
  if (filter.inStock) c.push(sql`p.available_quantity >= p.minimum_order_quantity and p.available_quantity >= ${ORDER_QUANTITY_MIN}`);
  return c.length ? sql.join(c, sql` and `) : sql`1 = 1`;
}

/** The rows matching `filter`: `from` (products `p`), `where`, and with a text its rank and scan count (`textSource`). */
export function filtered(pg: boolean, filter: CatalogueFilter, ranked = false, sort?: ProductSort) {
  const source = textSource(pg, filter.text, ranked);
  // Without a text, the list's sort decides the index (with one, the matches are at most MATCH_SCAN_MAX + 1 anyway).
  const unindexed = sort && !filter.text ? { archived: sort === 'name', price: sort !== 'price-asc' && sort !== 'price-desc' } : {};
  return { from: source.from, where: conditions(pg, filter, source.where, unindexed), rank: source.rank, textCount: source.textCount };
}

/**
 * Whether the kept counts (`product_facet_counts`) answer `filter`: visible products, narrowed
 * by category at most. Any other filter (text, brand, specification, price, stock) is counted
 * live; stock changes therefore never write the counts table.
 */
export function countable(filter: CatalogueFilter): boolean {
  return (
    !filter.includeArchived &&
    !filter.text &&
    !filter.brands &&
    !filter.attributes &&
    filter.minE4 === undefined &&
    filter.maxE4 === undefined &&
    !filter.inStock
  );
}
export const inCategories = (filter: CatalogueFilter) => (filter.categories ? sql`and c.category in (${sql.join(filter.categories)})` : sql``);
/** At most MATCH_SCAN_MAX + 1 of the products matching `filter`: live counts are taken over these. */
export const sampleOf = (pg: boolean, filter: CatalogueFilter, columns: RawBuilder<unknown>) => {
  const { from, where } = filtered(pg, filter);
  return sql`(select ${columns} from ${from} where ${where} limit ${MATCH_SCAN_MAX + 1})`;
};
