import { describe, expect, it } from 'vitest';
import {
  asSeenBy,
  discountedCents,
  formatTierLine,
  formatTiersCell,
  linePrice,
  nextTier,
  nextTierNudge,
  parseTiersCell,
  PRICE_TIERS_MAX,
  priceTiersProblem,
  tierFor,
  tierSavingCents,
  unitPriceFor,
  type Priced,
} from './pricing.js';
import { pricedProduct, tiersToCents, tiersToDollars } from './schemas/product.js';

/** The example: $0.18 a piece, $0.15 from 200, $0.12 from 500. */
const bolts: Priced = {
  priceCents: 18,
  priceTiers: [
    { minQuantity: 200, priceCents: 15 },
    { minQuantity: 500, priceCents: 12 },
  ],
};
const plain: Priced = { priceCents: 18 };

describe('unitPriceFor / tierFor at every boundary', () => {
  it.each([
    [50, 18, null],
    [199, 18, null],
    [200, 15, 200],
    [201, 15, 200],
    [499, 15, 200],
    [500, 12, 500],
    [1000, 12, 500],
  ])('%i pieces → %i cents (tier from %s)', (quantity, cents, from) => {
    expect(unitPriceFor(bolts, quantity)).toBe(cents);
    expect(tierFor(bolts, quantity)?.minQuantity ?? null).toBe(from);
  });

  it('is the list price without tiers (absent or empty)', () => {
    expect(unitPriceFor(plain, 1000)).toBe(18);
    expect(unitPriceFor({ priceCents: 18, priceTiers: [] }, 1000)).toBe(18);
    expect(tierFor(plain, 1000)).toBeNull();
  });
});

describe('linePrice: the reached tier prices the whole line, in integer cents', () => {
  it.each([
    [199, 18, 3582],
    [200, 15, 3000],
    [499, 15, 7485],
    [500, 12, 6000],
  ])('%i pieces → %i × quantity = %i cents', (quantity, unit, total) => {
    const price = linePrice(bolts, quantity);
    expect(price).toEqual({ unitPriceCents: unit, lineTotalCents: total });
    expect(Number.isInteger(price.lineTotalCents)).toBe(true);
  });

  it('never prices part of a line at the lower tier', () => {
    // 200 pieces at 15 cents, not 199 at 18 plus 1 at 15.
    expect(linePrice(bolts, 200).lineTotalCents).toBe(200 * 15);
    // So one piece more can cost less than one piece fewer.
    expect(linePrice(bolts, 200).lineTotalCents).toBeLessThan(linePrice(bolts, 199).lineTotalCents);
  });

  it('tierSavingCents: against the list price, 0 below the first tier', () => {
    expect(tierSavingCents(bolts, 199)).toBe(0);
    expect(tierSavingCents(bolts, 200)).toBe(600);
    expect(tierSavingCents(bolts, 500)).toBe(3000);
  });
});

describe("a buyer's own prices: the lowest of the tier and the buyer's price", () => {
  it('a fixed price below the tier wins; above it, the tier does', () => {
    expect(unitPriceFor(bolts, 199, { fixedPriceCents: 16 })).toBe(16);
    expect(unitPriceFor(bolts, 200, { fixedPriceCents: 16 })).toBe(15);
    expect(unitPriceFor(bolts, 500, { fixedPriceCents: 13 })).toBe(12);
    expect(linePrice(bolts, 199, { fixedPriceCents: 16 })).toEqual({ unitPriceCents: 16, lineTotalCents: 3184 });
  });

  it('a discount is taken off the list price, then compared with the tier', () => {
    // 18 less 10% = 16.2 → 16 cents.
    expect(unitPriceFor(bolts, 199, { discountPercent: 10 })).toBe(16);
    expect(unitPriceFor(bolts, 200, { discountPercent: 10 })).toBe(15);
    // 18 less 25% = 13.5 → 14 (half up), still above the 500 tier.
    expect(unitPriceFor(bolts, 499, { discountPercent: 25 })).toBe(14);
    expect(unitPriceFor(bolts, 500, { discountPercent: 25 })).toBe(12);
  });

  it('a fixed price is the buyer price even when a discount is also set; nulls mean none', () => {
    expect(unitPriceFor(bolts, 100, { fixedPriceCents: 17, discountPercent: 50 })).toBe(17);
    expect(unitPriceFor(bolts, 100, { fixedPriceCents: null, discountPercent: null })).toBe(18);
    expect(unitPriceFor(bolts, 100, {})).toBe(18);
    expect(unitPriceFor(bolts, 100, { discountPercent: 0 })).toBe(18);
  });

  it('discountedCents rounds half up to whole cents and never goes below 1 cent', () => {
    expect(discountedCents(18, 10)).toBe(16);
    expect(discountedCents(25, 10)).toBe(23); // 22.5
    expect(discountedCents(1999, 15)).toBe(1699); // 1699.15
    expect(discountedCents(1, 99)).toBe(1);
    expect(discountedCents(100, 100)).toBe(1);
    expect(Number.isInteger(discountedCents(333, 33))).toBe(true);
  });
});

describe('nextTier / nextTierNudge', () => {
  it('names the next tier and the pieces missing', () => {
    expect(nextTier(bolts, 160)).toEqual({ tier: { minQuantity: 200, priceCents: 15 }, missing: 40 });
    expect(nextTier(bolts, 199)?.missing).toBe(1);
    expect(nextTier(bolts, 200)).toEqual({ tier: { minQuantity: 500, priceCents: 12 }, missing: 300 });
    expect(nextTier(bolts, 499)?.missing).toBe(1);
    expect(nextTier(bolts, 500)).toBeNull();
    expect(nextTier(plain, 50)).toBeNull();
  });

  it('says it in words', () => {
    expect(nextTierNudge(bolts, 160)).toBe('Add 40 Ps to reach $0.15/Ps');
    expect(nextTierNudge(bolts, 200)).toBe('Add 300 Ps to reach $0.12/Ps');
    expect(nextTierNudge({ priceCents: 1000, priceTiers: [{ minQuantity: 5000, priceCents: 900 }] }, 1000)).toBe('Add 4,000 Ps to reach $9.00/Ps');
    expect(nextTierNudge(bolts, 500)).toBeNull();
    expect(nextTierNudge(plain, 50)).toBeNull();
    // A tier past what the line may hold (here 400 in stock) gets no nudge.
    expect(nextTierNudge(bolts, 300, 400)).toBeNull();
    expect(nextTierNudge(bolts, 160, 400)).toBe('Add 40 Ps to reach $0.15/Ps');
  });
});

describe('formatTierLine', () => {
  it('starts with the list price from the given quantity', () => {
    expect(formatTierLine(bolts, 50)).toBe('50+ $0.18 · 200+ $0.15 · 500+ $0.12');
    expect(formatTierLine(plain, 100)).toBe('100+ $0.18');
    expect(formatTierLine({ priceCents: 125000, priceTiers: [{ minQuantity: 1000, priceCents: 99999 }] }, 50)).toBe('50+ $1,250.00 · 1,000+ $999.99');
  });
});

describe('priceTiersProblem', () => {
  const t = (minQuantity: number, priceCents: number) => ({ minQuantity, priceCents });

  it('accepts none, one, and strictly ascending cheaper tiers', () => {
    expect(priceTiersProblem([], 18)).toBeNull();
    expect(priceTiersProblem([t(200, 17)], 18)).toBeNull();
    expect(priceTiersProblem(bolts.priceTiers!, 18)).toBeNull();
    expect(priceTiersProblem([t(2, 17)], 18)).toBeNull();
    expect(priceTiersProblem([t(1_000_000, 1)], 18)).toBeNull();
  });

  it('wants quantities going up', () => {
    expect(priceTiersProblem([t(500, 15), t(200, 12)], 18)).toBe('Tier quantities must go up from one tier to the next');
    expect(priceTiersProblem([t(200, 15), t(200, 12)], 18)).toBe('Tier quantities must go up from one tier to the next');
  });

  it('wants each tier cheaper than the one before, and the first cheaper than the price', () => {
    expect(priceTiersProblem([t(200, 15), t(500, 15)], 18)).toBe('Each tier must be cheaper than the one before');
    expect(priceTiersProblem([t(200, 15), t(500, 16)], 18)).toBe('Each tier must be cheaper than the one before');
    expect(priceTiersProblem([t(200, 18)], 18)).toBe('The first tier must be cheaper than the price');
    expect(priceTiersProblem([t(200, 19)], 18)).toBe('The first tier must be cheaper than the price');
  });

  it('wants whole quantities from 2 to 1,000,000 and positive whole cents', () => {
    const quantityMessage = "A tier's quantity must be a whole number from 2 to 1,000,000";
    expect(priceTiersProblem([t(1, 17)], 18)).toBe(quantityMessage);
    expect(priceTiersProblem([t(1_000_001, 17)], 18)).toBe(quantityMessage);
    expect(priceTiersProblem([t(200.5, 17)], 18)).toBe(quantityMessage);
    expect(priceTiersProblem([t(200, 0)], 18)).toBe("A tier's price must be more than 0");
    expect(priceTiersProblem([t(200, 15.5)], 18)).toBe("A tier's price must be more than 0");
  });

  it(`allows at most ${PRICE_TIERS_MAX} tiers`, () => {
    const tiers = (n: number) => Array.from({ length: n }, (_, i) => t(100 * (i + 1), 1000 - i));
    expect(priceTiersProblem(tiers(PRICE_TIERS_MAX), 2000)).toBeNull();
    expect(priceTiersProblem(tiers(PRICE_TIERS_MAX + 1), 2000)).toBe(`At most ${PRICE_TIERS_MAX} price tiers`);
  });
});

describe('the CSV tiers cell', () => {
  it('formats dollars with two decimals, | between tiers, empty for none', () => {
    expect(formatTiersCell(bolts.priceTiers!)).toBe('200:0.15|500:0.12');
    expect(formatTiersCell([{ minQuantity: 1000, priceCents: 125000 }])).toBe('1000:1250.00');
    expect(formatTiersCell([])).toBe('');
  });

  it('reads what it writes, and forgiving spacing and a $ sign', () => {
    expect(parseTiersCell('200:0.15|500:0.12')).toEqual({ tiers: bolts.priceTiers });
    expect(parseTiersCell(' 200 : $0.15 | 500:0.12 ')).toEqual({ tiers: bolts.priceTiers });
    expect(parseTiersCell('')).toEqual({ tiers: [] });
    expect(parseTiersCell('   ')).toEqual({ tiers: [] });
    expect(parseTiersCell('200:1')).toEqual({ tiers: [{ minQuantity: 200, priceCents: 100 }] });
    const round = [{ minQuantity: 250, priceCents: 1999 }];
    expect(parseTiersCell(formatTiersCell(round))).toEqual({ tiers: round });
  });

  it('turns dollars into exact integer cents (no float residue)', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point.
    expect(parseTiersCell('200:0.29|300:0.07|400:0.01')).toEqual({
      tiers: [
        { minQuantity: 200, priceCents: 29 },
        { minQuantity: 300, priceCents: 7 },
        { minQuantity: 400, priceCents: 1 },
      ],
    });
    expect(parseTiersCell('200:1.15')).toEqual({ tiers: [{ minQuantity: 200, priceCents: 115 }] });
  });

  it.each(['200', '200:', ':0.15', '200:0.155', '200:-1', 'abc', '200:0.15|', '200:0.15,500:0.12', '200.5:0.15', '200:1e3'])(
    'answers the format for %j',
    (cell) => {
      expect(parseTiersCell(cell)).toEqual({ error: 'Tiers must look like 200:0.15|500:0.12 ($ per piece from a quantity)' });
    },
  );

  it('leaves the order and the prices to priceTiersProblem', () => {
    const parsed = parseTiersCell('500:0.12|200:0.15');
    expect('tiers' in parsed && priceTiersProblem(parsed.tiers, 18)).toBe('Tier quantities must go up from one tier to the next');
  });
});

describe('tiers between the API (dollars) and unitPriceFor (cents)', () => {
  it('converts exactly both ways', () => {
    const dollars = [
      { minQuantity: 200, price: 0.15 },
      { minQuantity: 500, price: 0.29 },
    ];
    expect(tiersToCents(dollars)).toEqual([
      { minQuantity: 200, priceCents: 15 },
      { minQuantity: 500, priceCents: 29 },
    ]);
    expect(tiersToDollars(tiersToCents(dollars))).toEqual(dollars);
    expect(pricedProduct({ price: 0.18, priceTiers: [{ minQuantity: 200, price: 0.15 }] })).toEqual({
      priceCents: 18,
      priceTiers: [{ minQuantity: 200, priceCents: 15 }],
    });
  });
});

describe('asSeenBy (a company member’s view of a product, issue 18)', () => {
  const bolts = {
    priceCents: 1000,
    priceTiers: [
      { minQuantity: 10, priceCents: 900 },
      { minQuantity: 50, priceCents: 700 },
      { minQuantity: 200, priceCents: 500 },
    ],
  };
  const buyers = [
    undefined,
    { discountPercent: 20 },
    { discountPercent: 55 },
    { fixedPriceCents: 800 },
    { fixedPriceCents: 1200 },
    { fixedPriceCents: 400 },
    { fixedPriceCents: 650, discountPercent: 10 },
  ];
  it.each(buyers)('prices every quantity as unitPriceFor does with the buyer’s prices (%o)', (buyer) => {
    const view = asSeenBy(bolts, buyer);
    for (let quantity = 1; quantity <= 300; quantity++) {
      expect(unitPriceFor(view, quantity)).toBe(unitPriceFor(bolts, quantity, buyer));
    }
  });
  it('keeps only the tiers cheaper than the buyer’s price', () => {
    expect(asSeenBy(bolts, { discountPercent: 20 })).toEqual({ priceCents: 800, priceTiers: [bolts.priceTiers[1], bolts.priceTiers[2]] });
  });
});
