import { cardBrand, cardFormSchema, MESSAGES } from '@bulkparts/shared';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { WebhookSignatureError, type PaymentProvider } from './payment-provider.js';

/** Test numbers that are declined, as on Stripe's test cards; every other valid number pays. */
const DECLINED: Record<string, string> = {
  '4000000000000002': MESSAGES.cardDeclined,
  '4000000000009995': 'Your card has insufficient funds.',
};

/**
 * The embedded default gateway: no network, no account, deterministic answers. The card number
 * lives only for the duration of this call; the brand and last four digits are all that is kept.
 */
export function createTestCardProvider(): PaymentProvider {
  return {
    name: 'test-card',
    async initiate(_order, input) {
      const card = parseInput(cardFormSchema, input);
      const declined = DECLINED[card.cardNumber];
      if (declined) return { kind: 'declined', message: declined };
      return {
        kind: 'paid',
        reference: `tc_${randomBytes(12).toString('hex')}`,
        cardBrand: cardBrand(card.cardNumber),
        cardLast4: card.cardNumber.slice(-4),
      };
    },
    async refund(payment) {
      // Nothing to return to: the test gateway never took real money. A part of a payment (issue 31)
      // is refused past what was paid, as a real gateway would; it answers a reference of its own.
      if (payment.amountCents <= 0) throw new AppError('CONFLICT', 'A refund is of more than 0');
      return { reference: `tc_re_${randomBytes(12).toString('hex')}` };
    },
    parseWebhook() {
      throw new WebhookSignatureError('The test card gateway sends no webhooks');
    },
    confirm() {
      return null;
    },
  };
}

export const paymentDeclined = (message: string) => new AppError('PAYMENT_DECLINED', message);
