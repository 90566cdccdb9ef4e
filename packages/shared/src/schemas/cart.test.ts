import { describe, expect, it } from 'vitest';
import { linePrice } from '../pricing.js';
import { checkoutInputSchema, parseQuickOrderCsv } from './cart.js';
import { multiLineOrderName } from './order.js';

describe('cart rules', () => {
  it('prices a line in one place', () => {
    expect(linePrice({ priceCents: 125 }, 100)).toEqual({ unitPriceCents: 125, lineTotalCents: 12_500 });
  });

  it('names a multi-line order after its first line', () => {
    expect(multiLineOrderName('Hex bolt', 1)).toBe('Hex bolt');
    expect(multiLineOrderName('Hex bolt', 10)).toBe('Hex bolt and 9 more');
  });

  it('reads a quick order CSV with its header, any column order, row numbers as in the file', () => {
    expect(parseQuickOrderCsv('quantity,SKU\r\n100,hb-m8\n\n250 , "NUT-1"\nx,abc\n')).toEqual({
      rows: [
        { row: 2, sku: 'hb-m8', quantity: 100 },
        { row: 4, sku: 'NUT-1', quantity: 250 },
        { row: 5, sku: 'abc', quantity: null },
      ],
    });
    // Spreadsheets quote thousands: '"1,000"' is one cell, one thousand pieces.
    expect(parseQuickOrderCsv('sku,quantity\nHB-M8,"1,000"\n"NUT ""A""";"2,500"\n')).toEqual({
      rows: [
        { row: 2, sku: 'HB-M8', quantity: 1000 },
        { row: 3, sku: 'NUT "A"', quantity: 2500 },
      ],
    });
    expect(parseQuickOrderCsv('part,qty\nA,1')).toEqual({ error: 'The first line must name the columns: sku,quantity' });
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
