import type { SessionUser } from '../../lib/session-user.js';

/**
 * Whose cart a request reads and writes, and whose prices it shows (issue 32): a buyer's own cart
 * is theirs (`cartId` = their account id); a punchout session has a cart of its own, so two buyers
 * of one company punching out at once (both signed in as its punchout member) never share one.
 * Its lines are priced for the member (the company's prices).
 */
export interface CartOwner {
  /** The key of the cart's rows (`cart_lines.user_id`, `carts.user_id`). */
  cartId: string;
  /** The account whose company prices the cart shows. */
  buyerId: string;
}

export const ownCart = (userId: string): CartOwner => ({ cartId: userId, buyerId: userId });

/** The cart id of a punchout session (never an account id: those have no colon). */
export const punchoutCartId = (punchoutSessionId: string) => `punchout:${punchoutSessionId}`;

export function cartOwnerOf(user: SessionUser): CartOwner {
  return user.punchout ? { cartId: punchoutCartId(user.punchout.sessionId), buyerId: user.id } : ownCart(user.id);
}
