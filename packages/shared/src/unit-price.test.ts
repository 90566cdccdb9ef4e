import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToE4, e4ToDollars, formatUnitPrice, formatUnitPriceDecimal, formatUnitPriceDollars, hasAtMostFourDecimals, lineTotalCents } from './money.js';
import { asSeenBy, discountedE4, linePrice, unitPriceFor } from './pricing.js';
import { priceTiersSchema, productInputSchema } from './schemas/product.js';
import { companyPriceInputSchema } from './schemas/company.js';
import { quotedPriceSchema } from './schemas/quote.js';

/**
 * Issue 30 (ADR 0033): unit prices in 1/10,000 dollar, line totals rounded half up to the cent
 * once. The oracle below is BigInt arithmetic written out independently of `lineTotalCents`.
 */
const roundHalfUpCents = (unitE4: number, quantity: number) => Number((BigInt(unitE4) * BigInt(quantity) + 50n) / 100n);

const unitE4 = fc.integer({ min: 1, max: 10_000_000_000 });
const quantity = fc.integer({ min: 1, max: 1_000_000 });
const percent = fc.integer({ min: 0, max: 100 });

describe('line totals are rounded once (property)', () => {
  it('lineTotalCents = round_half_up(unit × quantity / 100), an integer, within half a cent of the exact amount', () => {
    fc.assert(
      fc.property(unitE4, quantity, (u, q) => {
        const total = lineTotalCents(u, q);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(roundHalfUpCents(u, q));
        const diff = BigInt(total) * 100n - BigInt(u) * BigInt(q);
        expect(diff > -50n && diff <= 50n).toBe(true);
      }),
    );
  });

  it('linePrice rounds the whole line once, never a rounded unit price times the quantity', () => {
    fc.assert(
      fc.property(unitE4, quantity, fc.option(percent, { nil: undefined }), (list, q, discount) => {
        const buyer = discount === undefined ? undefined : { discountPercent: discount };
        const price = linePrice({ priceE4: list }, q, buyer);
        expect(price.unitPriceE4).toBe(unitPriceFor({ priceE4: list }, q, buyer));
        expect(price.lineTotalCents).toBe(roundHalfUpCents(price.unitPriceE4, q));
      }),
    );
  });

  it('the sum of lines is the sum of each line rounded on its own (no second rounding)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(unitE4, fc.integer({ min: 1, max: 10_000 })), { minLength: 1, maxLength: 20 }), (lines) => {
        const total = lines.reduce((n, [u, q]) => n + lineTotalCents(u, q), 0);
        expect(total).toBe(lines.reduce((n, [u, q]) => n + roundHalfUpCents(u, q), 0));
      }),
    );
  });
});

describe('a discount on a sub-cent price (property)', () => {
  it('is computed in 1/10,000 dollar, rounded half up, never below 1', () => {
    fc.assert(
      fc.property(unitE4, percent, (p, pct) => {
        const expected = Number((BigInt(p) * BigInt(100 - pct) * 2n + 100n) / 200n);
        expect(discountedE4(p, pct)).toBe(Math.max(1, expected));
      }),
    );
  });

  it('a company member sees the same price through asSeenBy as unitPriceFor gives with the discount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), percent, quantity, (p, pct, q) => {
        const buyer = { discountPercent: pct };
        expect(unitPriceFor(asSeenBy({ priceE4: p }, buyer), q)).toBe(unitPriceFor({ priceE4: p }, q, buyer));
      }),
    );
  });

  it("the issue's nut: 5% off $0.09 is $0.0855 a piece, 1,000 pieces $85.50", () => {
    const nut = { priceE4: dollarsToE4(0.09)! };
    const price = linePrice(nut, 1000, { discountPercent: 5 });
    expect(price).toEqual({ unitPriceE4: 855, lineTotalCents: 8550 });
    expect(formatUnitPrice(price.unitPriceE4)).toBe('$0.0855');
    expect(e4ToDollars(price.unitPriceE4)).toBe(0.0855);
  });
});

describe('formatUnitPrice: the decimals a price has, at least 2, at most 4', () => {
  it.each([
    [125, '$0.0125'],
    [855, '$0.0855'],
    [1250, '$0.125'],
    [15_000, '$1.50'],
    [10_000, '$1.00'],
    [1, '$0.0001'],
    [12_345_000, '$1,234.50'],
    [10_000_000_000, '$1,000,000.00'],
    [0, '$0.00'],
  ])('%i → %s', (e4, text) => {
    expect(formatUnitPrice(e4)).toBe(text);
    expect(formatUnitPriceDollars(e4 / 10_000)).toBe(text);
  });

  it('writes plain decimals for CSV and documents, and reads them back exactly (property)', () => {
    fc.assert(
      fc.property(unitE4, (e4) => {
        const text = formatUnitPriceDecimal(e4);
        expect(text).toMatch(/^\d+\.\d{2,4}$/);
        expect(dollarsToE4(Number(text))).toBe(e4);
        expect(formatUnitPrice(e4).replace(/[$,]/g, '')).toBe(text);
      }),
    );
  });
});

describe('taking a unit price: up to 4 decimals, a fifth refused with the field named', () => {
  it('dollarsToE4 is exact to 4 decimals and refuses a fifth', () => {
    expect(dollarsToE4(0.0125)).toBe(125);
    expect(dollarsToE4(0.29)).toBe(2900);
    expect(dollarsToE4(1234.5678)).toBe(12_345_678);
    expect(dollarsToE4(0.00001)).toBeNull();
    expect(dollarsToE4(0.12345)).toBeNull();
    expect(hasAtMostFourDecimals(0.1 + 0.2)).toBe(true);
  });

  it('each schema names its field', () => {
    const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(message(companyPriceInputSchema.safeParse({ price: 0.12345 }))).toBe('Price can have at most 4 decimals');
    expect(companyPriceInputSchema.safeParse({ price: 0.0125 }).success).toBe(true);
    expect(message(quotedPriceSchema.safeParse(0.00001))).toBe('Unit price can have at most 4 decimals');
    expect(message(priceTiersSchema.safeParse([{ minQuantity: 200, price: 0.01255 }]))).toBe('Tier price can have at most 4 decimals');
    const product = productInputSchema.safeParse({ price: 0.01255 });
    expect(product.error?.issues.find((i) => i.path[0] === 'price')?.message).toBe('Price can have at most 4 decimals');
  });
});
