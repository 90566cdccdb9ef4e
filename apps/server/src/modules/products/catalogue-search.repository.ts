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
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  includeArchived: boolean;
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
    'price_cents',
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
    'images',
  ]
    .map((c) => `p.${c}`)
    .join(', '),
);

function orderBy(sort: ProductSort, ranked: boolean, alias = 'p'): RawBuilder<unknown> {
  const t = sql.raw(alias);
  switch (sort) {
    case 'price-asc':
      return sql`${t}.price_cents asc, ${t}.id asc`;
    case 'price-desc':
      return sql`${t}.price_cents desc, ${t}.id asc`;
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
   * better), with the full-text condition when there is a text. An exact SKU always matches.
   */
  function textSource(text: CatalogueFilter['text'], ranked: boolean): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[]; rank: RawBuilder<unknown> } {
    if (!text) return { from: sql`products p`, where: [], rank: sql`0` };
    const { words, sku } = text;
    if (pg) {
      const tsquery = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
      const query = sql`to_tsquery('simple', ${tsquery})`;
      const skuMatch = sku === null ? sql`false` : sql`p.sku = ${sku}`;
      const textMatch = words.length ? sql`p.search_vector @@ ${query}` : sql`false`;
      return {
        from: sql`products p`,
        where: [sql`(${textMatch} or ${skuMatch})`],
        rank: sql`case when ${skuMatch} then ${EXACT_SKU_RANK} else ${words.length ? sql`-ts_rank(p.search_vector, ${query})` : sql`0`} end`,
      };
    }
    // FTS5: each word a quoted string (letters and digits only), all required, the last a prefix.
    const match = `{sku name brand description attrs} : (${words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' AND ')})`;
    if (!ranked) {
      // Counts and facets need the matching set only: computing bm25 for every match costs more than the match.
      const ids: RawBuilder<unknown>[] = [];
      if (words.length) ids.push(sql`select product_id from products_fts where products_fts match ${match}`);
      if (sku !== null) ids.push(sql`select id from products where sku = ${sku}`);
      const where = ids.length ? sql`p.id in (${sql.join(ids, sql` union `)})` : sql`0 = 1`;
      return { from: sql`products p`, where: [where], rank: sql`0` };
    }
    const parts: RawBuilder<unknown>[] = [];
    if (words.length) parts.push(sql`select product_id, bm25(products_fts, ${BM25_WEIGHTS}) as rank from products_fts where products_fts match ${match}`);
    if (sku !== null) parts.push(sql`select id as product_id, ${EXACT_SKU_RANK} as rank from products where sku = ${sku}`);
    if (!parts.length) parts.push(sql`select null as product_id, 0 as rank where 0`);
    // One part stands alone: flattened into an aggregate, bm25() would be out of its context.
    const matches = parts.length === 1 ? parts[0] : sql`select product_id, min(rank) as rank from (${sql.join(parts, sql` union all `)}) group by product_id`;
    return {
      from: sql`(${matches}) m join products p on p.id = m.product_id`,
      where: [],
      rank: sql`m.rank`,
    };
  }

  /** The WHERE conditions of `filter` (never empty). */
  function conditions(filter: CatalogueFilter, extra: RawBuilder<unknown>[]): RawBuilder<unknown> {
    const c: RawBuilder<unknown>[] = [...extra];
    if (!filter.includeArchived) c.push(sql`p.archived = 0`);
    if (filter.categories) c.push(sql`p.category in (${sql.join(filter.categories)})`);
    if (filter.brands) c.push(sql`p.brand in (${sql.join(filter.brands)})`);
    for (const [name, values] of filter.attributes ?? []) {
      // Correlated: the plan starts from the products' own indexes and probes each product's row by key.
      c.push(sql`exists (select 1 from product_attributes pa where pa.product_id = p.id and pa.name = ${name} and pa.value in (${sql.join(values)}))`);
    }
    if (filter.minCents !== undefined) c.push(sql`p.price_cents >= ${filter.minCents}`);
    if (filter.maxCents !== undefined) c.push(sql`p.price_cents <= ${filter.maxCents}`);
    // At least the smallest order the product takes: its own minimum, never below the shop's (effectiveMinimum).
    if (filter.inStock) c.push(sql`p.available_quantity >= p.minimum_order_quantity and p.available_quantity >= ${ORDER_QUANTITY_MIN}`);
    return c.length ? sql.join(c, sql` and `) : sql`1 = 1`;
  }

  function filtered(filter: CatalogueFilter, ranked = false) {
    const source = textSource(filter.text, ranked);
    return { from: source.from, where: conditions(filter, source.where), rank: source.rank };
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
      filter.minCents === undefined &&
      filter.maxCents === undefined &&
      !filter.inStock
    );
  }
  const inCategories = (filter: CatalogueFilter) => (filter.categories ? sql`and c.category in (${sql.join(filter.categories)})` : sql``);

  return {
    async list(filter: CatalogueFilter, page: { sort: ProductSort; offset: number; limit: number }): Promise<ProductRow[]> {
      const ranked = filter.text !== undefined && page.sort === 'relevance';
      const { from, where, rank } = filtered(filter, ranked);
      const rankColumn = ranked ? sql`, ${rank} as m_rank` : sql``;
      // The page is chosen on the sort keys alone, then only its rows are read whole: sorting
      // thousands of full rows (descriptions, JSON) costs more than finding them.
      const { rows } = await sql<ProductRow>`select ${COLUMNS} from (
          select p.id, p.position, p.price_cents, p.name_lower, p.created_at${rankColumn} from ${from} where ${where}
          order by ${orderBy(page.sort, ranked)} limit ${page.limit} offset ${page.offset}
        ) k join products p on p.id = k.id
        order by ${orderBy(page.sort, ranked, 'k')}`.execute(db);
      return rows;
    },

    /** The exact number of matches. */
    async count(filter: CatalogueFilter): Promise<number> {
      if (countable(filter)) {
        const { rows } = await sql<{ n: number | null }>`select sum(c.n) as n from product_facet_counts c where c.kind = 'all' ${inCategories(filter)}`.execute(
          db,
        );
        return Number(rows[0]?.n ?? 0);
      }
      const { from, where } = filtered(filter);
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${from} where ${where}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Matching products per category (filed directly; null category left out) or per brand (empty brand left out). */
    async valueCounts(filter: CatalogueFilter, column: 'category' | 'brand', max: number): Promise<ValueCount[]> {
      if (countable(filter)) {
        const kept =
          column === 'category'
            ? sql`select c.category as value, sum(c.n) as n from product_facet_counts c where c.kind = 'all' and c.category <> '' ${inCategories(filter)} group by c.category`
            : sql`select c.value as value, sum(c.n) as n from product_facet_counts c where c.kind = 'brand' ${inCategories(filter)} group by c.value`;
        const { rows } = await sql<ValueCount>`select value, n from (${kept}) k where n > 0 order by n desc limit ${max}`.execute(db);
        return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
      }
      const { from, where } = filtered(filter);
      const ref = sql.ref(`p.${column}`);
      const { rows } = await sql<ValueCount>`select ${ref} as value, count(*) as n from ${from}
        where ${where} and ${ref} is not null and ${ref} <> '' group by ${ref} order by n desc limit ${max}`.execute(db);
      return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
    },

    async priceRange(filter: CatalogueFilter): Promise<{ min: number | null; max: number | null }> {
      let query: RawBuilder<{ lo: number | null; hi: number | null }>;
      if (countable(filter)) {
        // One index seek per bound (and per category): products_archived_price, products_category_price.
        const bound = (fn: 'min' | 'max', category: string | null) =>
          sql`(select ${sql.raw(fn)}(p.price_cents) from products p where p.archived = 0 ${category === null ? sql`` : sql`and p.category = ${category}`})`;
        const perCategory = filter.categories ?? [null];
        query = sql`select min(lo) as lo, max(hi) as hi from (${sql.join(
          perCategory.map((c) => sql`select ${bound('min', c)} as lo, ${bound('max', c)} as hi`),
          sql` union all `,
        )}) b`;
      } else {
        const { from, where } = filtered(filter);
        query = sql`select min(p.price_cents) as lo, max(p.price_cents) as hi from ${from} where ${where}`;
      }
      const { rows } = await query.execute(db);
      const r = rows[0];
      return { min: r?.lo == null ? null : Number(r.lo), max: r?.hi == null ? null : Number(r.hi) };
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
        // Driven from the narrowed products (their own indexes first), each one's specifications
        // read by its primary key: never the whole specification table.
        const { from, where } = filtered(filter);
        counted = sql`select a.name as name, a.value as value, count(*) as n
          from (select p.id from ${from} where ${where}) s join product_attributes a on a.product_id = s.id
          where ${nameCond} group by a.name, a.value`;
      }
      const { rows } = await sql<{ name: string; value: string; n: number; name_total: number }>`
        select name, value, n, name_total from (
          select name, value, n,
            row_number() over (partition by name order by n desc, value) as r,
            sum(n) over (partition by name) as name_total
          from (${counted}) g
        ) t where r <= ${perName}`.execute(db);
      return rows.map((r) => ({ name: r.name, value: r.value, n: Number(r.n), nameTotal: Number(r.name_total) }));
    },
  };
}

export type CatalogueSearchRepository = ReturnType<typeof createCatalogueSearchRepository>;
