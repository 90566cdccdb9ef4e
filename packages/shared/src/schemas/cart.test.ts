import { describe, expect, it } from 'vitest';
import { linePrice } from '../pricing.js';
import { checkoutInputSchema } from './cart.js';
import { multiLineOrderName } from './order.js';

describe('cart rules', () => {
  it('prices a line in one place', () => {
    expect(linePrice({ priceE4: 12_500 }, 100)).toEqual({ unitPriceE4: 12_500, lineTotalCents: 12_500 });
    // Issue 30: $0.0125 a piece, 100 pieces: $1.25.
    expect(linePrice({ priceE4: 125 }, 100)).toEqual({ unitPriceE4: 125, lineTotalCents: 125 });
  });

  it('names a multi-line order after its first line', () => {
    expect(multiLineOrderName('Hex bolt', 1)).toBe('Hex bolt');
    expect(multiLineOrderName('Hex bolt', 10)).toBe('Hex bolt and 9 more');
  });

  it('checks the checkout body: address required, optional texts emptied', () => {
    const ok = checkoutInputSchema.safeParse({
      poNumber: ' ',
      shippingAddress: { name: 'A', line1: 'B', city: 'C', postalCode: 'D', country: 'E', company: '' },
    });
    expect(ok.success && ok.data).toEqual({
      poNumber: undefined,
      note: undefined,
      shippingAddress: { name: 'A', line1: 'B', city: 'C', postalCode: 'D', country: 'E', company: undefined, line2: undefined, phone: undefined },
      paymentMethod: 'card',
      // Issue 31: what is in stock ships now unless the buyer asks for everything together.
      fulfilment: 'ship_as_available',
    });
    expect(checkoutInputSchema.safeParse({ shippingAddress: { name: 'A' }, paymentMethod: 'cash' }).error?.issues.map((i) => i.path[0])).toContain(
      'paymentMethod',
    );
    expect(checkoutInputSchema.safeParse({ shippingAddress: { name: 'A' } }).success).toBe(false);
  });
});
