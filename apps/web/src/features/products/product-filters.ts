import { ATTRIBUTE_FILTER_PREFIX } from '@bulkparts/shared/search';
import { PRODUCT_SORTS, type ProductSort } from '@bulkparts/shared/constants';
import type { ProductListFilters } from './api/get-products';

/**
 * The catalogue's filter state, kept whole in the URL's search params so a link shares it, a
 * reload shows the same list and the back button steps through earlier filters. Zod-free: the
 * server validates; here unknown or malformed params are dropped, never thrown on.
 */
export interface ProductFilterState {
  q: string;
  category: string | null;
  brands: string[];
  /** Specification name → chosen values (`attr.<Name>=<value>`, repeatable). */
  attributes: Record<string, string[]>;
  /** Dollars. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  /** Null: the server's default (relevance when searching, else best sellers). */
  sort: ProductSort | null;
  page: number;
}

export const EMPTY_FILTERS: ProductFilterState = {
  q: '',
  category: null,
  brands: [],
  attributes: {},
  minPrice: null,
  maxPrice: null,
  inStock: false,
  sort: null,
  page: 1,
};

function priceParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function filtersFromSearchParams(sp: URLSearchParams): ProductFilterState {
  const attributes: Record<string, string[]> = {};
  for (const [key, value] of sp) {
    if (!key.startsWith(ATTRIBUTE_FILTER_PREFIX)) continue;
    const name = key.slice(ATTRIBUTE_FILTER_PREFIX.length);
    if (name.trim() && value.trim()) attributes[name] = unique([...(attributes[name] ?? []), value]);
  }
  const sort = sp.get('sort');
  const q = (sp.get('q') ?? '').trim();
  return {
    q,
    category: sp.get('category')?.trim() || null,
    brands: unique(sp.getAll('brand')),
    attributes,
    minPrice: priceParam(sp.get('minPrice')),
    maxPrice: priceParam(sp.get('maxPrice')),
    inStock: sp.get('inStock') === 'true' || sp.get('inStock') === '1',
    // 'relevance' means nothing without search text; a shared link without q falls back.
    sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) && (sort !== 'relevance' || q) ? (sort as ProductSort) : null,
    page: Math.max(1, Math.floor(Number(sp.get('page'))) || 1),
  };
}

/** The filters alone as query params, in a fixed order (no sort, page or limit): what the facets are counted over. */
export function filterParams(state: ProductFilterState): URLSearchParams {
  const sp = new URLSearchParams();
  if (state.q) sp.set('q', state.q);
  if (state.category) sp.set('category', state.category);
  for (const b of state.brands) sp.append('brand', b);
  for (const name of Object.keys(state.attributes).sort()) for (const v of state.attributes[name] ?? []) sp.append(`${ATTRIBUTE_FILTER_PREFIX}${name}`, v);
  if (state.minPrice !== null) sp.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) sp.set('maxPrice', String(state.maxPrice));
  if (state.inStock) sp.set('inStock', 'true');
  return sp;
}

/** The page's URL params: the filters, then sort and page when not the defaults. */
export function filtersToSearchParams(state: ProductFilterState): URLSearchParams {
  const sp = filterParams(state);
  if (state.sort) sp.set('sort', state.sort);
  if (state.page > 1) sp.set('page', String(state.page));
  return sp;
}

/** A filter change: whatever changes, the list starts again at page 1. */
export function changeFilters(state: ProductFilterState, patch: Partial<Omit<ProductFilterState, 'page'>>): ProductFilterState {
  const next = { ...state, ...patch, page: 1 };
  // Relevance needs search text: clearing the search drops it rather than send a sort the list cannot use.
  if (!next.q && next.sort === 'relevance') next.sort = null;
  return next;
}

/** `values` with `value` added, or removed when it was there. */
export function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function toggleAttribute(attributes: Record<string, string[]>, name: string, value: string): Record<string, string[]> {
  const next = { ...attributes, [name]: toggled(attributes[name] ?? [], value) };
  if (next[name]!.length === 0) delete next[name];
  return next;
}

/** Whether anything narrows the list (sort and page do not). */
export function hasFilters(state: ProductFilterState): boolean {
  return filterParams(state).toString() !== '';
}

/** The state as the API's filters (what the list and the facets are read with); empty ones left out, so equal filters share a cache key. */
export function listFilters(state: ProductFilterState): ProductListFilters {
  const f: ProductListFilters = {};
  if (state.q) f.q = state.q;
  if (state.category) f.category = state.category;
  if (state.brands.length) f.brand = state.brands;
  if (Object.keys(state.attributes).length) f.attributes = state.attributes;
  if (state.minPrice !== null) f.minPrice = state.minPrice;
  if (state.maxPrice !== null) f.maxPrice = state.maxPrice;
  if (state.inStock) f.inStock = true;
  return f;
}
