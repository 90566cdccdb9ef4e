import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@bulkparts/shared';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity, unavailableReason } from '@bulkparts/shared/availability';
import { useIsPunchout } from '@/features/auth/api/auth-queries';

interface ProductCardProps {
  product: Product;
  /** 2 where the card sits right under the page's h1 (the catalogue), 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** The first cards of a page are in view on load: lazy loading them delays the largest paint. */
  eager?: boolean;
  /** Drawn above 'Buy now' while the product can be ordered: the catalogue's 'Add to cart'. */
  cartAction?: ReactNode;
  /** Issue 33: the catalogue's 'Compare' (a prop, so the home page's cards do not download it). */
  compareAction?: ReactNode;
}

export function ProductCard({ product, headingLevel = 3, eager = false, cartAction, compareAction }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Issue 32: a punchout session orders through its procurement system: 'Add to cart', no 'Buy now'.
  const punchout = useIsPunchout();
  const details = `/productdetails/${product._id}`;
  const unavailable = unavailableReason(product);
  return (
    <article className="card h-full bg-base-100 shadow-md transition hover:shadow-xl">
      {/* The image repeats the name link for pointer users; one tab stop and one announcement is enough. */}
      <Link to={details} tabIndex={-1} aria-hidden="true" className="block">
        <figure className="bg-base-200 p-6">
          <img src={product.img} alt="" width="240" height="180" loading={eager ? 'eager' : 'lazy'} className="h-44 w-full object-contain" />
        </figure>
      </Link>
      <div className="card-body">
        <Heading className="card-title">
          <Link to={details} className="link-hover link">
            {product.name}
          </Link>
        </Heading>
        <p className="-mt-1 text-xs text-base-content/70">
          <span className="sr-only">SKU </span>
          <span className="font-mono">{product.sku}</span>
          {product.brand && <> · {product.brand}</>}
        </p>
        <p className="text-lg font-semibold text-primary">
          {formatUnitPriceDollars(product.price)} <span className="text-sm font-normal text-base-content/70">per piece</span>
        </p>
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="text-base-content/70">Minimum order</dt>
          <dd>{formatQuantity(product.minimumOrderQuantity)}</dd>
          <dt className="text-base-content/70">Available</dt>
          <dd>{formatQuantity(product.availableQuantity)}</dd>
        </dl>
        {compareAction}
        <div className="card-actions mt-auto justify-end pt-2">
          {!unavailable && cartAction}
          {unavailable ? (
            <p className="badge h-auto w-full badge-error py-1 text-center font-semibold">{unavailable}</p>
          ) : punchout ? null : (
            /* The name is part of the link's text, not an aria-label, so what is read starts with
               what is shown (WCAG 2.5.3: "Buy now Hex Bolt M8x40"). */
            <Link to={`/purchase/${product._id}`} className="btn btn-primary btn-block">
              Buy now<span className="sr-only"> {product.name}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card bg-base-100 shadow-md" aria-hidden="true">
      <div className="skeleton h-56 w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-5 w-1/3" />
        <div className="skeleton h-10 w-full" />
      </div>
    </div>
  );
}
