import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, formatDollars, hasAtMostTwoDecimals } from './money.js';
import { linePrice } from './pricing.js';

describe('money', () => {
  it('converts exact dollar amounts to cents and refuses a third decimal', () => {
    expect(dollarsToCents(0.18)).toBe(18);
    expect(dollarsToCents(1234.5)).toBe(123450);
    expect(dollarsToCents(0.001)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });

  it('formats cents, and dollar amounts from the API without float noise', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(18)).toBe('$18.00');
    expect(formatCents(linePrice({ priceE4: 1800 }, 100).lineTotalCents)).toBe('$18.00');
  });
});

describe('formatNumber', () => {
  it('groups thousands in counts, as formatCents does in money', async () => {
    const { formatNumber } = await import('./money.js');
    const { formatQuantity } = await import('./quantity.js');
    expect(formatNumber(25000)).toBe('25,000');
    expect(formatQuantity(25000)).toBe('25,000 Ps');
    expect(formatQuantity(50)).toBe('50 Ps');
    expect(formatCents(245000)).toBe('$2,450.00');
  });
});

describe('money at the edges', () => {
  it('writes every amount one way: symbol, grouped thousands, two decimals', () => {
    expect(formatDollars(2.45)).toBe('$2.45');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1234567.8)).toBe('$1,234,567.80');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatDollars(centsToDollars(24500))).toBe(formatCents(24500));
  });

  it('knows a price with more than two decimals', () => {
    expect(hasAtMostTwoDecimals(2.45)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(2.455)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
