import type { Order } from '@bulkparts/shared';
import { QUANTITY_SUFFIX } from '@bulkparts/shared/constants';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatCount, formatQuantity } from '@bulkparts/shared/quantity';

/**
 * What an order holds, in words that are true for it (issue 29). The API's top-level `quantity`
 * and `price` keep the spec's meaning for old clients, but on a multi-line order they are the
 * pieces of different parts added up and the first line's unit price: never shown as the order's.
 */
type OrderShape = Pick<Order, 'Name' | 'lines' | 'quantity' | 'price' | 'total'>;

/** More than one line: no single quantity or unit price describes the order. */
export const isMultiLine = (order: Pick<Order, 'lines'>) => order.lines.length > 1;

/** '1 line', '19 lines' */
export const lineCountText = (count: number) => `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;

/** 'Hex Bolt M8x40', or 'Hex Bolt M8x40 and 18 more parts' for a multi-line order. */
export function orderTitle(order: Pick<Order, 'Name' | 'lines'>): string {
  const [first] = order.lines;
  if (!first) return order.Name;
  const more = order.lines.length - 1;
  return more === 0 ? first.name : `${first.name} and ${formatCount(more)} more ${more === 1 ? 'part' : 'parts'}`;
}

/** '$0.18/Ps' */
export const perPiece = (dollars: number) => `${formatUnitPriceDollars(dollars)}/${QUANTITY_SUFFIX}`;

/** A one-line order's '500 Ps · $0.18/Ps'; a multi-line order's '19 lines'. */
export function orderSizeText(order: OrderShape): string {
  return isMultiLine(order) ? lineCountText(order.lines.length) : `${formatQuantity(order.quantity)} · ${perPiece(order.price)}`;
}

/** One line for dialogs: 'Hex Bolt M8x40 and 18 more parts · 19 lines · $1,234.56' (the order total). */
export function orderSummaryText(order: OrderShape): string {
  return `${orderTitle(order)} · ${orderSizeText(order)} · ${formatDollars(order.total)}`;
}
