import {
  e4ToDollars,
  descendantSlugs,
  naturalCompare,
  normalizeSku,
  rollUpCategoryCounts,
  skuProblem,
  type CategoryNode,
  type ProductFacets,
  type ProductFilters,
  type ProductListQuery,
} from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import { AppError } from '../../lib/errors.js';
import type { CatalogueCache } from './catalogue-cache.js';
import {
  CatalogueBudgetError,
  searchWords,
  type BoundedCount,
  type CallerPrices,
  type CatalogueFilter,
  type CatalogueReader,
  type FacetCounts,
  type FacetWants,
  type CatalogueReads,
} from './catalogue-search.repository.js';
import type { ProductRow } from './products.repository.js';

/**
 * Facet caps, so one answer stays small whatever the catalogue holds: the most frequent values
 * of each facet (ties by value), and the specifications most products have.
 */
export const FACET_VALUES_MAX = 50;
export const FACET_ATTRIBUTE_NAMES_MAX = 30;
export const FACET_BRANDS_MAX = 50;
/** Categories are all counted (a shop has tens); this only bounds bad data. */
const FACET_CATEGORIES_MAX = 10_000;

export interface CatalogueSearchDeps {
  /** Where the catalogue is read: the main connection, or the SQLite reader pool (ADR 0023). */
  reader: CatalogueReader;
  /** The category tree (the categories module answers); widens `category` to its descendants. */
  categoryTree: () => Promise<CategoryNode[]>;
  /** Each request's time budget for its reads (ms); past it the answer is cut short, not late. */
  budgetMs?: number;
  /** Facets are kept here per normalised query for the cache's lifetime (cleared with it on every catalogue write). */
  cache?: Pick<CatalogueCache, 'getValue' | 'setValue' | 'generation'>;
}

export const CATALOGUE_BUSY_MESSAGE = 'The catalogue is busy, try again';
const isBudget = (err: unknown) => err instanceof CatalogueBudgetError;
/** `promise`, or `fallback()` when it ran out of the request's time budget. */
const orWhenLate = <T>(promise: Promise<T>, fallback: () => T): Promise<T> =>
  promise.catch((err: unknown) => (isBudget(err) ? fallback() : Promise.reject(err)));

/** The resolved filter as a cache key: arrays sorted, so `brand=A&brand=B` and `brand=B&brand=A` are one entry. */
function filterKey(filter: CatalogueFilter): string {
  const sorted = (values: string[] | undefined) => (values ? [...values].sort() : null);
  return JSON.stringify([
    filter.text ? [filter.text.words, filter.text.sku] : null,
    sorted(filter.categories),
    sorted(filter.brands),
    filter.attributes ? [...filter.attributes].map(([name, values]) => [name, [...values].sort()]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)) : null,
    filter.minE4 ?? null,
    filter.maxE4 ?? null,
    filter.inStock ?? false,
    filter.includeArchived,
    filter.prices?.key ?? null,
  ]);
}

type Dimension = 'category' | 'brand' | 'price' | { attribute: string };

/** Dollars → 1/10,000 dollar for a bound (issue 30): inclusive, so $0.12345 as a minimum starts at $0.1235. */
const minE4 = (dollars: number) => Math.ceil(Math.round(dollars * 1e8) / 1e4);
const maxE4 = (dollars: number) => Math.floor(Math.round(dollars * 1e8) / 1e4);

const byCountThenValue = <T extends { count: number; value: string }>(a: T, b: T) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
/**
 * Brand and specification values as people read sizes (issue 33): M4, M5, M6, M8, M10; 10 mm before
 * 100 mm (shared `naturalCompare`). Which values are listed is still decided by count (the most
 * frequent FACET_VALUES_MAX); only their order is natural. Here, after the reads, so both engines agree.
 */
const byValue = <T extends { value: string }>(a: T, b: T) => naturalCompare(a.value, b.value);

/**
 * The orchestration of the catalogue search: the query turned into a resolved filter (words,
 * descendants, cents), the list with its exact count, and the facets, each counted with its own
 * selection left out. The SQL is in catalogue-search.repository.ts (and the catalogue-*.repository.ts files it names).
 */
export function createCatalogueSearch({ reader, categoryTree, budgetMs = 1_500, cache }: CatalogueSearchDeps) {
  const readsForRequest = (): CatalogueReads => reader.reads(Date.now() + budgetMs);
  async function resolve(
    query: ProductFilters,
    includeArchived: boolean,
    needTree: boolean,
    prices: CallerPrices | undefined,
  ): Promise<{ filter: CatalogueFilter; nodes: CategoryNode[] }> {
    const nodes = needTree ? await categoryTree() : [];
    const filter: CatalogueFilter = { includeArchived };
    if (prices) filter.prices = prices;
    const q = query.q?.trim();
    if (q) {
      const sku = normalizeSku(q);
      filter.text = { words: searchWords(q), sku: skuProblem(sku) === null ? sku : null };
    }
    if (query.category) filter.categories = descendantSlugs(nodes, query.category);
    if (query.brand?.length) filter.brands = [...new Set(query.brand)];
    const attributes = Object.entries(query.attributes ?? {}).filter(([, values]) => values.length);
    if (attributes.length) filter.attributes = attributes.map(([name, values]) => [name, [...new Set(values)]]);
    if (query.minPrice !== undefined) filter.minE4 = minE4(query.minPrice);
    if (query.maxPrice !== undefined) filter.maxE4 = maxE4(query.maxPrice);
    if (query.inStock) filter.inStock = true;
    return { filter, nodes };
  }

  function without(filter: CatalogueFilter, dimension: Dimension): CatalogueFilter {
    const f = { ...filter };
    if (dimension === 'category') delete f.categories;
    else if (dimension === 'brand') delete f.brands;
    else if (dimension === 'price') {
      delete f.minE4;
      delete f.maxE4;
    } else {
      const rest = (f.attributes ?? []).filter(([name]) => name !== dimension.attribute);
      if (rest.length) f.attributes = rest;
      else delete f.attributes;
    }
    return f;
  }

  return {
    /** `prices`: the caller's own prices, which `minPrice`/`maxPrice` then bound. */
    async list(query: ProductListQuery, includeArchived: boolean, prices?: CallerPrices): Promise<{ rows: ProductRow[]; total: number }> {
      // The tree is read only when a category is asked for.
      const { filter } = await resolve(query, includeArchived, query.category !== undefined, prices);
      const sort = query.sort ?? (filter.text ? 'relevance' : 'featured');
      const page = { sort, offset: pageOffset(query.page, query.limit), limit: query.limit };
      const reads = readsForRequest();
      const busy = (err: unknown) => Promise.reject(isBudget(err) ? new AppError('UNAVAILABLE', CATALOGUE_BUSY_MESSAGE) : err);
      // A count cut short by the budget: what the page shows is a lower bound.
      const countOf = () => orWhenLate(reads.count(filter), (): BoundedCount => ({ n: page.offset + rows.length, more: true }));
      let rows: ProductRow[] = [];
      let count: BoundedCount | undefined;
      if (filter.text) {
        // A search counts its matches in the same read as its page (one pass over them).
        ({ rows, count } = await reads.list(filter, page).catch(busy));
        count ??= await countOf();
      } else {
        const [listed, counted] = await Promise.all([reads.list(filter, page).catch(busy), orWhenLate(reads.count(filter), () => undefined)]);
        rows = listed.rows;
        count = counted ?? { n: page.offset + rows.length, more: true };
      }
      return { rows, total: count.n };
    },

    /** `prices`: the caller's own prices, which `minPrice`/`maxPrice` and the price range use. */
    async facets(query: ProductFilters, includeArchived: boolean, prices?: CallerPrices): Promise<ProductFacets> {
      const { filter, nodes } = await resolve(query, includeArchived, true, prices);
      const key = `facets\u0000${filterKey(filter)}`;
      const kept = cache?.getValue<ProductFacets>(key);
      if (kept) return kept;
      const generation = cache?.generation;
      const reads = readsForRequest();
      let cutShort = false;
      const late =
        <T>(value: T) =>
        (): T => {
          cutShort = true;
          return value;
        };

      // One read per distinct filter (a facet's filter is the request's unless its own selection
      // is set): each read counts everything asked of its filter over the same matches.
      const attributeFilters = (filter.attributes ?? []).map(([name]) => name);
      const groups = new Map<string, { filter: CatalogueFilter; wants: FacetWants }>();
      const ask = (f: CatalogueFilter, want: FacetWants) => {
        const k = filterKey(f);
        const group = groups.get(k) ?? { filter: f, wants: {} };
        group.wants = { ...group.wants, ...want };
        groups.set(k, group);
        return k;
      };
      const totalKey = ask(filter, { attributes: { except: attributeFilters, perName: FACET_VALUES_MAX } });
      const categoryKey = ask(without(filter, 'category'), { categories: { max: FACET_CATEGORIES_MAX } });
      const brandKey = ask(without(filter, 'brand'), { brands: { max: FACET_BRANDS_MAX } });
      const priceKey = ask(without(filter, 'price'), { price: true });
      // A specification's own counts need a read of their own: its filter differs from the request's in that name.
      const ownFilters = attributeFilters.map((name) => [name, without(filter, { attribute: name })] as const);
      const empty: FacetCounts = { count: { n: 0, more: true }, categories: [], brands: [], price: { min: null, max: null }, attributes: [] };
      const results = new Map(
        await Promise.all([...groups].map(async ([k, g]) => [k, await orWhenLate(reads.facetCounts(g.filter, g.wants), late(empty))] as const)),
      );
      const own = await Promise.all(
        ownFilters.map(([name, f]) => orWhenLate(reads.facetCounts(f, { attributes: { only: name, perName: FACET_VALUES_MAX } }), late(empty))),
      );
      const of = (k: string) => results.get(k) ?? empty;
      const total = of(totalKey).count;
      const direct = of(categoryKey).categories;
      const brands = of(brandKey).brands;
      const price = of(priceKey).price;
      const others = of(totalKey).attributes;
      const categoriesMore = of(categoryKey).count.more;
      const brandsMore = of(brandKey).count.more;
      const priceMore = of(priceKey).count.more;
      const othersMore = total.more;
      const ownMore = own.map((o) => o.count.more);
      const mark = (approximate: boolean | undefined) => (approximate ? { approximate: true as const } : {});

      const rolled = rollUpCategoryCounts(nodes, new Map(direct.map((d) => [d.value, d.n])));
      const categories = [...rolled]
        .filter(([, count]) => count > 0)
        .map(([slug, count]) => ({ slug, value: slug, count }))
        .sort(byCountThenValue)
        .map(({ slug, count }) => ({ slug, count, ...mark(categoriesMore) }));

      // Names ranked by how many matching products have them; the filtered ones always stay.
      const byName = new Map<string, { total: number; values: { value: string; count: number; approximate?: true }[] }>();
      const gather = (list: typeof others, approximate: boolean | undefined) => {
        for (const a of list) {
          const entry = byName.get(a.name) ?? { total: a.nameTotal, values: [] };
          entry.values.push({ value: a.value, count: a.n, ...mark(approximate) });
          byName.set(a.name, entry);
        }
      };
      gather(others, othersMore);
      own.forEach((o, i) => gather(o.attributes, ownMore[i]));
      const names = [...byName.keys()].sort((a, b) => {
        const filtered = Number(attributeFilters.includes(b)) - Number(attributeFilters.includes(a));
        return filtered || (byName.get(b)?.total ?? 0) - (byName.get(a)?.total ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
      });
      const attributes: ProductFacets['attributes'] = {};
      for (const name of names.slice(0, FACET_ATTRIBUTE_NAMES_MAX)) attributes[name] = (byName.get(name)?.values ?? []).sort(byValue);

      const answer: ProductFacets = {
        total: total.n,
        categories,
        brands: brands.map((b) => ({ value: b.value, count: b.n, ...mark(brandsMore) })).sort(byValue),
        attributes,
        price: {
          min: price.min === null ? null : e4ToDollars(price.min),
          max: price.max === null ? null : e4ToDollars(price.max),
          ...mark(priceMore),
        },
        ...mark(total.more || cutShort),
      };
      // An answer cut short by the budget is not kept: the next request may have the time.
      if (!cutShort) cache?.setValue(key, answer, generation);
      return answer;
    },
  };
}

export type CatalogueSearch = ReturnType<typeof createCatalogueSearch>;
