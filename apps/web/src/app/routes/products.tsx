import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { Pagination } from '@/components/ui/pagination';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { FilterPanel } from '@/features/products/components/filter-panel';
import { FiltersDrawer } from '@/features/products/components/filters-drawer';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';
import { SortSelect } from '@/features/products/components/sort-select';
import { CompareToggle } from '@/features/products/components/compare-toggle';
import { CompareTray } from '@/features/products/components/compare-tray';
import { ProductListTable } from '@/features/products/components/product-list-table';
import { ViewSwitch } from '@/features/products/components/view-switch';
import { layoutFrom, pageSizeOf, rememberedLayout, rememberLayout, withLayout, type CatalogueLayout } from '@/features/products/catalogue-view';
import { changeFilters, EMPTY_FILTERS, hasFilters, listFilters } from '@/features/products/product-filters';
import { useProductFilters } from '@/features/products/use-product-filters';

const countText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/**
 * The catalogue: filters (category tree, brands, specifications, price, stock) beside the list,
 * all of it in the URL (see use-product-filters.ts). Search text arrives from the top bar (`q`).
 * Issue 33: cards or a dense list (`?view=list&limit=50`, the last choice remembered in this
 * browser), and products picked to compare side by side.
 */
export function Component() {
  const [state, setState] = useProductFilters();
  const [params, setParams] = useSearchParams();
  const layout = layoutFrom(params, rememberedLayout());
  const pageSize = pageSizeOf(layout);
  const changeLayout = (next: CatalogueLayout) => {
    rememberLayout(next);
    // A new page size starts at the first page.
    const sp = withLayout(params, next);
    sp.delete('page');
    setParams(sp);
  };
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filters = listFilters(state);
  const products = useQuery(productQueries.list({ ...filters, sort: state.sort ?? undefined, page: state.page, limit: pageSize }));
  const facets = useQuery(productQueries.facets(filters));
  const categories = useQuery(categoryQueries.list());
  const total = products.data?.total;
  const pageCount = total === undefined ? 0 : Math.ceil(total / pageSize);
  // Sort survives a clear (it is not a filter); relevance does not, as it needs the search text.
  const clear = () => setState({ ...EMPTY_FILTERS, sort: state.sort === 'relevance' ? null : state.sort });

  const panel = <FilterPanel state={state} onChange={setState} onClear={clear} facets={facets.data} categories={categories.data} />;
  const showResults = (
    <button type="button" className="btn btn-primary btn-block" onClick={() => setDrawerOpen(false)}>
      {total === undefined ? 'Show products' : `Show ${countText(total)}`}
    </button>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <FiltersDrawer open={drawerOpen} onOpenChange={setDrawerOpen} panel={panel} footer={showResults}>
        {(openButton) => (
          <>
            <h1 className="mb-2 text-3xl font-bold">Products</h1>
            {state.q && (
              <p className="mb-2 flex flex-wrap items-center gap-2">
                <span>
                  Results for <strong className="break-all">“{state.q}”</strong>
                </span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setState(changeFilters(state, { q: '' }))}>
                  Clear search
                </button>
              </p>
            )}
            <div className="mb-6 flex flex-wrap items-center gap-3">
              <button type="button" className="btn btn-outline btn-sm lg:hidden" {...openButton}>
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M4 6h16M7 12h10M10 18h4" />
                </svg>
                Filters
              </button>
              <p className="grow font-semibold" role="status" aria-live="polite">
                {total === undefined ? '' : countText(total)}
              </p>
              <ViewSwitch layout={layout} onChange={changeLayout} />
              <SortSelect value={state.sort} searching={Boolean(state.q)} onChange={(sort) => setState({ ...state, sort, page: 1 })} />
            </div>
            {products.isError ? (
              <LoadFailure error={products.error} onRetry={products.refetch} />
            ) : products.data && products.data.items.length === 0 ? (
              <div className="py-16 text-center">
                <p className="text-lg">No products match these filters.</p>
                {hasFilters(state) && (
                  <button type="button" className="btn btn-link" onClick={clear}>
                    Clear filters
                  </button>
                )}
              </div>
            ) : layout.view === 'list' && products.data ? (
              <div aria-busy={products.isFetching}>
                <ProductListTable products={products.data.items} addAction={(p) => <AddToCart product={p} compact />} />
              </div>
            ) : (
              <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy={products.isFetching}>
                {products.data
                  ? products.data.items.map((p, i) => (
                      <ProductCard
                        key={p._id}
                        product={p}
                        headingLevel={2}
                        eager={i < 3}
                        cartAction={<AddToCart product={p} compact />}
                        compareAction={<CompareToggle id={p._id} name={p.name} />}
                      />
                    ))
                  : Array.from({ length: 6 }, (_, i) => <ProductCardSkeleton key={i} />)}
              </div>
            )}
            <Pagination
              page={state.page}
              pageCount={pageCount}
              onPage={(page) => {
                setState({ ...state, page });
                window.scrollTo({ top: 0 });
              }}
              label="Product pages"
            />
            <CompareTray />
          </>
        )}
      </FiltersDrawer>
    </div>
  );
}
