import { ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN, QUANTITY_SUFFIX } from './constants.js';
import { MESSAGES } from './messages.js';
import { formatNumber } from './money.js';

export interface QuantityLimits {
  minimumOrderQuantity: number;
  availableQuantity: number;
}

/**
 * The whole purchase-quantity rule: the shop-wide 50–1000 range, then the product's own minimum,
 * then the stock. Returns the message to show, or null when the quantity is acceptable.
 * Used by the purchase form and by the server, so both always agree.
 */
export function quantityError(quantity: unknown, product?: QuantityLimits): string | null {
  if (quantity === undefined || quantity === null || quantity === '' || Number.isNaN(quantity)) {
    return MESSAGES.quantityRequired;
  }
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return MESSAGES.quantityRequired;
  if (!Number.isInteger(quantity)) return 'Quantity must be a whole number of pieces';
  // One voice for "too few": the higher of the shop's and the product's minimum, in the spec's words.
  const minimum = product ? effectiveMinimum(product) : ORDER_QUANTITY_MIN;
  if (quantity < minimum) return minimumOrderMessage(minimum);
  if (quantity > ORDER_QUANTITY_MAX) return MESSAGES.quantityMax;
  if (product && quantity > product.availableQuantity) return stockErrorMessage(product.availableQuantity);
  return null;
}

/** The smallest order a product takes: its own minimum, never below the shop-wide one. */
export function effectiveMinimum(product: Pick<QuantityLimits, 'minimumOrderQuantity'>): number {
  return Math.max(ORDER_QUANTITY_MIN, product.minimumOrderQuantity);
}

/** The spec's '❌ Minimum order 50 ps', with the product's minimum when it is higher. */
export function minimumOrderMessage(minimum: number): string {
  return minimum <= ORDER_QUANTITY_MIN ? MESSAGES.quantityMin : `❌ Minimum order ${formatCount(minimum)} ps`;
}

/**
 * The quantity as typed in a form: digits only (a number input would take '1e3' or '1.5' and
 * read them as something else), then the same rule as `quantityError`.
 */
export function parseQuantityInput(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

export function quantityInputError(text: string, product?: QuantityLimits): string | null {
  if (text.trim() === '') return MESSAGES.quantityRequired;
  const quantity = parseQuantityInput(text);
  if (quantity === null) return 'Quantity must be a whole number of pieces';
  return quantityError(quantity, product);
}

export interface Orderability extends QuantityLimits {
  archived?: boolean;
}

/**
 * Why a product cannot be ordered at all, or null when it can: archived, out of stock, or less
 * stock than its smallest order. The storefront shows this instead of 'Buy now' / a purchase form,
 * and the server's answer to such an order means the same.
 */
export function unavailableReason(product: Orderability): string | null {
  if (product.archived) return MESSAGES.productUnavailable;
  if (product.availableQuantity <= 0) return 'Out of stock';
  const minimum = effectiveMinimum(product);
  if (product.availableQuantity < minimum) {
    return `Only ${formatQuantity(product.availableQuantity)} left, below the minimum order of ${formatCount(minimum)}`;
  }
  return null;
}

export function stockErrorMessage(available: number): string {
  return available <= 0 ? 'This product is out of stock' : `Only ${formatQuantity(available)} left in stock`;
}

/** '25,000': every quantity people read goes through here (money.ts's one number formatter). */
export function formatCount(quantity: number): string {
  return formatNumber(quantity);
}

/** '25,000 Ps' */
export function formatQuantity(quantity: number): string {
  return `${formatCount(quantity)} ${QUANTITY_SUFFIX}`;
}
