import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams, type ProductFilterState } from './product-filters';

/**
 * The catalogue's filter state, read from and written to the URL. Every change is a new history
 * entry, so Back returns to the previous filter; the URL is the only copy, so a reload or a shared
 * link shows the same list.
 */
export function useProductFilters(): [ProductFilterState, (next: ProductFilterState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Keyed by the text, so a render with the same URL keeps the same state object.
  const state = useMemo(() => filtersFromSearchParams(new URLSearchParams(key)), [key]);
  const set = useCallback((next: ProductFilterState) => setParams(filtersToSearchParams(next)), [setParams]);
  return [state, set];
}

/** Where a link to these filters points (`/products?…`). */
export function productsHref(state: ProductFilterState): string {
  const search = filtersToSearchParams(state).toString();
  return search ? `/products?${search}` : '/products';
}
