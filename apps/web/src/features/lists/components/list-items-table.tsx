import { Link } from 'react-router';
import type { RequisitionList } from '@bulkparts/shared';
import { formatDollars, formatNumber, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { ERROR_TEXT } from '@/components/ui/form';
import { MessageText } from '@/components/ui/message-text';
import { ListQuantityCell } from './list-quantity-cell';

interface ListItemsTableProps {
  list: RequisitionList;
  chosen: ReadonlySet<string>;
  onChoose: (productId: string, on: boolean) => void;
  onQuantity: (productId: string, quantity: number) => Promise<unknown>;
  onRemove: (productId: string) => void;
  /** Problems the cart named when these lines were ordered, by product. */
  refused: ReadonlyMap<string, string>;
}

/**
 * A requisition list's lines (issue 33): choose some to order, each with its product now, the
 * caller's price per piece, its pieces (editable by whoever may edit the list) and the problem
 * ordering it would meet. Under `md` each line is a card.
 */
export function ListItemsTable({ list, chosen, onChoose, onQuantity, onRemove, refused }: ListItemsTableProps) {
  const all = list.items.length > 0 && list.items.every((i) => chosen.has(i.productId));
  return (
    <table className="table table-sm max-md:block">
      <caption className="sr-only">Lines of {list.name}</caption>
      <thead className="max-md:block">
        <tr className="max-md:flex max-md:items-center max-md:gap-2">
          <th scope="col" className="w-8">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={all}
                onChange={(e) => list.items.forEach((i) => onChoose(i.productId, e.target.checked))}
              />
              <span className="md:sr-only">Choose all</span>
            </label>
          </th>
          <th scope="col" className="max-md:sr-only">
            Product
          </th>
          <th scope="col" className="max-md:sr-only">
            Price per piece
          </th>
          <th scope="col" className="max-md:sr-only">
            Quantity
          </th>
          <th scope="col" className="max-md:sr-only">
            Line total
          </th>
          <th scope="col" className="max-md:sr-only">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {list.items.map((item) => {
          const problem = refused.get(item.productId) ?? item.problem;
          return (
            <tr
              key={item.productId}
              className="max-md:grid max-md:grid-cols-[2rem_1fr] max-md:gap-1 max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-2"
            >
              <td className="max-md:row-span-4 max-md:p-1">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  aria-label={`Choose ${item.name}`}
                  checked={chosen.has(item.productId)}
                  onChange={(e) => onChoose(item.productId, e.target.checked)}
                />
              </td>
              <th scope="row" className="font-normal max-md:p-1">
                <Link to={`/productdetails/${item.productId}`} className="link-hover link font-semibold">
                  {item.name}
                </Link>
                <span className="block font-mono text-xs text-base-content/70">{item.sku}</span>
                {problem && (
                  <span className={`block text-sm font-semibold ${ERROR_TEXT}`}>
                    <MessageText message={problem} />
                  </span>
                )}
              </th>
              <td className="whitespace-nowrap max-md:p-1">
                {formatUnitPriceDollars(item.unitPrice)}
                <span className="sr-only md:hidden"> per piece</span>
              </td>
              <td className="max-md:p-1">
                {list.canEdit ? (
                  <ListQuantityCell id={`list-qty-${item.productId}`} name={item.name} quantity={item.quantity} onSave={(q) => onQuantity(item.productId, q)} />
                ) : (
                  <>
                    <span className="sr-only">Quantity </span>
                    {formatNumber(item.quantity)}
                  </>
                )}
              </td>
              <td className="whitespace-nowrap font-semibold max-md:p-1">
                <span className="sr-only">Line total </span>
                {formatDollars(item.lineTotal)}
              </td>
              <td className="max-md:p-1">
                {list.canEdit && (
                  <button type="button" className="btn btn-ghost btn-xs text-red-700" onClick={() => onRemove(item.productId)}>
                    Remove<span className="sr-only"> {item.name}</span>
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
