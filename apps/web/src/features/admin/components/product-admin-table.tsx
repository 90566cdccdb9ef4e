import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatNumber, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { ADMIN_PRODUCT_SORTS, ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductSort, type Product } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { PagedList } from '@/components/ui/paged-list';
import { SearchField } from '@/components/ui/search-field';
import { withToast } from '@/lib/toast-action';
import { categoryOptions } from '@/lib/category-tree';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import type { AdminProductListParams } from '../api/get-admin-products';
import { useDeleteProduct } from '../api/delete-product';
import { adminQueries } from '../api/admin-queries';
import { useUpdateProduct } from '../api/update-product';
import { EditProductDialog } from './edit-product-dialog';
import { StockAdjuster } from './stock-adjuster';

const PAGE_SIZE = ADMIN_PRODUCTS_PAGE_SIZE;
const STOCK_FILTERS = ['low', 'out'] as const;
const ARCHIVED_FILTERS = ['all', 'active', 'archived'] as const;
const FILTER_KEYS = ['q', 'category', 'brand', 'stock', 'archived', 'sort', 'order', 'page'] as const;

/** All Product's filters, order and page as the address says them (issue 33); anything unknown reads as unset. */
function listParams(sp: URLSearchParams): Required<Pick<AdminProductListParams, 'page'>> & AdminProductListParams {
  const pick = <T extends string>(key: string, values: readonly T[]): T | undefined => values.find((v) => v === sp.get(key));
  return {
    q: sp.get('q')?.trim() || undefined,
    category: sp.get('category') || undefined,
    brand: sp.get('brand') || undefined,
    stock: pick('stock', STOCK_FILTERS),
    archived: pick('archived', ARCHIVED_FILTERS),
    sort: pick('sort', ADMIN_PRODUCT_SORTS),
    order: pick('order', ['asc', 'desc'] as const),
    page: Math.max(1, Number(sp.get('page')) || 1),
  };
}

/**
 * All Product (issue 33): 50 rows a page; text, category, brand, stock (low or out) and archived
 * filters and the sortable columns in the address (the inbox links to `?stock=low&archived=active`);
 * edit, stock, delete (archive when it has orders), restore. Issue 31: `stockAction` (the page's:
 * the warehouses feature's per-warehouse stock) beside each stock change.
 */
export function ProductAdminTable({ stockAction }: { stockAction?: (product: Product) => ReactNode } = {}) {
  const [sp, setSp] = useSearchParams();
  const params = listParams(sp);
  const { page } = params;
  const set = (patch: Partial<Record<(typeof FILTER_KEYS)[number], string | undefined>>) => {
    const next = new URLSearchParams();
    const merged: Record<string, string | number | undefined> = { ...params, page: undefined, ...patch };
    for (const k of FILTER_KEYS) if (merged[k] !== undefined && merged[k] !== '' && !(k === 'page' && merged[k] === '1')) next.set(k, String(merged[k]));
    setSp(next, { replace: true });
  };
  const setQ = (q: string) => set({ q });
  const setPage = (p: number) => set({ page: String(p) });
  const sortBy = (key: string) => {
    const same = (params.sort ?? 'created') === key;
    set({ sort: key, order: same && (params.order ?? 'desc') === 'asc' ? 'desc' : same ? 'asc' : key === 'created' ? 'desc' : 'asc' });
  };
  const categories = useQuery(categoryQueries.list());
  const brands = useQuery(productQueries.facets({})).data?.brands ?? [];
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const products = useQuery(adminQueries.productList({ ...params, limit: PAGE_SIZE }));
  const q = params.q ?? '';
  const sort = { key: params.sort ?? 'created', order: params.order ?? 'desc' } as { key: AdminProductSort; order: 'asc' | 'desc' };
  const remove = useDeleteProduct();
  const update = useUpdateProduct();

  async function confirmDelete() {
    const product = deleting;
    setDeleting(null);
    if (!product) return;
    await withToast(
      () => remove.mutateAsync(product._id),
      (result) => (result.archived ? `${product.name} has orders, so it was archived` : `${product.name} deleted`),
      'Could not delete the product',
    );
  }

  async function restore(product: Product) {
    await withToast(
      () => update.mutateAsync({ id: product._id, patch: { archived: false } }),
      `${product.name} is back in the shop`,
      'Could not restore the product',
    );
  }

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">All Product</h1>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField label="Search products" placeholder="Search products" className="max-w-xs" value={q} onChange={setQ} />
        <label className="flex flex-col gap-1 text-sm">
          Category
          <select className="select select-bordered select-sm" value={params.category ?? ''} onChange={(e) => set({ category: e.target.value || undefined })}>
            <option value="">All</option>
            {categoryOptions(categories.data ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Brand
          <select className="select select-bordered select-sm" value={params.brand ?? ''} onChange={(e) => set({ brand: e.target.value || undefined })}>
            <option value="">All</option>
            {brands.map((b) => (
              <option key={b.value} value={b.value}>
                {b.value}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Stock
          <select className="select select-bordered select-sm" value={params.stock ?? ''} onChange={(e) => set({ stock: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="low">Low (under two minimum orders)</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Archived
          <select
            className="select select-bordered select-sm"
            value={params.archived ?? 'all'}
            onChange={(e) => set({ archived: e.target.value === 'all' ? undefined : e.target.value })}
          >
            <option value="all">Active and archived</option>
            <option value="active">Active only</option>
            <option value="archived">Archived only</option>
          </select>
        </label>
      </div>
      <p role="status" aria-live="polite" className="text-sm">
        {products.data ? `${formatNumber(products.data.total)} ${products.data.total === 1 ? 'product' : 'products'}` : ''}
      </p>
      <PagedList
        query={products}
        loadingLabel="Loading products"
        empty={<p>No products found.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Product pages"
      >
        {(items) => (
          <DataTable
            rows={items}
            rowKey={(p) => p._id}
            sort={sort}
            onSort={sortBy}
            columns={[
              {
                header: 'Name',
                sortKey: 'name',
                cell: (p) => (
                  <>
                    <span className="font-semibold">{p.name}</span> {p.archived && <span className="badge badge-ghost badge-sm">Archived</span>}
                  </>
                ),
              },
              { header: 'SKU', sortKey: 'sku', className: 'font-mono text-xs break-all', cell: (p) => p.sku },
              { header: 'Brand', cell: (p) => p.brand },
              { header: 'Price', sortKey: 'price', cell: (p) => formatUnitPriceDollars(p.price) },
              { header: 'Min. order', cell: (p) => formatNumber(p.minimumOrderQuantity) },
              { header: 'In stock', sortKey: 'stock', cell: (p) => formatNumber(p.availableQuantity) },
              {
                header: 'Stock change',
                cell: (p) => (
                  <div className="flex flex-wrap items-center gap-1">
                    <StockAdjuster product={p} />
                    {stockAction?.(p)}
                  </div>
                ),
              },
              {
                header: 'Actions',
                className: 'flex flex-wrap gap-1',
                cell: (p) => (
                  <>
                    <button type="button" className="btn btn-xs" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </button>
                    {p.archived ? (
                      <button type="button" className="btn btn-xs" onClick={() => void restore(p)} aria-label={`Restore ${p.name}`}>
                        Restore
                      </button>
                    ) : (
                      <button type="button" className="btn btn-xs btn-error" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                        Delete
                      </button>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </PagedList>
      {editing && <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `Delete ${deleting.name}? A product that has orders is archived instead.` : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
