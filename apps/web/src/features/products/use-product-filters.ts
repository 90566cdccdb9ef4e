import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams, type ProductFilterState } from './product-filters';

const LAYOUT_PARAMS = ['view', 'limit'] as const;

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
  // The layout (issue 33: `view`, `limit`) is not a filter: a filter change keeps it.
  const set = useCallback(
    (next: ProductFilterState) =>
      setParams((prev) => {
        const sp = filtersToSearchParams(next);
        for (const k of LAYOUT_PARAMS) if (prev.has(k)) sp.set(k, prev.get(k)!);
        return sp;
      }),
    [setParams],
  );
  return [state, set];
}

/** Where a link to these filters points (`/products?…`). */
export function productsHref(state: ProductFilterState): string {
  const search = filtersToSearchParams(state).toString();
  return search ? `/products?${search}` : '/products';
}
