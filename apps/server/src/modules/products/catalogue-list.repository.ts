import type { ProductSort } from '@bulkparts/shared';
import { sql, type RawBuilder } from 'kysely';
import { countable, filtered, inCategories, priceOf, sampleOf } from './catalogue-filter.repository.js';
import { MATCH_SCAN_MAX, type BoundedCount, type CatalogueFilter, type CatalogueReadContext } from './catalogue-search.types.js';
import { textScanned, textTotal } from './catalogue-text-search.repository.js';
import type { ProductRow } from './products.repository.js';

/**
 * The catalogue list (a page in a sort order, with a text its bounded count from the same read)
 * and the bounded count of a filter: the columns a page returns and the sort orders.
 */

const COLUMNS = sql.raw(
  [
    'id',
    'position',
    'name',
    'name_lower',
    'description',
    'price_e4',
    'minimum_order_quantity',
    'available_quantity',
    'img',
    'archived',
    'created_at',
    'updated_at',
    'sku',
    'brand',
    'category',
    'attributes',
    'price_tiers',
    'order_multiple',
    'low_stock_threshold',
    'unspsc',
    // Issue 30: how the product is taxed.
    'tax_class',
    'images',
    // Issue 31: a product card says whether it takes backorders.
    'backorder_allowed',
    'lead_time_days',
    'next_restock_date',
    // Issue 30: a product's weight (the cart's weight, the shipping bands).
    'weight_grams',
  ]
    .map((c) => `p.${c}`)
    .join(', '),
);

/**
 * Whether a price sort orders by the caller's own prices computed per product (`m_price`): only
 * with fixed prices. A discount alone keeps the list price's order (the caller's price never
 * falls as the list price rises), so that sort stays on the `price_e4` index, as a guest's.
 */
const sortsByCallerPrice = (filter: CatalogueFilter, sort: ProductSort): boolean =>
  (sort === 'price-asc' || sort === 'price-desc') && filter.prices !== undefined && Object.keys(filter.prices.fixed).length > 0;

/** `callerPriced`: the caller's price first (ties by list price, then id), as `sortsByCallerPrice`. */
function orderBy(sort: ProductSort, ranked: boolean, alias = 'p', callerPriced = false): RawBuilder<unknown> {
  const t = sql.raw(alias);
  const mine = alias === 'p' ? sql`m_price` : sql`${t}.m_price`;
  switch (sort) {
    case 'price-asc':
      if (callerPriced) return sql`${mine} asc, ${t}.price_e4 asc, ${t}.id asc`;
      return sql`${t}.price_e4 asc, ${t}.id asc`;
    case 'price-desc':
      if (callerPriced) return sql`${mine} desc, ${t}.price_e4 desc, ${t}.id asc`;
      return sql`${t}.price_e4 desc, ${t}.id asc`;
    case 'name':
      return sql`${t}.name_lower asc, ${t}.id asc`;
    case 'newest':
      return sql`${t}.created_at desc, ${t}.id asc`;
    case 'relevance':
      if (ranked) return sql`${alias === 'p' ? sql`` : sql`${t}.`}m_rank asc, ${t}.position asc, ${t}.id asc`;
      return sql`${t}.position asc, ${t}.id asc`;
    default:
      return sql`${t}.position asc, ${t}.id asc`;
  }
}

/** The list and count reads over `run` (catalogue-search.repository.ts gives it the request's time budget). */
export function createListReads({ pg, run }: CatalogueReadContext) {
  return {
    /**
     * A page of the filtered list, and with a text its bounded count from the same read: the
     * matches (at most MATCH_SCAN_MAX + 1) are counted by a window over them before the page is
     * cut (`count` is undefined without a text, or when the page is past the matches).
     */
    async list(filter: CatalogueFilter, page: { sort: ProductSort; offset: number; limit: number }): Promise<{ rows: ProductRow[]; count?: BoundedCount }> {
      const ranked = filter.text !== undefined && page.sort === 'relevance';
      const { from, where, rank, textCount } = filtered(pg, filter, ranked, page.sort);
      const rankColumn = ranked ? sql`, ${rank} as m_rank` : sql``;
      const callerPriced = sortsByCallerPrice(filter, page.sort);
      const priceColumn = callerPriced ? sql`, ${priceOf(pg, filter)} as m_price` : sql``;
      // Without a text the page stops early on an index in sort order; a window would read every match.
      const counted = filter.text !== undefined;
      const countColumns = counted ? sql`, k.n_all as n_all, ${textCount ? sql`k.n_text` : textScanned(pg, filter.text)} as n_text` : sql``;
      const textCountColumn = counted && textCount ? sql`, ${textCount} as n_text` : sql``;
      // The page is chosen on the sort keys alone, then only its rows are read whole: sorting
      // thousands of full rows (descriptions, JSON) costs more than finding them.
      const found = await run(sql<ProductRow & { n_all?: number; n_text?: number }>`select ${COLUMNS}${countColumns} from (
            select p.id, p.position, p.price_e4, p.name_lower, p.created_at${rankColumn}${priceColumn}${textCountColumn}${counted ? sql`, count(*) over () as n_all` : sql``}
            from ${from} where ${where}
            order by ${orderBy(page.sort, ranked, 'p', callerPriced)} limit ${page.limit} offset ${page.offset}
          ) k join products p on p.id = k.id
          order by ${orderBy(page.sort, ranked, 'k', callerPriced)}`);
      const first = found[0];
      const rows = found.map(({ n_all: _all, n_text: _text, ...row }) => row as ProductRow);
      if (!counted || !first) return { rows };
      const n = Number(first.n_all ?? 0);
      return { rows, count: { n: Math.min(n, MATCH_SCAN_MAX), more: n > MATCH_SCAN_MAX || Number(first.n_text ?? 0) > MATCH_SCAN_MAX } };
    },

    /** The number of matches: exact up to MATCH_SCAN_MAX, else MATCH_SCAN_MAX with `more`. */
    async count(filter: CatalogueFilter): Promise<BoundedCount> {
      if (countable(filter)) {
        const rows = await run(sql<{ n: number | null }>`select sum(c.n) as n from product_facet_counts c where c.kind = 'all' ${inCategories(filter)}`);
        return { n: Number(rows[0]?.n ?? 0), more: false };
      }
      const { textCount } = filtered(pg, filter);
      const rows = await run(
        textCount
          ? sql<{
              n: number;
              t: number;
            }>`select count(*) as n, ${textTotal(pg, filter.text, textCount, 's')} as t from ${sampleOf(pg, filter, sql`${textCount} as n_text`)} s`
          : sql<{ n: number; t: number }>`select (select count(*) from ${sampleOf(pg, filter, sql`1`)} s) as n, ${textScanned(pg, filter.text)} as t`,
      );
      const n = Number(rows[0]?.n ?? 0);
      const more = n > MATCH_SCAN_MAX || Number(rows[0]?.t ?? 0) > MATCH_SCAN_MAX;
      return { n: Math.min(n, MATCH_SCAN_MAX), more };
    },
  };
}
