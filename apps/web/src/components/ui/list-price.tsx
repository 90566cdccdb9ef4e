import { formatUnitPriceDollars } from '@bulkparts/shared/money';

/**
 * A company member's price beside the catalogue's list price, struck through (issue 18): the
 * product answer carries `listPrice` only when `price` is the member's own. Nothing when the list
 * price is not higher. `<s>` is not announced by screen readers, so the words say it.
 */
export function ListPrice({ price, listPrice }: { price: number; listPrice?: number | undefined }) {
  if (listPrice === undefined || listPrice <= price) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-base font-normal text-base-content/70">
      <span>
        <span className="sr-only">List price </span>
        <s>{formatUnitPriceDollars(listPrice)}</s>
      </span>
      <span className="badge badge-sm badge-success">Your company’s price</span>
    </span>
  );
}
