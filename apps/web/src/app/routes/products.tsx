import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_SORTS, type ProductSort } from '@bulkparts/shared/constants';
import { LoadFailure } from '@/components/ui/load-failure';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { productQueries } from '@/features/products/api/product-queries';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';

const PAGE_SIZE = 9;
const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Best sellers',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    if (text.trim() === initial) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, initial, onSearch]);
  return (
    <form
      role="search"
      className="flex-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <SearchField label="Search products by name" placeholder="Search by name, e.g. bearing" value={text} onChange={setText} />
    </form>
  );
}

/** Every product (the spec's home page only reaches six), with search by name and pages. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = (PRODUCT_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ProductSort) : 'featured';

  const update = (next: Record<string, string | undefined>) => {
    const sp = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v) sp.set(k, v);
      else sp.delete(k);
    setParams(sp, { replace: true });
  };

  const products = useQuery(productQueries.list({ q: q || undefined, page, limit: PAGE_SIZE, sort }));
  const pageCount = products.data ? Math.ceil(products.data.total / PAGE_SIZE) : 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Products</h1>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        {/* Keyed by the URL's q so "Show all products" and back/forward reset the box. */}
        <SearchBox key={q} initial={q} onSearch={(value) => update({ q: value || undefined, page: undefined })} />
        <label className="flex items-center gap-2">
          <span className="text-sm">Sort</span>
          <select
            className="select select-bordered"
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'featured' ? undefined : e.target.value, page: undefined })}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="sr-only" aria-live="polite">
        {products.data ? `${products.data.total} products found` : ''}
      </p>
      {products.isError ? (
        <LoadFailure error={products.error} onRetry={products.refetch} />
      ) : products.data && products.data.items.length === 0 ? (
        <div className="py-16 text-center">
          <p className="text-lg">No products match “{q}”.</p>
          <Link to="/products" className="btn btn-link">
            Show all products
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.data
            ? products.data.items.map((p, i) => <ProductCard key={p._id} product={p} headingLevel={2} eager={i < 3} />)
            : Array.from({ length: 6 }, (_, i) => <ProductCardSkeleton key={i} />)}
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onPage={(p) => {
          update({ page: p > 1 ? String(p) : undefined });
          window.scrollTo({ top: 0 });
        }}
        label="Product pages"
      />
    </div>
  );
}
