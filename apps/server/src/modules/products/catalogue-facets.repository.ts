import { sql, type RawBuilder } from 'kysely';
import { countable, filtered, inCategories, priceOf, sampleOf } from './catalogue-filter.repository.js';
import {
  MATCH_SCAN_MAX,
  type AttributeCount,
  type BoundedCount,
  type CatalogueFilter,
  type CatalogueReadContext,
  type FacetCounts,
  type FacetWants,
  type ValueCount,
} from './catalogue-search.types.js';
import { textTotal } from './catalogue-text-search.repository.js';

/**
 * The catalogue's facet reads: matching products per category, brand and (specification, value),
 * and the price range, each from the kept counts (`product_facet_counts`) when they answer the
 * filter (`countable`), else counted live over at most MATCH_SCAN_MAX + 1 matching products.
 */

/** The facet reads over `run`; `countOf` is the list reads' count (facetCounts answers it too). */
export function createFacetReads({ pg, run }: CatalogueReadContext, countOf: (filter: CatalogueFilter) => Promise<BoundedCount>) {
  const self = {
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
        rows = await run(sql<ValueCount>`select s.value as value, count(*) as n from ${sampleOf(pg, filter, sql`${ref} as value`)} s
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
        query = sql`select min(s.price_e4) as lo, max(s.price_e4) as hi from ${sampleOf(pg, filter, sql`${priceOf(pg, filter)} as price_e4`)} s`;
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
        const [count, categories, brands, price, attributes] = await Promise.all([
          countOf(filter),
          wants.categories ? self.valueCounts(filter, 'category', wants.categories.max) : [],
          wants.brands ? self.valueCounts(filter, 'brand', wants.brands.max) : [],
          wants.price ? self.priceRange(filter) : out.price,
          wants.attributes ? self.attributeCounts(filter, wants.attributes, wants.attributes.perName) : [],
        ]);
        return { count, categories, brands, price, attributes };
      }
      const { from, where, textCount } = filtered(pg, filter);
      const parts: RawBuilder<unknown>[] = [
        sql`select 'n' as kind, '' as name, '' as value, count(*) as n, ${textTotal(pg, filter.text, textCount, 's')} as total from s`,
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
          with s as materialized (select p.id, p.category, p.brand, ${priceOf(pg, filter)} as price_e4${sampleColumns} from ${from} where ${where} limit ${MATCH_SCAN_MAX + 1})
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
            from ${sampleOf(pg, filter, sql`p.id`)} s cross join product_attributes a
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
  return self;
}
