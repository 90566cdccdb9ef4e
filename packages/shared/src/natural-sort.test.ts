import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalCompare, naturalSort } from './natural-sort.js';

describe('natural order of facet values', () => {
  it('orders thread sizes as sizes, not as text or by count', () => {
    expect(naturalSort(['M10', 'M8', 'M12', 'M4', 'M6', 'M5'])).toEqual(['M4', 'M5', 'M6', 'M8', 'M10', 'M12']);
  });

  it('puts 10 mm before 100 mm, and decimals where their value says', () => {
    expect(naturalSort(['100 mm', '10 mm', '2.5 mm', '25 mm', '1000 mm'])).toEqual(['2.5 mm', '10 mm', '25 mm', '100 mm', '1000 mm']);
  });

  it('compares the words without regard to case, then the numbers after them', () => {
    expect(naturalSort(['DIN 7991', 'din 912', 'ISO 4017', 'DIN 933'])).toEqual(['din 912', 'DIN 933', 'DIN 7991', 'ISO 4017']);
    expect(naturalSort(['M8x40', 'M8x100', 'M8x8', 'M10x20'])).toEqual(['M8x8', 'M8x40', 'M8x100', 'M10x20']);
  });

  it('puts numbers before words and shorter values first when one starts the other', () => {
    expect(naturalSort(['Steel', '304', 'A2', '12'])).toEqual(['12', '304', 'A2', 'Steel']);
    expect(naturalSort(['M8x20', 'M8'])).toEqual(['M8', 'M8x20']);
  });

  it('is a total order: antisymmetric, and only equal text compares equal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        if (a !== b) expect(naturalCompare(a, b)).not.toBe(0);
      }),
    );
  });

  it('is transitive over sizes', () => {
    const size = fc.tuple(fc.constantFrom('M', 'DIN ', ''), fc.integer({ min: 0, max: 2000 }), fc.constantFrom('', ' mm', 'x20'));
    fc.assert(
      fc.property(size, size, size, (a, b, c) => {
        const [x, y, z] = [a, b, c].map(([p, n, s]) => `${p}${n}${s}`) as [string, string, string];
        if (naturalCompare(x, y) <= 0 && naturalCompare(y, z) <= 0) expect(naturalCompare(x, z)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
