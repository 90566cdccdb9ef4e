import { CURRENCY_SYMBOL } from './constants.js';

/**
 * Money is integer cents everywhere inside the system; dollars appear only at the edges
 * (the spec's JSON `price` field and what people read).
 */
export type Cents = number;

/** Converts a dollar amount with at most two decimals to cents, or null when it is not exact. */
export function dollarsToCents(dollars: number): Cents | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Reject amounts with more than two decimals instead of silently rounding them.
  if (Math.abs(cents - dollars * 100) > 1e-6) return null;
  return cents;
}

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/**
 * Issue 30 (ADR 0033): a price per piece (list price, tiers, company and quoted prices, the unit
 * prices kept on cart, order and quote lines) is an integer number of 1/10,000 dollar: `E4` in a
 * name means "dollars × 10⁴" ($0.0125 is 125, $0.09 is 900, $1.50 is 15,000). Amounts (line and
 * order totals, credit, payments) stay integer cents; a line total is rounded once, half up, by
 * `lineTotalCents`. A line's price is derived in pricing.ts (`unitPriceFor`, `linePrice`).
 */
export type UnitPriceE4 = number;

/** 1/10,000 dollar units in a dollar, and in a cent. */
export const E4_PER_DOLLAR = 10_000;
export const E4_PER_CENT = 100;
/** The most decimals a unit price may have (one more is refused, never rounded away). */
export const UNIT_PRICE_MAX_DECIMALS = 4;

/** Converts a dollar unit price with at most four decimals to 1/10,000 dollar, or null when it has more. */
export function dollarsToE4(dollars: number): UnitPriceE4 | null {
  if (!Number.isFinite(dollars)) return null;
  const e4 = Math.round(dollars * E4_PER_DOLLAR);
  // Reject prices with a fifth decimal instead of silently rounding them.
  if (Math.abs(e4 - dollars * E4_PER_DOLLAR) > 1e-4) return null;
  return e4;
}

/** A unit price in dollars, as the API answers it (a number with up to four decimals). */
export function e4ToDollars(e4: UnitPriceE4): number {
  return e4 / E4_PER_DOLLAR;
}

/** A whole-cent amount as a unit price (a price kept in cents before issue 30, a fee per piece). */
export function centsToE4(cents: Cents): UnitPriceE4 {
  return cents * E4_PER_CENT;
}

export function hasAtMostFourDecimals(value: number): boolean {
  return dollarsToE4(value) !== null;
}

/**
 * `quantity` pieces at `unitE4` each, in cents: the exact product rounded half up to the cent,
 * once (never a rounded unit price times the quantity). BigInt when the product passes 2^53.
 */
export function lineTotalCents(unitE4: UnitPriceE4, quantity: number): Cents {
  const exact = unitE4 * quantity;
  if (Number.isSafeInteger(exact) && exact >= 0) return Math.floor((exact + E4_PER_CENT / 2) / E4_PER_CENT);
  const big = BigInt(unitE4) * BigInt(quantity);
  const sign = big < 0n ? -1n : 1n;
  const abs = big * sign;
  return Number(sign * ((abs + BigInt(E4_PER_CENT / 2)) / BigInt(E4_PER_CENT)));
}

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * '25,000': the one way a count (pieces, stock) is written for people, in the web app, mails and
 * invoices alike; money goes through `formatCents`, which groups the same way.
 */
export function formatNumber(value: number): string {
  return wholeFormatter.format(value);
}

/** '$1,234.50' */
export function formatCents(cents: Cents): string {
  return `${CURRENCY_SYMBOL}${formatter.format(cents / 100)}`;
}

/** '$1,234.50' for a dollar amount from the API (a price or total the server sent as cents / 100). */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}

/**
 * '$0.0125', '$0.0855', '$1.50', '$1,234.50': the one way a price per piece is written for people
 * (web pages, PDFs, mails, CSV through `formatUnitPriceDecimal`): the decimals it has, at least 2 and at
 * most 4, thousands grouped as `formatCents` does. Integer arithmetic, no float on the way.
 */
export function formatUnitPrice(e4: UnitPriceE4): string {
  const sign = e4 < 0 ? '-' : '';
  const [whole, fraction] = unitPriceParts(Math.abs(e4));
  return `${sign}${CURRENCY_SYMBOL}${formatNumber(whole)}.${fraction}`;
}

/** '0.0125', '1.5' → '1.50', '1234.5' → '1234.50': a unit price as a plain decimal (CSV cells, cXML, form fields). */
export function formatUnitPriceDecimal(e4: UnitPriceE4): string {
  const sign = e4 < 0 ? '-' : '';
  const [whole, fraction] = unitPriceParts(Math.abs(e4));
  return `${sign}${whole}.${fraction}`;
}

/** A unit price the API sent in dollars, written by `formatUnitPrice`. */
export function formatUnitPriceDollars(dollars: number): string {
  return formatUnitPrice(Math.round(dollars * E4_PER_DOLLAR));
}

function unitPriceParts(e4: UnitPriceE4): [number, string] {
  const whole = Math.floor(e4 / E4_PER_DOLLAR);
  const fraction = String(e4 % E4_PER_DOLLAR)
    .padStart(UNIT_PRICE_MAX_DECIMALS, '0')
    .replace(/0{1,2}$/, '');
  return [whole, fraction];
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return dollarsToCents(value) !== null;
}
