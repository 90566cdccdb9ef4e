import {
  centsToDollars,
  descendantSlugs,
  normalizeSku,
  rollUpCategoryCounts,
  skuProblem,
  type CategoryNode,
  type ProductFacets,
  type ProductFilters,
  type ProductListQuery,
} from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import { searchWords, type CatalogueFilter, type CatalogueSearchRepository } from './catalogue-search.repository.js';
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
  repo: CatalogueSearchRepository;
  /** The category tree (the categories module answers); widens `category` to its descendants. */
  categoryTree: () => Promise<CategoryNode[]>;
}

type Dimension = 'category' | 'brand' | 'price' | { attribute: string };

/** Dollars → cents for a bound: inclusive, so $0.125 as a minimum starts at 13 cents. */
const minCents = (dollars: number) => Math.ceil(Math.round(dollars * 1e6) / 1e4);
const maxCents = (dollars: number) => Math.floor(Math.round(dollars * 1e6) / 1e4);

const byCountThenValue = <T extends { count: number; value: string }>(a: T, b: T) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * The orchestration of the catalogue search: the query turned into a resolved filter (words,
 * descendants, cents), the list with its exact count, and the facets, each counted with its own
 * selection left out. The SQL is in catalogue-search.repository.ts.
 */
export function createCatalogueSearch({ repo, categoryTree }: CatalogueSearchDeps) {
  async function resolve(query: ProductFilters, includeArchived: boolean, needTree: boolean): Promise<{ filter: CatalogueFilter; nodes: CategoryNode[] }> {
    const nodes = needTree ? await categoryTree() : [];
    const filter: CatalogueFilter = { includeArchived };
    const q = query.q?.trim();
    if (q) {
      const sku = normalizeSku(q);
      filter.text = { words: searchWords(q), sku: skuProblem(sku) === null ? sku : null };
    }
    if (query.category) filter.categories = descendantSlugs(nodes, query.category);
    if (query.brand?.length) filter.brands = [...new Set(query.brand)];
    const attributes = Object.entries(query.attributes ?? {}).filter(([, values]) => values.length);
    if (attributes.length) filter.attributes = attributes.map(([name, values]) => [name, [...new Set(values)]]);
    if (query.minPrice !== undefined) filter.minCents = minCents(query.minPrice);
    if (query.maxPrice !== undefined) filter.maxCents = maxCents(query.maxPrice);
    if (query.inStock) filter.inStock = true;
    return { filter, nodes };
  }

  function without(filter: CatalogueFilter, dimension: Dimension): CatalogueFilter {
    const f = { ...filter };
    if (dimension === 'category') delete f.categories;
    else if (dimension === 'brand') delete f.brands;
    else if (dimension === 'price') {
      delete f.minCents;
      delete f.maxCents;
    } else {
      const rest = (f.attributes ?? []).filter(([name]) => name !== dimension.attribute);
      if (rest.length) f.attributes = rest;
      else delete f.attributes;
    }
    return f;
  }

  return {
    async list(query: ProductListQuery, includeArchived: boolean): Promise<{ rows: ProductRow[]; total: number }> {
      // The tree is read only when a category is asked for.
      const { filter } = await resolve(query, includeArchived, query.category !== undefined);
      const sort = query.sort ?? (filter.text ? 'relevance' : 'featured');
      const page = { sort, offset: pageOffset(query.page, query.limit), limit: query.limit };
      const [rows, total] = await Promise.all([repo.list(filter, page), repo.count(filter)]);
      return { rows, total };
    },

    async facets(query: ProductFilters, includeArchived: boolean): Promise<ProductFacets> {
      const { filter, nodes } = await resolve(query, includeArchived, true);
      const attributeFilters = (filter.attributes ?? []).map(([name]) => name);
      const [total, direct, brands, price, others, ...own] = await Promise.all([
        repo.count(filter),
        repo.valueCounts(without(filter, 'category'), 'category', FACET_CATEGORIES_MAX),
        repo.valueCounts(without(filter, 'brand'), 'brand', FACET_BRANDS_MAX),
        repo.priceRange(without(filter, 'price')),
        repo.attributeCounts(filter, { except: attributeFilters }, FACET_VALUES_MAX),
        ...attributeFilters.map((name) => repo.attributeCounts(without(filter, { attribute: name }), { only: name }, FACET_VALUES_MAX)),
      ]);

      const rolled = rollUpCategoryCounts(nodes, new Map(direct.map((d) => [d.value, d.n])));
      const categories = [...rolled]
        .filter(([, count]) => count > 0)
        .map(([slug, count]) => ({ slug, value: slug, count }))
        .sort(byCountThenValue)
        .map(({ slug, count }) => ({ slug, count }));

      // Names ranked by how many matching products have them; the filtered ones always stay.
      const byName = new Map<string, { total: number; values: { value: string; count: number }[] }>();
      for (const a of [...others, ...own.flat()]) {
        const entry = byName.get(a.name) ?? { total: a.nameTotal, values: [] };
        entry.values.push({ value: a.value, count: a.n });
        byName.set(a.name, entry);
      }
      const names = [...byName.keys()].sort((a, b) => {
        const filtered = Number(attributeFilters.includes(b)) - Number(attributeFilters.includes(a));
        return filtered || (byName.get(b)?.total ?? 0) - (byName.get(a)?.total ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
      });
      const attributes: ProductFacets['attributes'] = {};
      for (const name of names.slice(0, FACET_ATTRIBUTE_NAMES_MAX)) attributes[name] = (byName.get(name)?.values ?? []).sort(byCountThenValue);

      return {
        total,
        categories,
        brands: brands.map((b) => ({ value: b.value, count: b.n })).sort(byCountThenValue),
        attributes,
        price: { min: price.min === null ? null : centsToDollars(price.min), max: price.max === null ? null : centsToDollars(price.max) },
      };
    },
  };
}

export type CatalogueSearch = ReturnType<typeof createCatalogueSearch>;
