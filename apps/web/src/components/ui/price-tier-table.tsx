import { ORDER_QUANTITY_MAX, QUANTITY_SUFFIX } from '@bulkparts/shared/constants';
import { formatCents, formatUnitPrice } from '@bulkparts/shared/money';
import { nextTierNudge, pricedProduct, tierSavingCents, unitPriceFor } from '@bulkparts/shared/pricing';
import { formatQuantity, smallestOrder } from '@bulkparts/shared/quantity';

/** The product fields the table reads (the API's product: prices in dollars). */
export interface TierTableProduct {
  price: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
  minimumOrderQuantity: number;
  orderMultiple?: number | undefined;
  availableQuantity: number;
}

/**
 * A product's quantity breaks (issue 17): 'From' and 'Price per piece', starting with the list
 * price at the smallest order. With a `quantity` (one that can be ordered), the row it reaches is
 * marked 'Your price' (aria-current and text, not colour alone), and the saving and the nudge to
 * the next tier follow. Zod-free: it sits on storefront pages. Nothing at all without tiers.
 */
export function PriceTierTable({
  product,
  quantity = null,
  caption = 'Quantity prices',
}: {
  product: TierTableProduct;
  quantity?: number | null;
  caption?: string;
}) {
  if (product.priceTiers.length === 0) return null;
  const priced = pricedProduct(product);
  const tiers = priced.priceTiers ?? [];
  // The first row is the smallest order, at the price it gets (a tier at or below it already applies).
  const from = smallestOrder(product);
  const rows = [{ minQuantity: from, priceE4: unitPriceFor(priced, from) }, ...tiers.filter((t) => t.minQuantity > from)];
  const reached = quantity === null ? null : (rows.filter((r) => r.minQuantity <= quantity).at(-1)?.minQuantity ?? null);
  const saving = quantity === null ? 0 : tierSavingCents(priced, quantity);
  // No nudge toward a tier one line cannot hold (past 1000 pieces or the stock): that is a quote.
  const nudge = quantity === null ? null : nextTierNudge(priced, quantity, Math.min(ORDER_QUANTITY_MAX, product.availableQuantity));
  return (
    <div className="space-y-1">
      <table className="table table-sm w-full max-w-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Price per piece</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const current = row.minQuantity === reached;
            return (
              <tr key={row.minQuantity} aria-current={current ? 'true' : undefined} className={current ? 'bg-primary/10 font-semibold' : undefined}>
                <th scope="row" className="font-normal">
                  {formatQuantity(row.minQuantity)}
                </th>
                <td>
                  {formatUnitPrice(row.priceE4)}/{QUANTITY_SUFFIX}
                  {current && <span className="ms-2 badge badge-sm badge-primary">Your price</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* One polite region: the saving and the nudge change as the quantity is typed. */}
      <p aria-live="polite" className="text-sm">
        {saving > 0 && <span className="block font-semibold">You save {formatCents(saving)}</span>}
        {nudge && <span className="block">{nudge}</span>}
      </p>
    </div>
  );
}
