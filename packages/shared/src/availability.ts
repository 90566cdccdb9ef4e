import { ORDER_QUANTITY_MIN, QUANTITY_SUFFIX } from './constants.js';
import { PRODUCT_UNAVAILABLE } from './first-load-messages.js';
import { formatNumber } from './money.js';

/**
 * Whether a product can be ordered at all, and the smallest order it takes: what the storefront's
 * product cards show. The quantity rule itself (`quantityError`) is in quantity.ts, which
 * re-exports all of this; cards import `@bulkparts/shared/availability` to keep the home page light.
 */

export interface QuantityLimits {
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** Pack multiple (issue 17): a line's quantity must be a multiple of it. 1 (or absent) for none. */
  orderMultiple?: number | undefined;
  /** Issue 31: a product taking backorders takes a line beyond its stock (the rest backordered). */
  backorder?: { allowed: boolean } | undefined;
}

/** The smallest order a product takes: its own minimum, never below the shop-wide one. */
export function effectiveMinimum(product: Pick<QuantityLimits, 'minimumOrderQuantity'>): number {
  return Math.max(ORDER_QUANTITY_MIN, product.minimumOrderQuantity);
}

/**
 * The smallest quantity a product can be ordered in: its minimum rounded up to its pack multiple.
 * Above ORDER_QUANTITY_MAX the product can only be had through a quote.
 */
export function smallestOrder(product: Pick<QuantityLimits, 'minimumOrderQuantity' | 'orderMultiple'>): number {
  const minimum = effectiveMinimum(product);
  const multiple = product.orderMultiple && product.orderMultiple > 1 ? product.orderMultiple : 1;
  return Math.ceil(minimum / multiple) * multiple;
}

/** A product as the storefront asks whether it can be ordered; one taking backorders can be, whatever its stock (issue 31). */
export interface Orderability extends QuantityLimits {
  archived?: boolean;
}

/**
 * Why a product cannot be ordered at all, or null when it can: archived, out of stock, or less
 * stock than its smallest order. The storefront shows this instead of 'Buy now' / a purchase form,
 * and the server's answer to such an order means the same.
 */
export function unavailableReason(product: Orderability): string | null {
  if (product.archived) return PRODUCT_UNAVAILABLE;
  if (product.backorder?.allowed) return null;
  if (product.availableQuantity <= 0) return 'Out of stock';
  const minimum = smallestOrder(product);
  if (product.availableQuantity < minimum) {
    return `Only ${formatQuantity(product.availableQuantity)} left, below the minimum order of ${formatCount(minimum)}`;
  }
  return null;
}

/** '25,000': every quantity people read goes through here (money.ts's one number formatter). */
export function formatCount(quantity: number): string {
  return formatNumber(quantity);
}

/** '25,000 Ps' */
export function formatQuantity(quantity: number): string {
  return `${formatCount(quantity)} ${QUANTITY_SUFFIX}`;
}
