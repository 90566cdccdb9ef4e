import { ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN, QUANTITY_SUFFIX } from './constants.js';
import { MESSAGES } from './messages.js';

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
  if (quantity < ORDER_QUANTITY_MIN) return MESSAGES.quantityMin;
  if (quantity > ORDER_QUANTITY_MAX) return MESSAGES.quantityMax;
  if (product) {
    if (quantity < product.minimumOrderQuantity) {
      return `Minimum order for this product is ${product.minimumOrderQuantity} ${QUANTITY_SUFFIX}`;
    }
    if (quantity > product.availableQuantity) return stockErrorMessage(product.availableQuantity);
  }
  return null;
}

export function stockErrorMessage(available: number): string {
  return available <= 0 ? 'This product is out of stock' : `Only ${available} ${QUANTITY_SUFFIX} left in stock`;
}

export function formatQuantity(quantity: number): string {
  return `${quantity} ${QUANTITY_SUFFIX}`;
}
