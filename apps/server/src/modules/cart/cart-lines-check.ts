import { CART_MESSAGES, MESSAGES, normalizeSku, quantityError, type ErrorLine } from '@bulkparts/shared';
import { lineProblem, type CartProduct } from './cart-view.js';

/** What one requested line of a bulk add became: its product, or the problem that refuses it. */
export interface CheckedLine {
  index: number;
  sku: string;
  product: CartProduct | null;
  /** The pieces asked for, when they are a whole number. */
  quantity: number | null;
  problem: ErrorLine | null;
}

/** The pieces a bulk add puts on each product's line: summed over the request's lines, first line named. */
export interface AddedProduct {
  product: CartProduct;
  quantity: number;
  firstIndex: number;
  firstSku: string;
}

/**
 * Every line of a bulk add (the quick order pad, a CSV, a list ordered into the cart) checked with
 * the product's own rule, every bad line named at once (issue 33). First each line alone: a SKU the
 * catalogue knows, a product still sold, and its quantity by the product's minimum, the shop's
 * 1000 and the pack multiple (the stock is the line's total's business). Then what each product's
 * line would become, `held` (what the cart holds) plus every line of it: its minimum, 1000 at most,
 * its stock. The add runs the second step on the locked cart; the preview on a plain read.
 */
export function checkLines(
  lines: readonly { sku: string; quantity: unknown }[],
  found: ReadonlyMap<string, CartProduct>,
  held: ReadonlyMap<string, number>,
): { checked: CheckedLine[]; added: Map<string, AddedProduct>; errors: ErrorLine[] } {
  const checked: CheckedLine[] = lines.map((line, index) => {
    const sku = normalizeSku(line.sku);
    const quantity = typeof line.quantity === 'number' && Number.isInteger(line.quantity) ? line.quantity : null;
    const fail = (message: string, field: 'sku' | 'quantity', product: CartProduct | null = null): CheckedLine => ({
      index,
      sku: line.sku,
      product,
      quantity,
      problem: { index, sku: line.sku, message, field },
    });
    if (!sku) return fail('SKU is required', 'sku');
    const product = found.get(sku);
    if (!product) return fail(CART_MESSAGES.unknownSku, 'sku');
    if (product.archived) return fail(MESSAGES.productUnavailable, 'sku', product);
    const own = quantityError(line.quantity, {
      minimumOrderQuantity: Number(product.minimum_order_quantity),
      orderMultiple: Number(product.order_multiple),
      availableQuantity: Number.MAX_SAFE_INTEGER,
    });
    if (own) return fail(own, 'quantity', product);
    return { index, sku: line.sku, product, quantity, problem: null };
  });

  const added = new Map<string, AddedProduct>();
  for (const c of checked) {
    if (c.problem || !c.product || c.quantity === null) continue;
    const entry = added.get(c.product.id);
    if (entry) entry.quantity += c.quantity;
    else added.set(c.product.id, { product: c.product, quantity: c.quantity, firstIndex: c.index, firstSku: c.sku });
  }
  for (const [productId, a] of added) {
    const message = lineProblem(a.product, (held.get(productId) ?? 0) + a.quantity);
    if (message) {
      const line = checked[a.firstIndex]!;
      line.problem = { index: a.firstIndex, sku: a.firstSku, message, field: 'quantity' };
    }
  }
  const errors = checked.flatMap((c) => (c.problem ? [c.problem] : []));
  return { checked, added, errors };
}
