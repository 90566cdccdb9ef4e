import type { Order } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { shortDay } from '@bulkparts/shared/backorder';

/** Every line of an order with its unit price and line total, what has shipped and what is backordered (issue 31), and the order's total (issue 29's order page). */
export function OrderLineTable({ order }: { order: Order }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Lines of order {order.orderNumber}</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
            <th scope="col" className="text-right">
              Shipped
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}-${line.sku}`}>
              <td className="font-mono text-xs">{line.sku}</td>
              <td className="break-words">
                {line.name}
                {line.backordered > 0 && (
                  <span className="block text-xs font-semibold text-amber-800">
                    {formatQuantity(line.backordered)} backordered
                    {line.promisedDispatch ? `, ships by ${shortDay(line.promisedDispatch)}` : ', date to be confirmed'}
                  </span>
                )}
              </td>
              <td className="text-right tabular-nums">{formatQuantity(line.quantity)}</td>
              <td className="text-right tabular-nums">{formatUnitPriceDollars(line.unitPrice)}</td>
              <td className="text-right tabular-nums">{formatDollars(line.lineTotal)}</td>
              <td className="text-right tabular-nums">{line.shipped === 0 ? '—' : line.shipped === line.quantity ? 'All' : formatQuantity(line.shipped)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="text-right">
              {order.totals ? 'Subtotal (excl. tax)' : 'Total'}
            </th>
            <td className="text-right font-semibold tabular-nums">{formatDollars(order.totals?.subtotal ?? order.total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
