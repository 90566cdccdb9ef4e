import { effectiveMinimum, formatCount, formatQuantity, type QuantityLimits } from './availability.js';
import { ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from './constants.js';
import { MESSAGES } from './messages.js';

// What a product card needs (can it be ordered, its smallest order, counts written for people) is
// in availability.ts, so the home page downloads that and not the whole quantity rule.
export * from './availability.js';

/**
 * The whole purchase-quantity rule: the shop-wide 50–1000 range, then the product's own minimum,
 * then its pack multiple, then the stock. Returns the message to show, or null when the quantity is acceptable.
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
  if (product && !isMultipleOf(quantity, product.orderMultiple)) return orderMultipleMessage(product.orderMultiple as number);
  if (product && quantity > product.availableQuantity && !product.backorder?.allowed) return stockErrorMessage(product.availableQuantity);
  return null;
}

/** Whether `quantity` fits the pack multiple (any quantity does without one). */
export function isMultipleOf(quantity: number, orderMultiple: number | undefined): boolean {
  return !orderMultiple || orderMultiple <= 1 || quantity % orderMultiple === 0;
}

/**
 * The most pieces one cart line or order line may hold by the rules: the shop-wide 1000, down to
 * the pack multiple (1000 for a pack of 300 is 900). A reorder adds up to this and no further (issue 28).
 */
export function lineQuantityMax(orderMultiple: number | undefined): number {
  if (!orderMultiple || orderMultiple <= 1 || orderMultiple > ORDER_QUANTITY_MAX) return ORDER_QUANTITY_MAX;
  return ORDER_QUANTITY_MAX - (ORDER_QUANTITY_MAX % orderMultiple);
}

/** 'Order in multiples of 25 Ps' */
export function orderMultipleMessage(orderMultiple: number): string {
  return `Order in multiples of ${formatQuantity(orderMultiple)}`;
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

export function stockErrorMessage(available: number): string {
  return available <= 0 ? 'This product is out of stock' : `Only ${formatQuantity(available)} left in stock`;
}
