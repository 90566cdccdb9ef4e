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

/** A line's price is derived in pricing.ts (`unitPriceFor`, `linePrice`), the one place it lives. */

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

export function hasAtMostTwoDecimals(value: number): boolean {
  return dollarsToCents(value) !== null;
}
