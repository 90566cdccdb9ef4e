import type { ReactNode } from 'react';
import { cartWeight, cartWeightText } from '@bulkparts/shared/cart-weight';
import { formatDollars } from '@bulkparts/shared/money';
import type { CartLineView } from './cart-line-row';

/**
 * The cart as a table (issue 33): one header, a row per line (`children`: CartLineRow), and a
 * summary that stays in view at the foot of the screen with the line count, the weight, the
 * subtotal and the actions (Checkout first).
 */
export function CartTable({
  lines,
  subtotal,
  actions,
  children,
}: {
  lines: readonly CartLineView[];
  subtotal: number;
  actions: ReactNode;
  children: ReactNode;
}) {
  const weight = cartWeightText(cartWeight(lines), lines.length);
  return (
    <div className="space-y-4">
      <table className="table max-md:block" aria-label="Cart lines">
        <thead className="max-md:sr-only">
          <tr>
            <td />
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Line total</th>
            <td />
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">{children}</tbody>
      </table>
      <section
        aria-label="Cart summary"
        className="sticky bottom-0 z-10 flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          <span className="text-lg">
            {lines.length} {lines.length === 1 ? 'line' : 'lines'} · Subtotal <strong>{formatDollars(subtotal)}</strong>
          </span>
          {weight && <span className="block text-sm text-base-content/80">Weight: {weight}</span>}
        </p>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </section>
    </div>
  );
}
