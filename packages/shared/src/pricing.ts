import { CURRENCY_SYMBOL, QUANTITY_SUFFIX } from './constants.js';
import { E4_PER_DOLLAR, formatNumber, formatUnitPrice, formatUnitPriceDecimal, lineTotalCents, type Cents, type UnitPriceE4 } from './money.js';

/**
 * Bulk pricing (issue 17, ADR 0017): the one place a line's unit price is derived. The product
 * page, cart, checkout, purchase, reorder, quotes' starting price and invoices all call
 * `unitPriceFor` / `linePrice`; a second copy of this logic is how other shops' tier bugs start.
 * Unit prices are integer 1/10,000 dollar (`…E4`, issue 30, ADR 0033); line totals integer cents.
 * Zod-free, so storefront pages can import it from `@bulkparts/shared/pricing`.
 */

/** At `minQuantity` pieces or more, every piece of the line costs `priceE4`. */
export interface PriceTier {
  minQuantity: number;
  priceE4: UnitPriceE4;
}

export interface Priced {
  /** The list price: what a piece costs below the first tier. */
  priceE4: UnitPriceE4;
  /** Strictly ascending `minQuantity`, each price below the one before (`priceTiersProblem`). */
  priceTiers?: readonly PriceTier[] | undefined;
}

/**
 * A buyer's own prices for one product (company accounts, issue 18): a fixed unit price and/or a
 * discount in percent off the list price. The lowest of the tier price and this price applies.
 */
export interface BuyerPrices {
  fixedPriceE4?: UnitPriceE4 | null | undefined;
  discountPercent?: number | null | undefined;
}

/**
 * A product as the API answers it (`price` and tier prices in dollars) in 1/10,000 dollar, as `unitPriceFor`
 * takes it. Zod-free here so storefront pages can use it; `schemas/product.ts` re-exports it.
 */
export function pricedProduct(p: { price: number; priceTiers?: readonly { minQuantity: number; price: number }[] | undefined }): Priced {
  return {
    priceE4: Math.round(p.price * E4_PER_DOLLAR),
    priceTiers: (p.priceTiers ?? []).map((t) => ({ minQuantity: t.minQuantity, priceE4: Math.round(t.price * E4_PER_DOLLAR) })),
  };
}

/** Tiers a product may have. */
export const PRICE_TIERS_MAX = 10;
/** Above this, a tier could never be reached even by a quote (the quote's line maximum). */
export const PRICE_TIER_MIN_QUANTITY_MAX = 1_000_000;

/** The highest tier `quantity` reaches, or null below the first (list price). */
export function tierFor(product: Priced, quantity: number): PriceTier | null {
  let reached: PriceTier | null = null;
  for (const tier of product.priceTiers ?? []) {
    if (quantity >= tier.minQuantity) reached = tier;
    else break;
  }
  return reached;
}

/**
 * The list price less `percent`, in 1/10,000 dollar rounded half up (never below 1): 5% off $0.09
 * is $0.0855, so 1,000 pieces cost $85.50 and not the $90.00 a whole-cent price gave (issue 30).
 */
export function discountedE4(priceE4: UnitPriceE4, percent: number): UnitPriceE4 {
  return Math.max(1, Math.round((priceE4 * (100 - percent)) / 100));
}

/**
 * The unit price of a line of `quantity` pieces: the price of the highest tier the quantity
 * reaches (applied to the whole line), or the list price below the first tier; with a buyer's
 * own prices, the lowest of that and the buyer's price. Integer 1/10,000 dollar in and out.
 */
export function unitPriceFor(product: Priced, quantity: number, buyerPrices?: BuyerPrices): UnitPriceE4 {
  const tierPrice = tierFor(product, quantity)?.priceE4 ?? product.priceE4;
  if (!buyerPrices) return tierPrice;
  let buyerPrice = buyerPrices.fixedPriceE4 ?? null;
  if (buyerPrice === null && buyerPrices.discountPercent) buyerPrice = discountedE4(product.priceE4, buyerPrices.discountPercent);
  return buyerPrice === null ? tierPrice : Math.min(tierPrice, buyerPrice);
}

/**
 * The product as one buyer sees it: `priceE4` is the buyer's price for a line below the first
 * tier (the lower of list and buyer price), and only the tiers cheaper than that are kept. For
 * every quantity, `unitPriceFor(asSeenBy(p, b), q) === unitPriceFor(p, q, b)` (pricing.test.ts),
 * so a page given this view prices lines with the same function and no knowledge of the buyer.
 */
export function asSeenBy(product: Priced, buyerPrices?: BuyerPrices): Priced {
  if (!buyerPrices) return product;
  const below = unitPriceFor({ priceE4: product.priceE4 }, 1, buyerPrices);
  const priceE4 = Math.min(product.priceE4, below);
  return { priceE4, priceTiers: (product.priceTiers ?? []).filter((t) => t.priceE4 < priceE4) };
}

/**
 * A line's unit price (1/10,000 dollar, from `unitPriceFor`) and its total in cents: unit ×
 * quantity rounded half up to the cent once (`lineTotalCents`). Every line total in the system
 * (cart, checkout, order, quote, invoice, credit note) comes from here or `lineTotalCents`.
 */
export function linePrice(product: Priced, quantity: number, buyerPrices?: BuyerPrices): { unitPriceE4: UnitPriceE4; lineTotalCents: Cents } {
  const unitPriceE4 = unitPriceFor(product, quantity, buyerPrices);
  return { unitPriceE4, lineTotalCents: lineTotalCents(unitPriceE4, quantity) };
}

/** What the line saves against the list price, in cents (0 below the first tier): the two rounded line totals' difference. */
export function tierSavingCents(product: Priced, quantity: number, buyerPrices?: BuyerPrices): Cents {
  return lineTotalCents(product.priceE4, quantity) - linePrice(product, quantity, buyerPrices).lineTotalCents;
}

/**
 * The next tier above `quantity` and how many pieces reach it ('Add 40 Ps to reach $0.15/Ps'),
 * or null when the quantity is already in the highest tier (or the product has none).
 */
export function nextTier(product: Priced, quantity: number): { tier: PriceTier; missing: number } | null {
  const tier = (product.priceTiers ?? []).find((t) => t.minQuantity > quantity);
  return tier ? { tier, missing: tier.minQuantity - quantity } : null;
}

/**
 * 'Add 40 Ps to reach $0.15/Ps', or null. With `upTo` (the most one line can hold: the line
 * maximum, the stock), also null when the next tier lies past it: that tier is for a quote.
 */
export function nextTierNudge(product: Priced, quantity: number, upTo?: number): string | null {
  const next = nextTier(product, quantity);
  if (!next || (upTo !== undefined && next.tier.minQuantity > upTo)) return null;
  return `Add ${formatNumber(next.missing)} ${QUANTITY_SUFFIX} to reach ${formatUnitPrice(next.tier.priceE4)}/${QUANTITY_SUFFIX}`;
}

/** '50+ $0.18 · 200+ $0.15 · 500+ $0.12': the list price as the first step from `from` pieces. */
export function formatTierLine(product: Priced, from: number): string {
  const steps = [{ minQuantity: from, priceE4: product.priceE4 }, ...(product.priceTiers ?? [])];
  return steps.map((t) => `${formatNumber(t.minQuantity)}+ ${formatUnitPrice(t.priceE4)}`).join(' · ');
}

/**
 * Why a tier list cannot be kept, or null: at most PRICE_TIERS_MAX, whole `minQuantity` from 2 to
 * PRICE_TIER_MIN_QUANTITY_MAX in strictly ascending order, and each price positive, below the list
 * price and below the tier before it. The product form, the API and the CSV import all ask this.
 */
export function priceTiersProblem(tiers: readonly PriceTier[], listPriceE4: UnitPriceE4): string | null {
  if (tiers.length > PRICE_TIERS_MAX) return `At most ${PRICE_TIERS_MAX} price tiers`;
  let previous: PriceTier | null = null;
  for (const tier of tiers) {
    if (!Number.isInteger(tier.minQuantity) || tier.minQuantity < 2 || tier.minQuantity > PRICE_TIER_MIN_QUANTITY_MAX) {
      return `A tier's quantity must be a whole number from 2 to ${formatNumber(PRICE_TIER_MIN_QUANTITY_MAX)}`;
    }
    if (!Number.isInteger(tier.priceE4) || tier.priceE4 <= 0) return "A tier's price must be more than 0";
    if (previous && tier.minQuantity <= previous.minQuantity) return 'Tier quantities must go up from one tier to the next';
    if (previous && tier.priceE4 >= previous.priceE4) return 'Each tier must be cheaper than the one before';
    if (!previous && tier.priceE4 >= listPriceE4) return 'The first tier must be cheaper than the price';
    previous = tier;
  }
  return null;
}

/** The CSV `tiers` cell: '200:0.15|500:0.0125' (quantity:dollars, the decimals each price has, 2 to 4), '' for none. */
export function formatTiersCell(tiers: readonly PriceTier[]): string {
  return tiers.map((t) => `${t.minQuantity}:${formatUnitPriceDecimal(t.priceE4)}`).join('|');
}

/** Reads a `tiers` cell ('200:0.15|500:0.0125', up to 4 decimals); answers the tiers, or the message for a malformed cell. */
export function parseTiersCell(cell: string): { tiers: PriceTier[] } | { error: string } {
  const text = cell.trim();
  if (text === '') return { tiers: [] };
  const tiers: PriceTier[] = [];
  for (const part of text.split('|')) {
    const match = /^\s*(\d{1,9})\s*:\s*\$?(\d{1,9})(?:\.(\d{1,4}))?\s*$/.exec(part);
    if (!match) {
      return { error: `Tiers must look like 200:0.15|500:0.0125 (${CURRENCY_SYMBOL} per piece from a quantity, at most 4 decimals)` };
    }
    // Digits to 1/10,000 dollar as integers: no float between the cell and the stored price.
    tiers.push({ minQuantity: Number(match[1]), priceE4: Number(match[2]) * E4_PER_DOLLAR + Number((match[3] ?? '').padEnd(4, '0')) });
  }
  return { tiers };
}
