import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDollars } from '@bulkparts/shared/money';
import { formatQuantity, unavailableReason } from '@bulkparts/shared/quantity';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { productQueries } from '@/features/products/api/product-queries';

/** `/productdetails/:id` (signed in): everything about one product, and the way to buy it. */
export function Component() {
  const { id = '' } = useParams();
  const product = useQuery(productQueries.detail(id));

  if (product.isPending) return <PageSpinner label="Loading the product" />;
  if (product.isError) return <RecordLoadFailure error={product.error} onRetry={product.refetch} notFound={{ title: 'Product not found' }} />;

  const p = product.data;
  const unavailable = unavailableReason(p);
  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <figure className="rounded-box bg-base-200 p-6">
        <img src={p.img} alt={p.name} width="480" height="360" className="mx-auto h-64 w-full object-contain md:h-80" />
      </figure>
      <div className="space-y-4">
        <h1 className="text-3xl font-bold break-words">{p.name}</h1>
        <p className="text-2xl font-semibold text-primary">
          {formatDollars(p.price)} <span className="text-base font-normal text-base-content/70">per piece</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-base-content/70">Minimum order quantity</dt>
          <dd>{formatQuantity(p.minimumOrderQuantity)}</dd>
          <dt className="text-base-content/70">Available quantity</dt>
          <dd>{formatQuantity(p.availableQuantity)}</dd>
        </dl>
        {p.description && <p className="whitespace-pre-line">{p.description}</p>}
        {unavailable ? (
          <p className="badge h-auto badge-error badge-lg py-1 font-semibold">{unavailable}</p>
        ) : (
          <Link to={`/purchase/${p._id}`} className="btn btn-primary w-full sm:w-auto">
            Purchase
          </Link>
        )}
      </div>
    </article>
  );
}
