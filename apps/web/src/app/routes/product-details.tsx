import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatCount, formatQuantity, unavailableReason } from '@bulkparts/shared/quantity';
import { ListPrice } from '@/components/ui/list-price';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { useIsPunchout, useSession } from '@/features/auth/api/auth-queries';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { ProductDocuments } from '@/features/products/components/product-documents';
import { ProductGallery } from '@/features/products/components/product-gallery';
import { SpecTable } from '@/features/products/components/spec-table';
import { AddToList } from '@/features/lists/components/add-to-list';

// A shop admin's document upload: its own chunk, so buyers never download it (nor zod with it).
const ProductDocumentsAdmin = lazy(() => import('@/features/admin/components/product-documents-admin').then((m) => ({ default: m.ProductDocumentsAdmin })));

/** `/productdetails/:id` (signed in): everything about one product, and the way to buy it. */
export function Component() {
  const { id = '' } = useParams();
  const product = useQuery(productQueries.detail(id));
  // Only for the category's name; its link works from the slug while this loads or if it fails.
  const categories = useQuery(categoryQueries.list());
  // Issue 33: the pieces typed into 'Add to cart' go into the quote request once past what an order line takes.
  const [typed, setTyped] = useState<number | null>(null);
  const session = useSession();
  const punchout = useIsPunchout();

  if (product.isPending) return <PageSpinner label="Loading the product" />;
  if (product.isError) return <RecordLoadFailure error={product.error} onRetry={product.refetch} notFound={{ title: 'Product not found' }} />;

  const p = product.data;
  const unavailable = unavailableReason(p);
  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <ProductGallery key={p._id} images={p.images.length ? p.images : [p.img]} name={p.name} />
      <div className="space-y-4">
        <h1 className="text-3xl font-bold break-words">{p.name}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">SKU</dt>
          <dd className="font-mono">{p.sku}</dd>
          {p.brand && (
            <>
              <dt className="text-base-content/70">Brand</dt>
              <dd>{p.brand}</dd>
            </>
          )}
          {p.category && (
            <>
              <dt className="text-base-content/70">Category</dt>
              <dd>
                <Link to={`/products?${new URLSearchParams({ category: p.category })}`} className="link">
                  {categories.data?.find((c) => c.slug === p.category)?.name ?? p.category}
                </Link>
              </dd>
            </>
          )}
        </dl>
        <p className="text-2xl font-semibold text-primary">
          {formatUnitPriceDollars(p.price)} <span className="text-base font-normal text-base-content/70">per piece</span>{' '}
          <ListPrice price={p.price} listPrice={p.listPrice} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-base-content/70">Minimum order quantity</dt>
          <dd>{formatQuantity(p.minimumOrderQuantity)}</dd>
          <dt className="text-base-content/70">Available quantity</dt>
          <dd>{formatQuantity(p.availableQuantity)}</dd>
          {p.orderMultiple > 1 && (
            <>
              <dt className="text-base-content/70">Sold in packs of</dt>
              <dd>{formatQuantity(p.orderMultiple)}</dd>
            </>
          )}
        </dl>
        {p.description && <p className="whitespace-pre-line">{p.description}</p>}
        {unavailable ? (
          <p className="badge h-auto badge-error badge-lg py-1 font-semibold">{unavailable}</p>
        ) : (
          <>
            {/* Issue 32: a punchout session orders through its procurement system, never here. */}
            {!punchout && (
              <Link to={`/purchase/${p._id}`} className="btn btn-primary w-full sm:w-auto">
                Purchase
              </Link>
            )}
            <AddToCart key={p._id} product={p} tiers={p} onTyped={setTyped} />
          </>
        )}
        {!p.archived && !punchout && (
          <p>
            Need more than {formatCount(ORDER_QUANTITY_MAX)} pieces or a special price?{' '}
            <Link
              to={`/quotes/new?${new URLSearchParams({ productId: p._id, ...(typed !== null && typed > ORDER_QUANTITY_MAX ? { quantity: String(typed) } : {}) })}`}
              className="link link-primary"
            >
              {typed !== null && typed > ORDER_QUANTITY_MAX ? `Request a quote for ${formatQuantity(typed)}` : 'Request a quote'}
            </Link>
          </p>
        )}
        {!p.archived && session.data?.user && !punchout && <AddToList key={p._id} product={p} />}
        <ProductDocuments documents={p.documents ?? []} />
        {session.data?.user.role === 'admin' && (
          <Suspense fallback={null}>
            <ProductDocumentsAdmin product={p} />
          </Suspense>
        )}
        <SpecTable attributes={p.attributes} />
      </div>
    </article>
  );
}
