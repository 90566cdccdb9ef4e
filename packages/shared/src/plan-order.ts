import {
  dayOf,
  DEFAULT_FULFILMENT,
  dispatchEstimate,
  lineAvailability,
  NO_BACKORDERS,
  type BackorderSettings,
  type Fulfilment,
  type LineAvailability,
} from './backorder.js';
import { lineTotalCents, type Cents, type UnitPriceE4 } from './money.js';
import { linePrice, unitPriceFor, type BuyerPrices, type Priced } from './pricing.js';
import { MESSAGES } from './messages.js';
import { quantityError, stockErrorMessage } from './quantity.js';
import { dueDateFor, needsApproval, type PaymentMethod, type PaymentTerms } from './schemas/company.js';
import { decideLineTax, type LineTax, type TaxClass, type TaxContext } from './tax.js';
import { orderTotals, type OrderTotals } from './order-totals.js';

/**
 * What an order will be, decided once for the server's placement and the web's checkout, approval
 * preview and payment choice (issue 29): the priced lines, each line's problem and whose it is to
 * fix, the status, the due date and the credit the order needs. Pure: no clock, no I/O, integer
 * cents for amounts and 1/10,000 dollar for unit prices (issue 30); each line's tax, the shipping charge and the totals (issue 30). Issue 31: each line's availability (what ships
 * now, what is backordered and its promised date) and the order's dispatch estimate.
 */

/** A product as an order line prices and checks it. */
export interface PlanProduct extends Priced {
  minimumOrderQuantity: number;
  orderMultiple?: number | undefined;
  availableQuantity: number;
  archived: boolean;
  /** Issue 31: whether a line beyond the stock is taken as backordered, and its promised date. */
  backorder?: BackorderSettings | undefined;
  /** Issue 30: the product's tax class (default `standard`). */
  taxClass?: TaxClass | undefined;
}

export interface PlanLine {
  product: PlanProduct;
  quantity: number;
  /** An accepted quote's unit price: the line is sold at exactly this price, its quantity not held to the line rules. */
  quotedUnitPriceE4?: UnitPriceE4 | undefined;
  /** The buyer's company prices for this product (the lower of tier and company price applies). */
  buyerPrices?: BuyerPrices | undefined;
}

/** The buyer's standing with their company; null for a buyer in no company. */
export interface PlanBuyer {
  spendingLimitCents: Cents | null;
  paymentTerms: PaymentTerms | null;
  creditLimitCents: Cents | null;
  /** What the company's open account orders already hold of its credit. */
  creditUsedCents: Cents;
}

/**
 * Whose a line's problem is: `buyer` (the request must change: an archived product, a quantity
 * below the minimum, off the pack multiple or above the line maximum; answered 400) or `stock`
 * (the same request may succeed later; answered 409).
 */
export type LineProblem = { kind: 'buyer'; message: string } | { kind: 'stock'; message: string };

export interface PlannedLine {
  /** Issue 30: 1/10,000 dollar per piece; the line total is it × quantity rounded half up to the cent once. */
  unitPriceE4: UnitPriceE4;
  lineTotalCents: Cents;
  /** The catalogue's price for this quantity (its tier, no company or quoted price): what an approver compares against. */
  listUnitPriceE4: UnitPriceE4;
  problem: LineProblem | null;
  /** Issue 31: what ships now, what is backordered and by when (`lineAvailability`). */
  availability: LineAvailability;
  /** Issue 30: the line's tax as decided (`decideLineTax`); null when the plan had no tax context. */
  tax: LineTax | null;
}

export type PlannedStatus = 'pending' | 'awaiting_approval' | 'invoiced';

export interface OrderPlan {
  lines: PlannedLine[];
  /** Issue 30: what the buyer pays (`totals.totalCents`: subtotal + shipping + tax); the approval threshold and the credit use it. */
  totalCents: Cents;
  /** Issue 30: subtotal, shipping, tax per rate, total. */
  totals: OrderTotals;
  /** The shipping charge (issue 30, shipping methods); 0 without. */
  shippingCents: Cents;
  /** Issue 30: the shipping charge's tax (a `standard` line of the destination); null without tax or shipping. */
  shippingTax: LineTax | null;
  /** Above the buyer's spending limit: waits for an approver (stock held, no payment deadline). */
  status: PlannedStatus;
  /** An account order invoiced at once is due on the company's terms from `now`. */
  dueDate: string | null;
  /** What an account order takes of the company's credit (0 for a card order). */
  creditNeededCents: Cents;
  /** The company's credit cannot take it (checked again under lock by the server). */
  overCreditLimit: boolean;
  /** Paying on account without a company that has terms. */
  accountRefused: boolean;
  /** The HTTP answer a refused order gets: 400 when any problem is the buyer's, 409 for stock or credit alone, null when it can be placed. */
  refusal: 400 | 409 | null;
  /** Issue 31: how it ships, and when its pieces leave (`dispatchEstimate`). */
  fulfilment: Fulfilment;
  dispatch: { first: string | null; last: string | null; unknown: boolean };
}

function lineProblemOf(line: PlanLine): LineProblem | null {
  const { product, quantity } = line;
  if (product.archived) return { kind: 'buyer', message: MESSAGES.productUnavailable };
  const limits = { minimumOrderQuantity: product.minimumOrderQuantity, orderMultiple: product.orderMultiple };
  if (line.quotedUnitPriceE4 === undefined) {
    // The line rules with unlimited stock: whatever fails here is the buyer's to change.
    const rule = quantityError(quantity, { ...limits, availableQuantity: Number.MAX_SAFE_INTEGER });
    if (rule) return { kind: 'buyer', message: rule };
  }
  // Issue 31: beyond the stock, a product taking backorders backorders the rest.
  if (quantity > product.availableQuantity && !product.backorder?.allowed) return { kind: 'stock', message: stockErrorMessage(product.availableQuantity) };
  return null;
}

export function planOrder(input: {
  buyer: PlanBuyer | null;
  lines: readonly PlanLine[];
  paymentMethod: PaymentMethod;
  now: string;
  /** Issue 31: how an order with backordered pieces ships (default `ship_as_available`). */
  fulfilment?: Fulfilment | undefined;
  /** Issue 30: the shipping charge (the chosen method's price). */
  shipping?: { priceCents: number } | undefined;
  /** Issue 30: who sells, where it goes, who buys and the rates: each line's tax (`decideLineTax`). */
  tax?: TaxContext | undefined;
}): OrderPlan {
  const { buyer, paymentMethod, now } = input;
  const fulfilment = input.fulfilment ?? DEFAULT_FULFILMENT;
  const today = dayOf(now);
  const lines = input.lines.map((line): PlannedLine => {
    const price =
      line.quotedUnitPriceE4 === undefined
        ? linePrice(line.product, line.quantity, line.buyerPrices)
        : { unitPriceE4: line.quotedUnitPriceE4, lineTotalCents: lineTotalCents(line.quotedUnitPriceE4, line.quantity) };
    const availability = lineAvailability(line.quantity, line.product.availableQuantity, line.product.backorder ?? NO_BACKORDERS, today);
    const tax = input.tax ? decideLineTax(input.tax, line.product.taxClass ?? 'standard', price.lineTotalCents) : null;
    return { ...price, listUnitPriceE4: unitPriceFor(line.product, line.quantity), problem: lineProblemOf(line), availability, tax };
  });
  const shippingCents = input.shipping?.priceCents ?? 0;
  const shippingTax = input.tax && shippingCents > 0 ? decideLineTax(input.tax, 'standard', shippingCents) : null;
  const totals = orderTotals(lines, { cents: shippingCents, tax: shippingTax });
  const totalCents = totals.totalCents;
  const awaiting = needsApproval(totalCents, buyer?.spendingLimitCents ?? null);
  const accountRefused = paymentMethod === 'account' && !buyer?.paymentTerms;
  const invoiced = !awaiting && paymentMethod === 'account' && !accountRefused;
  const creditNeededCents = paymentMethod === 'account' ? totalCents : 0;
  const limit = buyer?.creditLimitCents ?? null;
  const overCreditLimit = paymentMethod === 'account' && limit !== null && (buyer?.creditUsedCents ?? 0) + creditNeededCents > limit;
  const problems = lines.map((l) => l.problem).filter((p): p is LineProblem => p !== null);
  const refusal = problems.some((p) => p.kind === 'buyer') ? 400 : problems.length || overCreditLimit || accountRefused ? 409 : null;
  return {
    lines,
    totalCents,
    totals,
    shippingCents,
    shippingTax,
    status: awaiting ? 'awaiting_approval' : invoiced ? 'invoiced' : 'pending',
    dueDate: invoiced && buyer?.paymentTerms ? dueDateFor(now, buyer.paymentTerms) : null,
    creditNeededCents,
    overCreditLimit,
    accountRefused,
    refusal,
    fulfilment,
    dispatch: dispatchEstimate(
      lines.map((l) => l.availability),
      fulfilment,
      today,
    ),
  };
}
