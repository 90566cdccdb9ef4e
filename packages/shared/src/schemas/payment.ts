import { z } from 'zod';
import { isExpiryInFuture, luhnValid, parseExpiry } from '../card.js';

/** Test card gateway form. Only the brand and last four digits are ever stored. */
export const cardFormSchema = z.object({
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Card number is required')
        .regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')
        .refine(luhnValid, 'Card number is not valid'),
    ),
  expiry: z
    .string({ error: 'Expiry is required' })
    .trim()
    .min(1, 'Expiry is required')
    .refine((v) => parseExpiry(v) !== null, 'Expiry must be MM/YY')
    .refine((v) => isExpiryInFuture(v), 'Card has expired'),
  cvc: z
    .string({ error: 'CVC is required' })
    .trim()
    .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
});
export type CardForm = z.input<typeof cardFormSchema>;

export const PAYMENT_PROVIDERS = ['test-card', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** `GET /api/payment-config`: which payment panel the web app shows. */
export const paymentConfigSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * `POST /api/purchase/:id/pay` answer. The test card gateway pays at once (`paid`, with the
 * order); Stripe answers `redirect` to its hosted checkout and the order becomes paid only from
 * the webhook. A declined card is a 402 `{ error: 'PAYMENT_DECLINED', message }`; bad card
 * fields a 400 naming `cardNumber`, `expiry` or `cvc`; an order already paid a 409.
 */
export const paymentResultSchema = z.object({
  status: z.enum(['paid', 'redirect']),
  message: z.string(),
  redirectUrl: z.string().optional(),
  orderId: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
