import { z } from 'zod';
import type { LineTax } from './tax.js';

/**
 * Issue 30: an order's totals, the same figures wherever they are shown (cart, checkout, order,
 * invoice, mails, CSV, webhooks, Stripe): subtotal (the lines' net), shipping, tax per rate, the
 * total to pay. Tax is each line's as decided and rounded (`decideLineTax`), summed: never
 * recomputed on the sum, so the invoice's lines add up to its total.
 */
export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  tax: { name: string; rateBp: number; baseCents: number; amountCents: number }[];
  taxTotalCents: number;
  totalCents: number;
}

/** The lines' net and tax, shipping and its tax, added up. Tax groups by name and rate; a 0% 'standard' line (no rate set) makes no group. */
export function orderTotals(
  lines: readonly { lineTotalCents: number; tax: LineTax | null | undefined }[],
  shipping: { cents: number; tax: LineTax | null | undefined } = { cents: 0, tax: null },
): OrderTotals {
  const tax: OrderTotals['tax'] = [];
  const add = (net: number, t: LineTax | null | undefined) => {
    if (!t || (t.rule === 'standard' && t.rateBp === 0)) return;
    const group = tax.find((g) => g.name === t.name && g.rateBp === t.rateBp);
    if (group) {
      group.baseCents += net;
      group.amountCents += t.amountCents;
    } else tax.push({ name: t.name, rateBp: t.rateBp, baseCents: net, amountCents: t.amountCents });
  };
  let subtotalCents = 0;
  let taxTotalCents = 0;
  for (const l of lines) {
    subtotalCents += l.lineTotalCents;
    taxTotalCents += l.tax?.amountCents ?? 0;
    add(l.lineTotalCents, l.tax);
  }
  if (shipping.cents > 0) add(shipping.cents, shipping.tax);
  taxTotalCents += shipping.cents > 0 ? (shipping.tax?.amountCents ?? 0) : 0;
  return { subtotalCents, shippingCents: shipping.cents, tax, taxTotalCents, totalCents: subtotalCents + shipping.cents + taxTotalCents };
}

/** The totals as the API answers them (dollars, rates in percent). */
export const orderTotalsSchema = z.object({
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.array(z.object({ name: z.string(), rate: z.number(), base: z.number(), amount: z.number() })),
  taxTotal: z.number(),
  total: z.number(),
});
export type OrderTotalsAnswer = z.infer<typeof orderTotalsSchema>;

export function totalsAnswer(t: OrderTotals): OrderTotalsAnswer {
  return {
    subtotal: t.subtotalCents / 100,
    shipping: t.shippingCents / 100,
    tax: t.tax.map((g) => ({ name: g.name, rate: g.rateBp / 100, base: g.baseCents / 100, amount: g.amountCents / 100 })),
    taxTotal: t.taxTotalCents / 100,
    total: t.totalCents / 100,
  };
}

/** Back from the answer (the web reads an order's totals; dollars have at most two decimals). */
export function totalsFromAnswer(a: OrderTotalsAnswer): OrderTotals {
  const c = (d: number) => Math.round(d * 100);
  return {
    subtotalCents: c(a.subtotal),
    shippingCents: c(a.shipping),
    tax: a.tax.map((g) => ({ name: g.name, rateBp: Math.round(g.rate * 100), baseCents: c(g.base), amountCents: c(g.amount) })),
    taxTotalCents: c(a.taxTotal),
    totalCents: c(a.total),
  };
}

/** A line's tax as the API answers it: `{ rule, rate, amount, zone, evidence }` (rate percent, amount dollars) and its name. */
export const lineTaxSchema = z.object({
  rule: z.enum(['standard', 'exempt', 'reverse_charge', 'export']),
  rate: z.number(),
  amount: z.number(),
  zone: z.string(),
  name: z.string(),
  evidence: z.string().nullable(),
});
export type LineTaxAnswer = z.infer<typeof lineTaxSchema>;

export function lineTaxAnswer(t: LineTax): LineTaxAnswer {
  return { rule: t.rule, rate: t.rateBp / 100, amount: t.amountCents / 100, zone: t.zone, name: t.name, evidence: t.evidence };
}
