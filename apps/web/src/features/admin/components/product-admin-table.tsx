import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatDollars } from '@bulkparts/shared/money';
import type { Product } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { PagedList } from '@/components/ui/paged-list';
import { SearchField } from '@/components/ui/search-field';
import { withToast } from '@/lib/toast-action';
import { useDeleteProduct } from '../api/delete-product';
import { adminQueries } from '../api/admin-queries';
import { useUpdateProduct } from '../api/update-product';
import { EditProductDialog } from './edit-product-dialog';
import { StockAdjuster } from './stock-adjuster';

const PAGE_SIZE = 10;

/**
 * All Product: search, pages, edit, stock, delete (archive when it has orders), restore. Issue 31:
 * `stockAction` (the page's: the warehouses feature's per-warehouse stock) beside each stock change.
 */
export function ProductAdminTable({ stockAction }: { stockAction?: (product: Product) => ReactNode } = {}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const products = useQuery(adminQueries.productList({ q: q.trim() || undefined, page, limit: PAGE_SIZE }));
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
      <SearchField label="Search products" placeholder="Search products" className="max-w-sm" value={q} onChange={(v) => (setQ(v), setPage(1))} />
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
            columns={[
              {
                header: 'Name',
                cell: (p) => (
                  <>
                    <span className="font-semibold">{p.name}</span> {p.archived && <span className="badge badge-ghost badge-sm">Archived</span>}
                  </>
                ),
              },
              { header: 'SKU', className: 'font-mono text-xs break-all', cell: (p) => p.sku },
              { header: 'Price', cell: (p) => formatDollars(p.price) },
              { header: 'Min. order', cell: (p) => p.minimumOrderQuantity },
              { header: 'In stock', cell: (p) => p.availableQuantity },
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
