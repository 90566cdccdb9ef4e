import { z } from 'zod';
import { optionalTextSchema } from './common.js';
import { PAYMENT_METHODS } from './company.js';
import { DEFAULT_FULFILMENT, FULFILMENTS } from '../backorder.js';
import { carrierAccountSchema } from './shipping.js';

export const PO_NUMBER_MAX_LENGTH = 50;
export const ORDER_NOTE_MAX_LENGTH = 1000;

/**
 * What a buyer says about an order besides its lines, the same for the cart's checkout and
 * `POST /api/purchase` (issue 29): one set of rules and messages. Its own file because
 * `cart.ts` builds on `order.ts`, and both use these.
 */
export const orderDetailsShape = {
  poNumber: optionalTextSchema('PO number', PO_NUMBER_MAX_LENGTH),
  note: optionalTextSchema('Note', ORDER_NOTE_MAX_LENGTH),
  /** Issue 18: 'account' pays on the company's terms (invoiced, due later); 'card' (the default) as before. */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` }).default('card'),
  /** Issue 31: with backordered pieces, ship what is in stock now ('ship_as_available', the default) or all together. */
  fulfilment: z.enum(FULFILMENTS, { error: `fulfilment must be one of ${FULFILMENTS.join(', ')}` }).default(DEFAULT_FULFILMENT),
  /** Issue 30: a shipping method's code (`GET /api/cart/shipping-options`); none: the cheapest offered. */
  shippingMethod: z
    .string({ error: 'shippingMethod must be a method code' })
    .trim()
    .min(1, 'shippingMethod must be a method code')
    .max(30, 'shippingMethod must be at most 30 characters')
    .optional(),
  /** Issue 30: a collect method's carrier and account number ('DHL 123456'). */
  carrierAccount: carrierAccountSchema.optional(),
};
