/**
 * Shipping (issue 30): which of the shop's methods can carry an order of this weight, value and
 * destination, and what each charges. Pure and zod-free (the web's checkout downloads it), integer
 * grams and cents only: the API's `weightKg` and dollar prices are converted at the edge.
 */

export const SHIPPING_KINDS = ['parcel', 'freight', 'collect', 'pickup'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];

export const SHIPPING_KIND_LABELS: Record<ShippingKind, string> = {
  parcel: 'Parcel',
  freight: 'Freight',
  collect: 'Collect on your carrier account',
  pickup: 'Pick up',
};

/** A weight band: up to (and including) `upToGrams`, `priceCents`. */
export interface ShippingBand {
  upToGrams: number;
  priceCents: number;
}

/** A shipping method as the shared functions read it. */
export interface ShippingMethodRule {
  code: string;
  name: string;
  kind: ShippingKind;
  /** '*' (everywhere) or ISO 3166 alpha-2 codes. */
  countries: '*' | readonly string[];
  /** Sorted or not; the narrowest band holding the weight prices it. Empty for collect/pickup: any weight. */
  bands: readonly ShippingBand[];
  /** An order worth at least this (goods, before tax) ships free; null: never. */
  freeOverCents: number | null;
  /** Working days in transit after dispatch, [min, max]. */
  transitDays: readonly [number, number];
  /** Where a pickup method's goods wait. */
  pickupAddress?: string | null | undefined;
}

/** Collect and pickup charge nothing: the buyer's carrier or the buyer fetches the goods. */
export const chargesNothing = (kind: ShippingKind): boolean => kind === 'collect' || kind === 'pickup';

/** What a method charges for `grams`, or null when the weight fits none of its bands. */
export function bandPrice(bands: readonly ShippingBand[], grams: number): number | null {
  let best: ShippingBand | null = null;
  for (const band of bands) if (grams <= band.upToGrams && (!best || band.upToGrams < best.upToGrams)) best = band;
  return best ? best.priceCents : null;
}

/** Whether a method ships to `country` (an ISO code; null: a destination the shop cannot name, which only '*' methods take). */
export function shipsTo(method: Pick<ShippingMethodRule, 'countries'>, country: string | null): boolean {
  if (method.countries === '*') return true;
  return country !== null && method.countries.includes(country.toUpperCase());
}

export interface ShippingQuote {
  method: ShippingMethodRule;
  priceCents: number;
}

/**
 * The methods that can carry `grams` worth `valueCents` to `country`, each with its price, cheapest
 * first (then by code, so the order is stable). A method is offered only when the weight fits its
 * bands (collect and pickup without bands take any weight); free over its threshold.
 */
export function shippingOptions(methods: readonly ShippingMethodRule[], cart: { grams: number; valueCents: number; country: string | null }): ShippingQuote[] {
  const quotes: ShippingQuote[] = [];
  for (const method of methods) {
    if (!shipsTo(method, cart.country)) continue;
    const banded = method.bands.length ? bandPrice(method.bands, cart.grams) : chargesNothing(method.kind) ? 0 : null;
    if (banded === null) continue;
    const free = chargesNothing(method.kind) || (method.freeOverCents !== null && cart.valueCents >= method.freeOverCents);
    quotes.push({ method, priceCents: free ? 0 : banded });
  }
  return quotes.sort((a, b) => a.priceCents - b.priceCents || (a.method.code < b.method.code ? -1 : a.method.code > b.method.code ? 1 : 0));
}

/**
 * The method an order placed without one takes (`POST /api/purchase`, punchout, an API key, an
 * accepted quote): the cheapest offered, never `collect` (it needs the buyer's carrier account).
 * Null when nothing fits: the order is placed without a shipping charge, to be arranged.
 */
export function defaultShipping(options: readonly ShippingQuote[]): ShippingQuote | null {
  return options.find((o) => o.method.kind !== 'collect') ?? null;
}

/** Kilograms (up to 3 decimals) to integer grams without float drift ('1.005' kg is 1005 g). */
export function gramsOfKg(kg: number): number {
  return Math.round(Number(kg.toFixed(3)) * 1000);
}

export const kgOfGrams = (grams: number): number => grams / 1000;

/** An order's weight: each line's pieces times its product's grams; a product without a weight counts 0. */
export function orderGrams(lines: readonly { quantity: number; weightGrams: number | null | undefined }[]): number {
  return lines.reduce((n, l) => n + (l.weightGrams ?? 0) * l.quantity, 0);
}

const COUNTRY_NAMES: Record<string, string> = {
  'UNITED KINGDOM': 'GB',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  'NORTHERN IRELAND': 'GB',
  'UNITED STATES': 'US',
  'UNITED STATES OF AMERICA': 'US',
  USA: 'US',
  GERMANY: 'DE',
  DEUTSCHLAND: 'DE',
  FRANCE: 'FR',
  NETHERLANDS: 'NL',
  'THE NETHERLANDS': 'NL',
  BELGIUM: 'BE',
  IRELAND: 'IE',
  SPAIN: 'ES',
  ITALY: 'IT',
  AUSTRIA: 'AT',
  POLAND: 'PL',
  CANADA: 'CA',
};

/**
 * A ship-to's country (the address keeps what the buyer typed) as an ISO alpha-2 code: a two-letter
 * code as given, a few common names; null when it cannot be told (only '*' methods ship there).
 */
export function countryCodeOf(country: string | null | undefined): string | null {
  const text = (country ?? '').trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(text)) return text === 'UK' ? 'GB' : text;
  return COUNTRY_NAMES[text] ?? null;
}
