import { ORDER_QUANTITY_MIN, type ProductSort } from '@bulkparts/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { ProductRow } from './products.repository.js';

/**
 * The catalogue's search, filters and facets (`GET /api/service`, `GET /api/service/facets`).
 * The two engines differ only in `textSource` (FTS5 + bm25 on SQLite, the `search_vector`
 * tsvector + ts_rank on PostgreSQL); every other statement is the same SQL on both. User text
 * reaches SQL only as bound parameters: the full-text query is built from alphanumeric words
 * (`searchWords`), so no FTS5 or tsquery operator can come from the user.
 */

/** A resolved filter: the category already widened to its descendants, prices in cents. */
export interface CatalogueFilter {
  /** Lower-case alphanumeric words (all must match, the last as a prefix) and the text as an exact SKU. */
  text?: { words: string[]; sku: string | null };
  categories?: string[];
  brands?: string[];
  /** [name, any of values]; all names must match. */
  attributes?: [string, string[]][];
  minE4?: number;
  maxE4?: number;
  inStock?: boolean;
  includeArchived: boolean;
  /**
   * Issue 28: the caller's own prices (a company member's discount and fixed prices, ADR 0018):
   * `minE4`/`maxE4` and the price range then use the caller's price of each product, the
   * lower of its list price and the company's (shared `asSeenBy`). `key` names the price list.
   */
  prices?: CallerPrices;
}

export interface CallerPrices {
  key: string;
  discountPercent: number | null;
  /** Fixed unit prices in cents by product id. */
  fixed: Record<string, number>;
}

/**
 * Bounded work per query (ADR 0023): a text search reads at most this many matches (+1, to know
 * there are more), and every live count is taken over at most this many matching products. Past
 * it, counts are lower bounds (the answer says so) and a search ranks and sorts its first matches.
 */
export const MATCH_SCAN_MAX = 2_000;
/** A last word shorter than this is matched as a whole word, not as a prefix (`a*` would read the whole index). */
export const PREFIX_MIN_LENGTH = 2;

/** A count that stopped at MATCH_SCAN_MAX: `more` when there are more matches than `n`. */
export interface BoundedCount {
  n: number;
  more: boolean;
}

/** What one `facetCounts` read counts over its filter. */
export interface FacetWants {
  categories?: { max: number };
  brands?: { max: number };
  price?: boolean;
  /** Only the specification `only`, or every one but `except`; at most `perName` values per name. */
  attributes?: { only?: string; except?: string[]; perName: number };
}

export interface FacetCounts {
  count: BoundedCount;
  categories: ValueCount[];
  brands: ValueCount[];
  price: { min: number | null; max: number | null };
  attributes: AttributeCount[];
}

/** A read that did not finish within its request's time budget (the caller answers without it). */
export class CatalogueBudgetError extends Error {
  constructor() {
    super('catalogue read over its time budget');
    this.name = 'CatalogueBudgetError';
  }
}

export interface ValueCount {
  value: string;
  n: number;
}

export interface AttributeCount extends ValueCount {
  name: string;
  /** Matching products that have the specification at all (ranks the names). */
  nameTotal: number;
}

/** Words longer than this cannot be in the index usefully; they are cut, not refused. */
const WORD_MAX_LENGTH = 40;

/** The searchable words of a user's text: runs of letters and digits, lower-cased. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map((w) => w.slice(0, WORD_MAX_LENGTH));
}

/** bm25 weights per products_fts column: product_id (never searched), sku, name, brand, description, attrs. */
const BM25_WEIGHTS = sql.raw('0, 10, 8, 3, 1, 3');
/** An exact SKU match ranks before any full-text score (bm25 scores are small negatives, ts_rank ≤ 1). */
const EXACT_SKU_RANK = -1e9;

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
 * What the filters, sorts and facet reads use of a product (`conditions`, `orderBy`, `priceOf`,
 * `facetCounts`): PostgreSQL's text source reads these, not the whole row, from its matches.
 */
const PG_FILTER_COLUMNS = sql.raw(
  [
    'id',
    'position',
    'price_e4',
    'name_lower',
    'created_at',
    'archived',
    'category',
    'brand',
    'available_quantity',
    'minimum_order_quantity',
    'sku',
    'attributes',
  ]
    .map((c) => `t.${c}`)
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

export function createCatalogueSearchRepository(db: Kysely<DB>, engine: Engine) {
  const pg = engine === 'postgres';
  /**
   * What the filtered rows are read from (`p` = products) and their rank (`m_rank`, lower is
   * better). With a text, the matches are at most MATCH_SCAN_MAX + 1 rows of the full-text index
   * (FTS5 on SQLite, the tsvector's GIN index on PostgreSQL); an exact SKU always matches. The
   * rank (bm25 / ts_rank) is computed only when the list is ranked. `textCount` is how many
   * full-text matches the scan read (up to MATCH_SCAN_MAX + 1), from the same scan where the
   * engine gives it (PostgreSQL), else null (`textScanned` counts them again).
   */
  function textSource(
    text: CatalogueFilter['text'],
    ranked: boolean,
  ): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[]; rank: RawBuilder<unknown>; textCount: RawBuilder<unknown> | null } {
    if (!text) return { from: sql`products p`, where: [], rank: sql`0`, textCount: null };
    if (pg) return pgTextSource(text, ranked);
    const parts: RawBuilder<unknown>[] = [];
    const scan = MATCH_SCAN_MAX + 1;
    const fullText = textMatch(text.words);
    if (fullText) {
      const rank = ranked ? sql`bm25(products_fts, ${BM25_WEIGHTS})` : sql`0`;
      parts.push(sql`select product_id, ${rank} as rank from products_fts where products_fts match ${fullText} limit ${scan}`);
    }
    if (text.sku !== null) parts.push(sql`select id as product_id, ${sql.raw(String(EXACT_SKU_RANK))} as rank from products where sku = ${text.sku}`);
    if (!parts.length) return { from: sql`products p`, where: [sql`1 = 0`], rank: sql`0`, textCount: null };
    // Each part in its own subquery (its LIMIT is its own; bm25() stays in its FTS context).
    const wrapped = parts.map((part, i) => sql`select product_id, rank from (${part}) ${sql.raw(`x${i}`)}`);
    const matches =
      wrapped.length === 1 ? wrapped[0] : sql`select product_id, min(rank) as rank from (${sql.join(wrapped, sql` union all `)}) u group by product_id`;
    return { from: sql`(${matches}) m join products p on p.id = m.product_id`, where: [], rank: sql`m.rank`, textCount: null };
  }

  /**
   * PostgreSQL's text source (ADR 0028): the matches' own rows, as the GIN index's bitmap scan
   * read them, are the products `p` (the columns the filters, sorts and facets use), with their
   * rank and how many matches the scan read (`n_text`). A second lookup of each match by id, and
   * a second scan to count the matches, cost as much as the scan itself. An exact SKU replaces
   * its own row among the matches (its rank first), as `min(rank)` does on SQLite.
   */
  function pgTextSource(text: NonNullable<CatalogueFilter['text']>, ranked: boolean) {
    const fullText = textMatch(text.words);
    const bySku = (count: RawBuilder<unknown>) =>
      sql`select ${PG_FILTER_COLUMNS}, ${sql.raw(String(EXACT_SKU_RANK))}::float8 as rank, ${count} as n_text from products t where t.sku = ${text.sku}`;
    let rows: RawBuilder<unknown>;
    if (!fullText) {
      if (text.sku === null) return { from: sql`products p`, where: [sql`1 = 0`], rank: sql`0`, textCount: null };
      rows = bySku(sql`0::bigint`);
    } else {
      const rank = ranked ? sql`-ts_rank(t.search_vector, ${fullText})` : sql`0`;
      const counted = sql`(select count(*) from m)`;
      const matches = sql`select m.*, ${counted} as n_text from m${text.sku === null ? sql`` : sql` where m.sku <> ${text.sku} union all ${bySku(counted)}`}`;
      rows = sql`with m as (select ${PG_FILTER_COLUMNS}, ${rank}::float8 as rank from products t where t.search_vector @@ ${fullText} limit ${MATCH_SCAN_MAX + 1}) ${matches}`;
    }
    return { from: sql`(${rows}) p`, where: [], rank: sql`p.rank`, textCount: sql`p.n_text` };
  }

  /**
   * The full-text query of `words` (null without words): all required, the last a prefix when it
   * has at least PREFIX_MIN_LENGTH characters. Words are letters and digits only, so no FTS5 or
   * tsquery operator can come from the user; the query is a bound parameter.
   */
  function textMatch(words: string[]): RawBuilder<unknown> | null {
    if (!words.length) return null;
    const prefix = (w: string, i: number) => i === words.length - 1 && w.length >= PREFIX_MIN_LENGTH;
    if (pg) return sql`to_tsquery('simple', ${words.map((w, i) => (prefix(w, i) ? `${w}:*` : w)).join(' & ')})`;
    return sql`${`{sku name brand description attrs} : (${words.map((w, i) => `"${w}"${prefix(w, i) ? '*' : ''}`).join(' AND ')})`}`;
  }

  /** How many full-text matches the text has, read up to MATCH_SCAN_MAX + 1 (0 without words). */
  function textScanned(text: CatalogueFilter['text']): RawBuilder<unknown> {
    const fullText = text ? textMatch(text.words) : null;
    if (!fullText) return sql`0`;
    const scan = MATCH_SCAN_MAX + 1;
    return pg
      ? sql`(select count(*) from (select 1 from products t where t.search_vector @@ ${fullText} limit ${scan}) s)`
      : sql`(select count(*) from (select 1 from products_fts where products_fts match ${fullText} limit ${scan}) s)`;
  }

  /**
   * `textScanned` as an aggregate over rows `alias` of a text source: their own `n_text` where
   * the source carries it (PostgreSQL), else (or when the filters left no row) counted again.
   */
  function textTotal(text: CatalogueFilter['text'], textCount: RawBuilder<unknown> | null, alias: string): RawBuilder<unknown> {
    return textCount ? sql`coalesce(max(${sql.ref(`${alias}.n_text`)}), ${textScanned(text)})` : textScanned(text);
  }

  /**
   * The caller’s price of product `p` in 1/10,000 dollar: the list price, or with company prices the lower
   * of it and the fixed price (else the discounted list price) — shared `asSeenBy` at quantity 1,
   * `discountedE4` rounding half up with a floor of 1.
   */
  function priceOf(filter: CatalogueFilter): RawBuilder<unknown> {
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
  function conditions(filter: CatalogueFilter, extra: RawBuilder<unknown>[], unindexed: { archived?: boolean; price?: boolean } = {}): RawBuilder<unknown> {
    const c: RawBuilder<unknown>[] = [...extra];
    if (!filter.includeArchived) c.push(unindexed.archived ? sql`+p.archived = 0` : sql`p.archived = 0`);
    if (filter.categories) c.push(sql`p.category in (${sql.join(filter.categories)})`);
    if (filter.brands) c.push(sql`p.brand in (${sql.join(filter.brands)})`);
    for (const [name, values] of filter.attributes ?? []) {
      // Correlated: the plan starts from the products' own indexes and probes each product's row by key.
      c.push(sql`exists (select 1 from product_attributes pa where pa.product_id = p.id and pa.name = ${name} and pa.value in (${sql.join(values)}))`);
    }
    const price = unindexed.price && !filter.prices ? sql`+p.price_e4` : priceOf(filter);
    if (filter.minE4 !== undefined) c.push(sql`${price} >= ${filter.minE4}`);
    if (filter.maxE4 !== undefined) c.push(sql`${price} <= ${filter.maxE4}`);
    // At least the smallest order the product takes: its own minimum, never below the shop's (effectiveMinimum).
    if (filter.inStock) c.push(sql`p.available_quantity >= p.minimum_order_quantity and p.available_quantity >= ${ORDER_QUANTITY_MIN}`);
    return c.length ? sql.join(c, sql` and `) : sql`1 = 1`;
  }

  function filtered(filter: CatalogueFilter, ranked = false, sort?: ProductSort) {
    const source = textSource(filter.text, ranked);
    // Without a text, the list's sort decides the index (with one, the matches are at most MATCH_SCAN_MAX + 1 anyway).
    const unindexed = sort && !filter.text ? { archived: sort === 'name', price: sort !== 'price-asc' && sort !== 'price-desc' } : {};
    return { from: source.from, where: conditions(filter, source.where, unindexed), rank: source.rank, textCount: source.textCount };
  }

  /**
   * Whether the kept counts (`product_facet_counts`) answer `filter`: visible products, narrowed
   * by category at most. Any other filter (text, brand, specification, price, stock) is counted
   * live; stock changes therefore never write the counts table.
   */
  function countable(filter: CatalogueFilter): boolean {
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
  const inCategories = (filter: CatalogueFilter) => (filter.categories ? sql`and c.category in (${sql.join(filter.categories)})` : sql``);
  /** At most MATCH_SCAN_MAX + 1 of the products matching `filter`: live counts are taken over these. */
  const sampleOf = (filter: CatalogueFilter, columns: RawBuilder<unknown>) => {
    const { from, where } = filtered(filter);
    return sql`(select ${columns} from ${from} where ${where} limit ${MATCH_SCAN_MAX + 1})`;
  };

  /**
   * The reads, each statement limited to the request's time budget when `deadline` is given. On
   * PostgreSQL that is `statement_timeout` set for the statement's own transaction (`set local`);
   * a SQLite statement cannot be interrupted from its own thread, so on SQLite the reads run in
   * the reader pool's workers (catalogue-reader-pool.ts), which answer the caller at the deadline.
   */
  function reads(deadline?: number) {
    async function run<R>(query: RawBuilder<R>): Promise<R[]> {
      if (!pg || deadline === undefined) return (await query.execute(db)).rows;
      const ms = Math.max(1, Math.floor(deadline - Date.now()));
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
          return (await query.execute(trx)).rows;
        });
      } catch (err) {
        // 57014: query_canceled (the statement timeout).
        if ((err as { code?: unknown }).code === '57014') throw new CatalogueBudgetError();
        throw err;
      }
    }

    return {
      /**
       * A page of the filtered list, and with a text its bounded count from the same read: the
       * matches (at most MATCH_SCAN_MAX + 1) are counted by a window over them before the page is
       * cut (`count` is undefined without a text, or when the page is past the matches).
       */
      async list(filter: CatalogueFilter, page: { sort: ProductSort; offset: number; limit: number }): Promise<{ rows: ProductRow[]; count?: BoundedCount }> {
        const ranked = filter.text !== undefined && page.sort === 'relevance';
        const { from, where, rank, textCount } = filtered(filter, ranked, page.sort);
        const rankColumn = ranked ? sql`, ${rank} as m_rank` : sql``;
        const callerPriced = sortsByCallerPrice(filter, page.sort);
        const priceColumn = callerPriced ? sql`, ${priceOf(filter)} as m_price` : sql``;
        // Without a text the page stops early on an index in sort order; a window would read every match.
        const counted = filter.text !== undefined;
        const countColumns = counted ? sql`, k.n_all as n_all, ${textCount ? sql`k.n_text` : textScanned(filter.text)} as n_text` : sql``;
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
        const { textCount } = filtered(filter);
        const rows = await run(
          textCount
            ? sql<{
                n: number;
                t: number;
              }>`select count(*) as n, ${textTotal(filter.text, textCount, 's')} as t from ${sampleOf(filter, sql`${textCount} as n_text`)} s`
            : sql<{ n: number; t: number }>`select (select count(*) from ${sampleOf(filter, sql`1`)} s) as n, ${textScanned(filter.text)} as t`,
        );
        const n = Number(rows[0]?.n ?? 0);
        const more = n > MATCH_SCAN_MAX || Number(rows[0]?.t ?? 0) > MATCH_SCAN_MAX;
        return { n: Math.min(n, MATCH_SCAN_MAX), more };
      },

      /** Matching products per category (filed directly; null category left out) or per brand (empty brand left out). */
      async valueCounts(filter: CatalogueFilter, column: 'category' | 'brand', max: number): Promise<ValueCount[]> {
        let rows: ValueCount[];
        if (countable(filter)) {
          const kept =
            column === 'category'
              ? sql`select c.category as value, sum(c.n) as n from product_facet_counts c where c.kind = 'all' and c.category <> '' ${inCategories(filter)} group by c.category`
              : sql`select c.value as value, sum(c.n) as n from product_facet_counts c where c.kind = 'brand' ${inCategories(filter)} group by c.value`;
          rows = await run(sql<ValueCount>`select value, n from (${kept}) k where n > 0 order by n desc limit ${max}`);
        } else {
          const ref = sql.ref(`p.${column}`);
          rows = await run(sql<ValueCount>`select s.value as value, count(*) as n from ${sampleOf(filter, sql`${ref} as value`)} s
            where s.value is not null and s.value <> '' group by s.value order by n desc limit ${max}`);
        }
        return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
      },

      async priceRange(filter: CatalogueFilter): Promise<{ min: number | null; max: number | null }> {
        let query: RawBuilder<{ lo: number | null; hi: number | null }>;
        if (countable(filter) && !filter.prices) {
          // One index seek per bound (and per category): products_archived_price, products_category_price.
          const bound = (fn: 'min' | 'max', category: string | null) =>
            sql`(select ${sql.raw(fn)}(p.price_e4) from products p where p.archived = 0 ${category === null ? sql`` : sql`and p.category = ${category}`})`;
          const perCategory = filter.categories ?? [null];
          query = sql`select min(lo) as lo, max(hi) as hi from (${sql.join(
            perCategory.map((c) => sql`select ${bound('min', c)} as lo, ${bound('max', c)} as hi`),
            sql` union all `,
          )}) b`;
        } else {
          query = sql`select min(s.price_e4) as lo, max(s.price_e4) as hi from ${sampleOf(filter, sql`${priceOf(filter)} as price_e4`)} s`;
        }
        const r = (await run(query))[0];
        return { min: r?.lo == null ? null : Number(r.lo), max: r?.hi == null ? null : Number(r.hi) };
      },

      /**
       * Everything `wants` asks of one filter, as one read: from the kept counts when they answer
       * it (countable), else in ONE statement over at most MATCH_SCAN_MAX + 1 matching products,
       * read once (a materialised CTE) and counted by category, brand, price and specification.
       */
      async facetCounts(filter: CatalogueFilter, wants: FacetWants): Promise<FacetCounts> {
        const out: FacetCounts = { count: { n: 0, more: false }, categories: [], brands: [], price: { min: null, max: null }, attributes: [] };
        if (countable(filter)) {
          const self = reads(deadline);
          const [count, categories, brands, price, attributes] = await Promise.all([
            self.count(filter),
            wants.categories ? self.valueCounts(filter, 'category', wants.categories.max) : [],
            wants.brands ? self.valueCounts(filter, 'brand', wants.brands.max) : [],
            wants.price ? self.priceRange(filter) : out.price,
            wants.attributes ? self.attributeCounts(filter, wants.attributes, wants.attributes.perName) : [],
          ]);
          return { count, categories, brands, price, attributes };
        }
        const { from, where, textCount } = filtered(filter);
        const parts: RawBuilder<unknown>[] = [
          sql`select 'n' as kind, '' as name, '' as value, count(*) as n, ${textTotal(filter.text, textCount, 's')} as total from s`,
        ];
        if (wants.categories) {
          parts.push(sql`select * from (select 'category' as kind, '' as name, s.category as value, count(*) as n, 0 as total from s
            where s.category is not null and s.category <> '' group by s.category order by n desc limit ${wants.categories.max}) c`);
        }
        if (wants.brands) {
          parts.push(sql`select * from (select 'brand' as kind, '' as name, s.brand as value, count(*) as n, 0 as total from s
            where s.brand is not null and s.brand <> '' group by s.brand order by n desc limit ${wants.brands.max}) b`);
        }
        if (wants.price) parts.push(sql`select 'price' as kind, '' as name, '' as value, min(s.price_e4) as n, max(s.price_e4) as total from s`);
        if (wants.attributes) {
          const { only, except, perName } = wants.attributes;
          // PostgreSQL: each sampled product's specifications from its own row (the sample read it), as
          // product_attributes keeps them (jsonb_each_text), not one index lookup per product.
          const specifications = pg
            ? sql`cross join lateral jsonb_each_text(s.attributes::jsonb) as a(name, value) where 1 = 1`
            : sql`cross join product_attributes a where a.product_id = s.id`;
          const nameCond = only !== undefined ? sql`a.name = ${only}` : except?.length ? sql`a.name not in (${sql.join(except)})` : sql`1 = 1`;
          parts.push(sql`select 'attr' as kind, name, value, n, name_total as total from (
              select name, value, n, row_number() over (partition by name order by n desc, value) as r, sum(n) over (partition by name) as name_total
              from (select a.name as name, a.value as value, count(*) as n from s ${specifications} and ${nameCond} group by a.name, a.value) g
            ) t where r <= ${perName}`);
        }
        const sampleColumns = sql`${textCount ? sql`, ${textCount} as n_text` : sql``}${pg && wants.attributes ? sql`, p.attributes` : sql``}`;
        const rows = await run(sql<{ kind: string; name: string; value: string; n: number | null; total: number | null }>`
          with s as materialized (select p.id, p.category, p.brand, ${priceOf(filter)} as price_e4${sampleColumns} from ${from} where ${where} limit ${MATCH_SCAN_MAX + 1})
          ${sql.join(parts, sql` union all `)}`);
        for (const r of rows) {
          if (r.kind === 'n') {
            const n = Number(r.n ?? 0);
            out.count = { n: Math.min(n, MATCH_SCAN_MAX), more: n > MATCH_SCAN_MAX || Number(r.total ?? 0) > MATCH_SCAN_MAX };
          } else if (r.kind === 'category') out.categories.push({ value: r.value, n: Number(r.n) });
          else if (r.kind === 'brand') out.brands.push({ value: r.value, n: Number(r.n) });
          else if (r.kind === 'price') out.price = { min: r.n == null ? null : Number(r.n), max: r.total == null ? null : Number(r.total) };
          else out.attributes.push({ name: r.name, value: r.value, n: Number(r.n), nameTotal: Number(r.total) });
        }
        return out;
      },

      /**
       * Matching products per (specification, value): only the specification `only`, or every one
       * but `except`; at most `perName` values per name (the most frequent).
       */
      async attributeCounts(filter: CatalogueFilter, names: { only?: string; except?: string[] }, perName: number): Promise<AttributeCount[]> {
        const nameCond =
          names.only !== undefined ? sql`a.name = ${names.only}` : names.except?.length ? sql`a.name not in (${sql.join(names.except)})` : sql`1 = 1`;
        let counted: RawBuilder<unknown>;
        if (countable(filter)) {
          counted = sql`select a.name as name, a.value as value, sum(a.n) as n from product_facet_counts a
            where a.kind = 'attr' and ${nameCond} ${filter.categories ? sql`and a.category in (${sql.join(filter.categories)})` : sql``}
            group by a.name, a.value having sum(a.n) > 0`;
        } else {
          // Driven from the narrowed products (their own indexes first, at most MATCH_SCAN_MAX + 1),
          // each one's specifications read by its primary key: never the whole specification table
          // (`cross join` fixes that order on SQLite, whose planner cannot size the sample).
          counted = sql`select a.name as name, a.value as value, count(*) as n
            from ${sampleOf(filter, sql`p.id`)} s cross join product_attributes a
            where a.product_id = s.id and ${nameCond} group by a.name, a.value`;
        }
        const rows = await run(sql<{ name: string; value: string; n: number; name_total: number }>`
          select name, value, n, name_total from (
            select name, value, n,
              row_number() over (partition by name order by n desc, value) as r,
              sum(n) over (partition by name) as name_total
            from (${counted}) g
          ) t where r <= ${perName}`);
        return rows.map((r) => ({ name: r.name, value: r.value, n: Number(r.n), nameTotal: Number(r.name_total) }));
      },
    };
  }

  return { reads };
}

/** The catalogue's reads, as the service calls them (on the main connection, or in the reader pool's workers). */
export type CatalogueReads = ReturnType<ReturnType<typeof createCatalogueSearchRepository>['reads']>;

/** Where the catalogue is read: `reads(deadline)` gives reads limited to a request's time budget (ms since the epoch). */
export interface CatalogueReader {
  reads(deadline?: number): CatalogueReads;
}
