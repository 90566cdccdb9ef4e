import { Link } from 'react-router';

export function EmptyCart() {
  return (
    <div className="rounded-box bg-base-200 p-8 text-center">
      <p className="mb-4">Your cart is empty.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/products" className="btn btn-primary">
          Browse products
        </Link>
        <Link to="/quick-order" className="btn btn-ghost">
          Quick order by SKU
        </Link>
      </div>
    </div>
  );
}
