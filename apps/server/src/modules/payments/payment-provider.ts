import type { PaymentProviderName } from '@bulkparts/shared';

/** What a provider needs to know about the order being paid (amounts in integer cents, unit prices in 1/10,000 dollar). */
export interface PayableOrder {
  id: string;
  productName: string;
  quantity: number;
  unitPriceE4: number;
  totalCents: number;
  userEmail: string;
  /** Every line (a provider's payment page lists them; their totals add up to `totalCents`). */
  lines: { name: string; quantity: number; unitPriceE4: number; lineTotalCents: number }[];
}

export type InitiateResult =
  /** Paid on the spot (test card gateway). */
  | { kind: 'paid'; reference: string; cardBrand: string | null; cardLast4: string | null }
  /** The buyer finishes on the provider's page; the order is paid later, from a verified webhook. */
  | { kind: 'redirect'; url: string; reference: string }
  | { kind: 'declined'; message: string };

/** A webhook whose signature was verified. */
export interface VerifiedWebhookEvent {
  id: string;
  type: string;
  payload: unknown;
}

/** A payment a provider vouches for, taken from a verified webhook event. */
export interface PaymentConfirmation {
  orderId: string;
  reference: string;
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The seam between the shop and whoever takes the money. The embedded default is the test card
 * gateway; Stripe replaces it when configured. Only the server marks orders paid, and only from
 * `initiate` answering `paid` or from `confirm` on a verified webhook.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts (or, for the test gateway, completes) a payment. `input` is the untrusted request body. */
  initiate(order: PayableOrder, input: unknown, urls: { success: string; cancel: string }): Promise<InitiateResult>;
  /**
   * Returns the money of a paid order: all of it, or (issue 31, a credit note) `amountCents` of it
   * when `partial`, once per `key` (the provider's idempotency key). Answers the refund's reference when the provider gives one.
   */
  refund(payment: { orderId: string; reference: string; amountCents: number; partial?: { key: string } }): Promise<{ reference: string } | void>;
  /** Verifies a webhook on its raw body; throws `WebhookSignatureError` when it is not authentic. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedWebhookEvent;
  /** The payment an event confirms, or null for events the shop does not act on. */
  confirm(event: VerifiedWebhookEvent): PaymentConfirmation | null;
}

export class WebhookSignatureError extends Error {}
