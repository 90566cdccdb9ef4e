/**
 * A cart's weight (issue 33: the cart's summary shows it beside the line count). Each line's weight
 * is its pieces times the product's weight per piece; a product without a weight (every product
 * until issue 30 gives them one) makes its line unknown, and the summary says how many are.
 * Zod-free, so the cart page downloads only this.
 */
export interface CartWeight {
  /** Kilograms of the lines whose weight is known. */
  kg: number;
  /** Lines without a weight. */
  unknown: number;
}

export function cartWeight(lines: readonly { quantity: number; weightKg?: number | null | undefined }[]): CartWeight {
  let grams = 0;
  let unknown = 0;
  for (const l of lines) {
    if (l.weightKg === null || l.weightKg === undefined || !Number.isFinite(l.weightKg)) unknown++;
    // In grams, rounded per line, so sums of thousands of small parts do not drift.
    else grams += Math.round(l.weightKg * 1000 * l.quantity);
  }
  return { kg: grams / 1000, unknown };
}

const kgFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** '12.5 kg', '1,250 kg'. */
export function formatWeight(kg: number): string {
  return `${kgFormat.format(kg)} kg`;
}

/** What the cart's summary says of its weight. */
export function cartWeightText(weight: CartWeight, lines: number): string {
  if (lines === 0) return '';
  if (weight.unknown === lines) return 'Weight not given';
  const known = formatWeight(weight.kg);
  return weight.unknown ? `${known} + ${weight.unknown} ${weight.unknown === 1 ? 'line' : 'lines'} without a weight` : known;
}
