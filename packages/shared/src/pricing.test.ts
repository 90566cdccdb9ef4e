import { describe, expect, it } from 'vitest';
import {
  asSeenBy,
  discountedE4,
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
import { pricedProduct, tiersToE4, tiersToDollars } from './schemas/product.js';

/** The example: $0.18 a piece, $0.15 from 200, $0.12 from 500. */
const bolts: Priced = {
  priceE4: 1800,
  priceTiers: [
    { minQuantity: 200, priceE4: 1500 },
    { minQuantity: 500, priceE4: 1200 },
  ],
};
const plain: Priced = { priceE4: 1800 };

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
    expect(unitPriceFor(bolts, quantity)).toBe(cents * 100);
    expect(tierFor(bolts, quantity)?.minQuantity ?? null).toBe(from);
  });

  it('is the list price without tiers (absent or empty)', () => {
    expect(unitPriceFor(plain, 1000)).toBe(1800);
    expect(unitPriceFor({ priceE4: 1800, priceTiers: [] }, 1000)).toBe(1800);
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
    expect(price).toEqual({ unitPriceE4: unit * 100, lineTotalCents: total });
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
    expect(unitPriceFor(bolts, 199, { fixedPriceE4: 1600 })).toBe(1600);
    expect(unitPriceFor(bolts, 200, { fixedPriceE4: 1600 })).toBe(1500);
    expect(unitPriceFor(bolts, 500, { fixedPriceE4: 1300 })).toBe(1200);
    expect(linePrice(bolts, 199, { fixedPriceE4: 1600 })).toEqual({ unitPriceE4: 1600, lineTotalCents: 3184 });
  });

  it('a discount is taken off the list price, then compared with the tier', () => {
    // 18 cents less 10% = $0.162 exactly (issue 30: no longer rounded to 16 cents).
    expect(unitPriceFor(bolts, 199, { discountPercent: 10 })).toBe(1620);
    expect(unitPriceFor(bolts, 200, { discountPercent: 10 })).toBe(1500);
    // 18 less 25% = $0.135, still above the 500 tier.
    expect(unitPriceFor(bolts, 499, { discountPercent: 25 })).toBe(1350);
    expect(unitPriceFor(bolts, 500, { discountPercent: 25 })).toBe(1200);
  });

  it('a fixed price is the buyer price even when a discount is also set; nulls mean none', () => {
    expect(unitPriceFor(bolts, 100, { fixedPriceE4: 1700, discountPercent: 50 })).toBe(1700);
    expect(unitPriceFor(bolts, 100, { fixedPriceE4: null, discountPercent: null })).toBe(1800);
    expect(unitPriceFor(bolts, 100, {})).toBe(1800);
    expect(unitPriceFor(bolts, 100, { discountPercent: 0 })).toBe(1800);
  });

  it('discountedE4 rounds half up to 1/10,000 dollar and never goes below it', () => {
    expect(discountedE4(1800, 10)).toBe(1620);
    expect(discountedE4(900, 5)).toBe(855); // the nut: 5% off $0.09 = $0.0855
    expect(discountedE4(25, 10)).toBe(23); // 22.5
    expect(discountedE4(1999, 15)).toBe(1699); // 1699.15
    expect(discountedE4(1, 99)).toBe(1);
    expect(discountedE4(100, 100)).toBe(1);
    expect(Number.isInteger(discountedE4(333, 33))).toBe(true);
  });

  it("the issue's example: 1,000 nuts at $0.09 less 5% cost $85.50, not $90.00", () => {
    const nut: Priced = { priceE4: 900 };
    expect(linePrice(nut, 1000, { discountPercent: 5 })).toEqual({ unitPriceE4: 855, lineTotalCents: 8550 });
    // 7 pieces: 7 × $0.0855 = $0.5985 → 60 cents, rounded once on the line.
    expect(linePrice(nut, 7, { discountPercent: 5 }).lineTotalCents).toBe(60);
  });
});

describe('nextTier / nextTierNudge', () => {
  it('names the next tier and the pieces missing', () => {
    expect(nextTier(bolts, 160)).toEqual({ tier: { minQuantity: 200, priceE4: 1500 }, missing: 40 });
    expect(nextTier(bolts, 199)?.missing).toBe(1);
    expect(nextTier(bolts, 200)).toEqual({ tier: { minQuantity: 500, priceE4: 1200 }, missing: 300 });
    expect(nextTier(bolts, 499)?.missing).toBe(1);
    expect(nextTier(bolts, 500)).toBeNull();
    expect(nextTier(plain, 50)).toBeNull();
  });

  it('says it in words', () => {
    expect(nextTierNudge(bolts, 160)).toBe('Add 40 Ps to reach $0.15/Ps');
    expect(nextTierNudge(bolts, 200)).toBe('Add 300 Ps to reach $0.12/Ps');
    expect(nextTierNudge({ priceE4: 100000, priceTiers: [{ minQuantity: 5000, priceE4: 90000 }] }, 1000)).toBe('Add 4,000 Ps to reach $9.00/Ps');
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
    expect(formatTierLine({ priceE4: 12500000, priceTiers: [{ minQuantity: 1000, priceE4: 9999900 }] }, 50)).toBe('50+ $1,250.00 · 1,000+ $999.99');
  });
});

describe('priceTiersProblem', () => {
  const t = (minQuantity: number, priceE4: number) => ({ minQuantity, priceE4 });

  it('accepts none, one, and strictly ascending cheaper tiers', () => {
    expect(priceTiersProblem([], 18)).toBeNull();
    expect(priceTiersProblem([t(200, 17)], 18)).toBeNull();
    expect(priceTiersProblem(bolts.priceTiers!, 1800)).toBeNull();
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
  it('formats dollars with the decimals they have (2 to 4), | between tiers, empty for none', () => {
    expect(formatTiersCell(bolts.priceTiers!)).toBe('200:0.15|500:0.12');
    expect(formatTiersCell([{ minQuantity: 1000, priceE4: 12500000 }])).toBe('1000:1250.00');
    expect(
      formatTiersCell([
        { minQuantity: 1000, priceE4: 125 },
        { minQuantity: 5000, priceE4: 99 },
      ]),
    ).toBe('1000:0.0125|5000:0.0099');
    expect(formatTiersCell([{ minQuantity: 1000, priceE4: 1250 }])).toBe('1000:0.125');
    expect(formatTiersCell([])).toBe('');
  });

  it('reads what it writes, and forgiving spacing and a $ sign', () => {
    expect(parseTiersCell('200:0.15|500:0.12')).toEqual({ tiers: bolts.priceTiers });
    expect(parseTiersCell(' 200 : $0.15 | 500:0.12 ')).toEqual({ tiers: bolts.priceTiers });
    expect(parseTiersCell('')).toEqual({ tiers: [] });
    expect(parseTiersCell('   ')).toEqual({ tiers: [] });
    expect(parseTiersCell('200:1')).toEqual({ tiers: [{ minQuantity: 200, priceE4: 10000 }] });
    const round = [{ minQuantity: 250, priceE4: 199900 }];
    expect(parseTiersCell(formatTiersCell(round))).toEqual({ tiers: round });
    const subCent = [
      { minQuantity: 250, priceE4: 125 },
      { minQuantity: 500, priceE4: 1 },
    ];
    expect(parseTiersCell(formatTiersCell(subCent))).toEqual({ tiers: subCent });
    expect(parseTiersCell('200:0.0125|500:0.009')).toEqual({
      tiers: [
        { minQuantity: 200, priceE4: 125 },
        { minQuantity: 500, priceE4: 90 },
      ],
    });
  });

  it('turns dollars into exact integer 1/10,000 dollar (no float residue)', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point.
    expect(parseTiersCell('200:0.29|300:0.07|400:0.01')).toEqual({
      tiers: [
        { minQuantity: 200, priceE4: 2900 },
        { minQuantity: 300, priceE4: 700 },
        { minQuantity: 400, priceE4: 100 },
      ],
    });
    expect(parseTiersCell('200:1.15')).toEqual({ tiers: [{ minQuantity: 200, priceE4: 11500 }] });
  });

  it.each(['200', '200:', ':0.15', '200:0.15555', '200:-1', 'abc', '200:0.15|', '200:0.15,500:0.12', '200.5:0.15', '200:1e3'])(
    'answers the format for %j',
    (cell) => {
      expect(parseTiersCell(cell)).toEqual({ error: 'Tiers must look like 200:0.15|500:0.0125 ($ per piece from a quantity, at most 4 decimals)' });
    },
  );

  it('leaves the order and the prices to priceTiersProblem', () => {
    const parsed = parseTiersCell('500:0.12|200:0.15');
    expect('tiers' in parsed && priceTiersProblem(parsed.tiers, 1800)).toBe('Tier quantities must go up from one tier to the next');
  });
});

describe('tiers between the API (dollars) and unitPriceFor (1/10,000 dollar)', () => {
  it('converts exactly both ways', () => {
    const dollars = [
      { minQuantity: 200, price: 0.15 },
      { minQuantity: 500, price: 0.29 },
    ];
    expect(tiersToE4(dollars)).toEqual([
      { minQuantity: 200, priceE4: 1500 },
      { minQuantity: 500, priceE4: 2900 },
    ]);
    expect(tiersToDollars(tiersToE4(dollars))).toEqual(dollars);
    expect(pricedProduct({ price: 0.18, priceTiers: [{ minQuantity: 200, price: 0.15 }] })).toEqual({
      priceE4: 1800,
      priceTiers: [{ minQuantity: 200, priceE4: 1500 }],
    });
  });
});

describe('asSeenBy (a company member’s view of a product, issue 18)', () => {
  const bolts = {
    priceE4: 100000,
    priceTiers: [
      { minQuantity: 10, priceE4: 90000 },
      { minQuantity: 50, priceE4: 70000 },
      { minQuantity: 200, priceE4: 50000 },
    ],
  };
  const buyers = [
    undefined,
    { discountPercent: 20 },
    { discountPercent: 55 },
    { fixedPriceE4: 80000 },
    { fixedPriceE4: 120000 },
    { fixedPriceE4: 40000 },
    { fixedPriceE4: 65000, discountPercent: 10 },
  ];
  it.each(buyers)('prices every quantity as unitPriceFor does with the buyer’s prices (%o)', (buyer) => {
    const view = asSeenBy(bolts, buyer);
    for (let quantity = 1; quantity <= 300; quantity++) {
      expect(unitPriceFor(view, quantity)).toBe(unitPriceFor(bolts, quantity, buyer));
    }
  });
  it('keeps only the tiers cheaper than the buyer’s price', () => {
    expect(asSeenBy(bolts, { discountPercent: 20 })).toEqual({ priceE4: 80000, priceTiers: [bolts.priceTiers[1], bolts.priceTiers[2]] });
  });
});
