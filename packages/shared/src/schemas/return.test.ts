import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditForLine } from './return.js';

describe('credit notes reverse exactly what a line was invoiced (issue 31)', () => {
  it('property: however a line is returned in parts, its credits add up to its net and its tax exactly, each never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 12 }),
        (quantity, lineTotalCents, taxCents, parts) => {
          let creditedBefore = 0;
          let net = 0;
          let tax = 0;
          for (const part of parts) {
            const returning = Math.min(part, quantity - creditedBefore);
            if (returning <= 0) break;
            const c = creditForLine({ quantity, lineTotalCents, taxCents, creditedBefore }, returning);
            expect(c.netCents).toBeGreaterThanOrEqual(0);
            expect(c.taxCents).toBeGreaterThanOrEqual(0);
            net += c.netCents;
            tax += c.taxCents;
            creditedBefore += returning;
          }
          if (creditedBefore === quantity) {
            expect(net).toBe(lineTotalCents);
            expect(tax).toBe(taxCents);
          } else {
            expect(net).toBeLessThanOrEqual(lineTotalCents);
            expect(tax).toBeLessThanOrEqual(taxCents);
          }
        },
      ),
    );
  });

  it('rounds a share half up, in whole cents: 1 of 3 pieces of a $1.00 line with 20c tax', () => {
    expect(creditForLine({ quantity: 3, lineTotalCents: 100, taxCents: 20, creditedBefore: 0 }, 1)).toEqual({ netCents: 33, taxCents: 7 });
    expect(creditForLine({ quantity: 3, lineTotalCents: 100, taxCents: 20, creditedBefore: 1 }, 2)).toEqual({ netCents: 67, taxCents: 13 });
  });
});
