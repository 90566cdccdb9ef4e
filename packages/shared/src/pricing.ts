import { CURRENCY_SYMBOL, QUANTITY_SUFFIX } from './constants.js';
import { formatCents, formatNumber, type Cents } from './money.js';

/**
 * Bulk pricing (issue 17, ADR 0017): the one place a line's unit price is derived. The product
 * page, cart, checkout, purchase, reorder, quotes' starting price and invoices all call
 * `unitPriceFor` / `linePrice`; a second copy of this logic is how other shops' tier bugs start.
 * Zod-free, so storefront pages can import it from `@bulkparts/shared/pricing`.
 */

/** At `minQuantity` pieces or more, every piece of the line costs `priceCents`. */
export interface PriceTier {
  minQuantity: number;
  priceCents: Cents;
}

export interface Priced {
  /** The list price: what a piece costs below the first tier. */
  priceCents: Cents;
  /** Strictly ascending `minQuantity`, each price below the one before (`priceTiersProblem`). */
  priceTiers?: readonly PriceTier[] | undefined;
}

/**
 * A buyer's own prices for one product (company accounts, issue 18): a fixed unit price and/or a
 * discount in percent off the list price. The lowest of the tier price and this price applies.
 */
export interface BuyerPrices {
  fixedPriceCents?: Cents | null | undefined;
  discountPercent?: number | null | undefined;
}

/**
 * A product as the API answers it (`price` and tier prices in dollars) in cents, as `unitPriceFor`
 * takes it. Zod-free here so storefront pages can use it; `schemas/product.ts` re-exports it.
 */
export function pricedProduct(p: { price: number; priceTiers?: readonly { minQuantity: number; price: number }[] | undefined }): Priced {
  return {
    priceCents: Math.round(p.price * 100),
    priceTiers: (p.priceTiers ?? []).map((t) => ({ minQuantity: t.minQuantity, priceCents: Math.round(t.price * 100) })),
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

/** The list price less `percent`, rounded half up to whole cents (never below 1 cent). */
export function discountedCents(priceCents: Cents, percent: number): Cents {
  return Math.max(1, Math.round((priceCents * (100 - percent)) / 100));
}

/**
 * The unit price of a line of `quantity` pieces: the price of the highest tier the quantity
 * reaches (applied to the whole line), or the list price below the first tier; with a buyer's
 * own prices, the lowest of that and the buyer's price. Integer cents in, integer cents out.
 */
export function unitPriceFor(product: Priced, quantity: number, buyerPrices?: BuyerPrices): Cents {
  const tierPrice = tierFor(product, quantity)?.priceCents ?? product.priceCents;
  if (!buyerPrices) return tierPrice;
  let buyerPrice = buyerPrices.fixedPriceCents ?? null;
  if (buyerPrice === null && buyerPrices.discountPercent) buyerPrice = discountedCents(product.priceCents, buyerPrices.discountPercent);
  return buyerPrice === null ? tierPrice : Math.min(tierPrice, buyerPrice);
}

/**
 * The product as one buyer sees it: `priceCents` is the buyer's price for a line below the first
 * tier (the lower of list and buyer price), and only the tiers cheaper than that are kept. For
 * every quantity, `unitPriceFor(asSeenBy(p, b), q) === unitPriceFor(p, q, b)` (pricing.test.ts),
 * so a page given this view prices lines with the same function and no knowledge of the buyer.
 */
export function asSeenBy(product: Priced, buyerPrices?: BuyerPrices): Priced {
  if (!buyerPrices) return product;
  const below = unitPriceFor({ priceCents: product.priceCents }, 1, buyerPrices);
  const priceCents = Math.min(product.priceCents, below);
  return { priceCents, priceTiers: (product.priceTiers ?? []).filter((t) => t.priceCents < priceCents) };
}

/** A line's unit price and total, from `unitPriceFor`. */
export function linePrice(product: Priced, quantity: number, buyerPrices?: BuyerPrices): { unitPriceCents: Cents; lineTotalCents: Cents } {
  const unitPriceCents = unitPriceFor(product, quantity, buyerPrices);
  return { unitPriceCents, lineTotalCents: unitPriceCents * quantity };
}

/** What the line saves against the list price (0 below the first tier). */
export function tierSavingCents(product: Priced, quantity: number, buyerPrices?: BuyerPrices): Cents {
  return (product.priceCents - unitPriceFor(product, quantity, buyerPrices)) * quantity;
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
  return `Add ${formatNumber(next.missing)} ${QUANTITY_SUFFIX} to reach ${formatCents(next.tier.priceCents)}/${QUANTITY_SUFFIX}`;
}

/** '50+ $0.18 · 200+ $0.15 · 500+ $0.12': the list price as the first step from `from` pieces. */
export function formatTierLine(product: Priced, from: number): string {
  const steps = [{ minQuantity: from, priceCents: product.priceCents }, ...(product.priceTiers ?? [])];
  return steps.map((t) => `${formatNumber(t.minQuantity)}+ ${formatCents(t.priceCents)}`).join(' · ');
}

/**
 * Why a tier list cannot be kept, or null: at most PRICE_TIERS_MAX, whole `minQuantity` from 2 to
 * PRICE_TIER_MIN_QUANTITY_MAX in strictly ascending order, and each price positive, below the list
 * price and below the tier before it. The product form, the API and the CSV import all ask this.
 */
export function priceTiersProblem(tiers: readonly PriceTier[], listPriceCents: Cents): string | null {
  if (tiers.length > PRICE_TIERS_MAX) return `At most ${PRICE_TIERS_MAX} price tiers`;
  let previous: PriceTier | null = null;
  for (const tier of tiers) {
    if (!Number.isInteger(tier.minQuantity) || tier.minQuantity < 2 || tier.minQuantity > PRICE_TIER_MIN_QUANTITY_MAX) {
      return `A tier's quantity must be a whole number from 2 to ${formatNumber(PRICE_TIER_MIN_QUANTITY_MAX)}`;
    }
    if (!Number.isInteger(tier.priceCents) || tier.priceCents <= 0) return "A tier's price must be more than 0";
    if (previous && tier.minQuantity <= previous.minQuantity) return 'Tier quantities must go up from one tier to the next';
    if (previous && tier.priceCents >= previous.priceCents) return 'Each tier must be cheaper than the one before';
    if (!previous && tier.priceCents >= listPriceCents) return 'The first tier must be cheaper than the price';
    previous = tier;
  }
  return null;
}

/** The CSV `tiers` cell: '200:0.15|500:0.12' (quantity:dollars), '' for none. */
export function formatTiersCell(tiers: readonly PriceTier[]): string {
  return tiers.map((t) => `${t.minQuantity}:${(t.priceCents / 100).toFixed(2)}`).join('|');
}

/** Reads a `tiers` cell ('200:0.15|500:0.12'); answers the tiers, or the message for a malformed cell. */
export function parseTiersCell(cell: string): { tiers: PriceTier[] } | { error: string } {
  const text = cell.trim();
  if (text === '') return { tiers: [] };
  const tiers: PriceTier[] = [];
  for (const part of text.split('|')) {
    const match = /^\s*(\d{1,9})\s*:\s*\$?(\d{1,9}(?:\.\d{1,2})?)\s*$/.exec(part);
    if (!match) return { error: `Tiers must look like 200:0.15|500:0.12 (${CURRENCY_SYMBOL} per piece from a quantity)` };
    tiers.push({ minQuantity: Number(match[1]), priceCents: Math.round(Number(match[2]) * 100) });
  }
  return { tiers };
}
