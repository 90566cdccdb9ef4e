import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@bulkparts/shared';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatCount, formatQuantity, unavailableReason } from '@bulkparts/shared/availability';
import { CompareToggle } from './compare-toggle';

/**
 * The catalogue as a dense list (issue 33): SKU, name, brand, price per piece with the first
 * quantity break, stock, and the row's quantity and Add (`addAction`, the cart feature's). Under
 * `md` each row is a small card, so nothing hides off to the side of a phone.
 */
export function ProductListTable({ products, addAction }: { products: readonly Product[]; addAction: (p: Product) => ReactNode }) {
  return (
    <table className="table table-sm max-md:block">
      <caption className="sr-only">Products</caption>
      <thead className="max-md:sr-only">
        <tr>
          <th scope="col">SKU</th>
          <th scope="col">Name</th>
          <th scope="col">Brand</th>
          <th scope="col">Price per piece</th>
          <th scope="col">In stock</th>
          <th scope="col">Quantity</th>
          <th scope="col">
            <span className="sr-only">Compare</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {products.map((p) => {
          const tier = [...p.priceTiers].sort((a, b) => a.minQuantity - b.minQuantity)[0];
          const unavailable = unavailableReason(p);
          return (
            <tr key={p._id} className="max-md:grid max-md:grid-cols-2 max-md:gap-1 max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-2">
              <td className="font-mono text-xs break-all max-md:p-1">{p.sku}</td>
              <th scope="row" className="font-semibold max-md:col-span-2 max-md:p-1 max-md:text-left">
                <Link to={`/productdetails/${p._id}`} className="link-hover link">
                  {p.name}
                </Link>
              </th>
              <td className="max-md:p-1">{p.brand}</td>
              <td className="whitespace-nowrap max-md:p-1">
                {formatUnitPriceDollars(p.price)}
                {tier && (
                  <span className="block text-xs text-base-content/70">
                    {formatUnitPriceDollars(tier.price)} from {formatCount(tier.minQuantity)}
                  </span>
                )}
              </td>
              <td className="max-md:p-1">{formatQuantity(p.availableQuantity)}</td>
              <td className="min-w-52 max-md:col-span-2 max-md:p-1">
                {unavailable ? <span className="text-sm font-semibold text-red-700">{unavailable}</span> : addAction(p)}
              </td>
              <td className="max-md:p-1">
                <CompareToggle id={p._id} name={p.name} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
