import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals.js';
import { planOrder } from './plan-order.js';
import { decideLineTax, rateFor, taxOn, TAX_CLASSES, type TaxContext, type TaxRate } from './tax.js';

const RATES: TaxRate[] = [
  { country: 'DE', region: null, taxClass: 'standard', rateBp: 1900, name: 'VAT 19%' },
  { country: 'DE', region: null, taxClass: 'reduced', rateBp: 700, name: 'VAT 7%' },
  { country: 'FR', region: null, taxClass: 'standard', rateBp: 2000, name: 'VAT 20%' },
  { country: 'GB', region: null, taxClass: 'standard', rateBp: 2000, name: 'VAT 20%' },
  { country: 'US', region: 'CA', taxClass: 'standard', rateBp: 725, name: 'Sales tax 7.25%' },
  { country: 'US', region: null, taxClass: 'standard', rateBp: 0, name: 'Sales tax 0%' },
];
const ctx = (over: Partial<TaxContext> = {}): TaxContext => ({
  sellerCountry: 'DE',
  sellerVatNumber: 'DE123456789',
  destination: { country: 'Germany' },
  buyer: null,
  rates: RATES,
  today: '2026-11-28',
  ...over,
});

describe('decideLineTax', () => {
  it('takes the destination rate for the class, the region before the country, 0 where none is set', () => {
    expect(decideLineTax(ctx(), 'standard', 10000)).toMatchObject({ rule: 'standard', rateBp: 1900, amountCents: 1900, zone: 'DE', name: 'VAT 19%' });
    expect(decideLineTax(ctx(), 'reduced', 10000)).toMatchObject({ rateBp: 700, amountCents: 700 });
    expect(decideLineTax(ctx(), 'zero', 10000)).toMatchObject({ rule: 'standard', rateBp: 0, amountCents: 0 });
    const us = ctx({ sellerCountry: 'US', destination: { country: 'United States', region: 'ca' } });
    expect(decideLineTax(us, 'standard', 10000)).toMatchObject({ rateBp: 725, amountCents: 725, zone: 'US-CA' });
    expect(decideLineTax({ ...us, destination: { country: 'US', region: 'NY' } }, 'standard', 10000)).toMatchObject({ rateBp: 0, zone: 'US-NY' });
    expect(rateFor(RATES, 'IT', null, 'standard')).toEqual({ rateBp: 0, name: 'No tax' });
  });

  it("uses the seller's country without a ship-to", () => {
    expect(decideLineTax(ctx({ destination: null, sellerCountry: 'GB' }), 'standard', 1000)).toMatchObject({ zone: 'GB', rateBp: 2000, amountCents: 200 });
  });

  it('exempts a company whose certificate covers the destination until it expires', () => {
    const exemption = { certificateNumber: 'EX-1', country: 'DE', region: null, expiresOn: '2026-12-31' };
    const buyer = { vatNumber: null, vatCheck: null, exemption };
    expect(decideLineTax(ctx({ buyer }), 'standard', 10000)).toMatchObject({ rule: 'exempt', amountCents: 0, evidence: 'EX-1' });
    expect(decideLineTax(ctx({ buyer, today: '2027-01-01' }), 'standard', 10000)).toMatchObject({ rule: 'standard', amountCents: 1900 });
    expect(decideLineTax(ctx({ buyer, destination: { country: 'FR' } }), 'standard', 10000)).toMatchObject({ rule: 'standard', amountCents: 2000 });
  });

  it('reverse-charges only a verified VAT number of another member state', () => {
    const valid = { status: 'valid' as const, checkedAt: '2026-11-20', requestIdentifier: 'REQ-1' };
    const buyer = { vatNumber: 'FR12345678901', vatCheck: valid, exemption: null };
    const fr = ctx({ buyer, destination: { country: 'France' } });
    expect(decideLineTax(fr, 'standard', 10000)).toMatchObject({ rule: 'reverse_charge', rateBp: 0, evidence: 'VAT check 2026-11-20 REQ-1' });
    expect(decideLineTax({ ...fr, buyer: { ...buyer, vatCheck: { ...valid, status: 'unverified' } } }, 'standard', 10000)).toMatchObject({
      rule: 'standard',
      amountCents: 2000,
    });
    expect(decideLineTax({ ...fr, buyer: { ...buyer, vatCheck: { ...valid, status: 'invalid' } } }, 'standard', 10000)).toMatchObject({ rule: 'standard' });
    // Within the seller's own member state: its VAT.
    expect(decideLineTax({ ...fr, destination: { country: 'DE' } }, 'standard', 10000)).toMatchObject({ rule: 'standard', amountCents: 1900 });
  });

  it('zero-rates an export outside the seller’s tax area', () => {
    expect(decideLineTax(ctx({ destination: { country: 'United States' } }), 'standard', 10000)).toMatchObject({ rule: 'export', amountCents: 0 });
    expect(decideLineTax(ctx({ sellerCountry: 'GB', destination: { country: 'Germany' } }), 'standard', 10000)).toMatchObject({ rule: 'export' });
  });

  it('rounds each line half up to the cent, with integers only', () => {
    expect(taxOn(50, 1900)).toBe(10); // 9.5 → 10
    expect(taxOn(49, 1900)).toBe(9); // 9.31 → 9
    expect(taxOn(1, 5000)).toBe(1); // 0.5 → 1
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10000 }), (net, bp) => {
        const t = taxOn(net, bp);
        return Number.isInteger(t) && Math.abs(t - (net * bp) / 10000) <= 0.5;
      }),
    );
  });
});

const line = fc.record({
  priceCents: fc.integer({ min: 1, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 500 }),
  taxClass: fc.constantFrom(...TAX_CLASSES),
});
const context = fc.record({
  sellerCountry: fc.constantFrom('DE', 'GB', 'US', 'FR'),
  destination: fc.option(fc.record({ country: fc.constantFrom('Germany', 'FR', 'UK', 'United States', 'JP'), region: fc.constantFrom(null, 'CA') }), {
    nil: null,
  }),
  exempt: fc.boolean(),
  vat: fc.constantFrom('valid', 'invalid', 'unverified', null),
});

describe('orderTotals through planOrder (property)', () => {
  it('total = subtotal + shipping + tax; tax = the lines’ own amounts; the same input gives the same figures (server and web call the one function)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), context, fc.integer({ min: 0, max: 50_000 }), (lines, c, shipping) => {
        const tax: TaxContext = {
          sellerCountry: c.sellerCountry,
          sellerVatNumber: null,
          destination: c.destination,
          buyer: {
            vatNumber: 'FR12345678901',
            vatCheck: c.vat ? { status: c.vat, checkedAt: '2026-11-01', requestIdentifier: 'R' } : null,
            exemption: c.exempt ? { certificateNumber: 'C', country: 'DE', region: null, expiresOn: '2027-01-01' } : null,
          },
          rates: RATES,
          today: '2026-11-28',
        };
        const input = {
          buyer: null,
          lines: lines.map((l) => ({
            product: { priceE4: l.priceCents * 100, minimumOrderQuantity: 1, availableQuantity: 1000, archived: false, taxClass: l.taxClass },
            quantity: l.quantity,
          })),
          paymentMethod: 'card' as const,
          now: '2026-11-28T10:00:00.000Z',
          shipping: { priceCents: shipping },
          tax,
        };
        const plan = planOrder(input);
        const again = planOrder(JSON.parse(JSON.stringify(input)) as typeof input);
        expect(again.totals).toEqual(plan.totals);
        const t = plan.totals;
        expect(t.totalCents).toBe(t.subtotalCents + t.shippingCents + t.taxTotalCents);
        expect(plan.totalCents).toBe(t.totalCents);
        expect(t.subtotalCents).toBe(plan.lines.reduce((n, l) => n + l.lineTotalCents, 0));
        expect(t.taxTotalCents).toBe(plan.lines.reduce((n, l) => n + (l.tax?.amountCents ?? 0), 0) + (plan.shippingTax?.amountCents ?? 0));
        expect(t.tax.reduce((n, g) => n + g.amountCents, 0)).toBe(t.taxTotalCents);
        for (const l of plan.lines) expect(l.tax!.amountCents).toBe(taxOn(l.lineTotalCents, l.tax!.rateBp));
      }),
      { numRuns: 300 },
    );
  });

  it('taxes shipping as a standard line of the destination', () => {
    const plan = planOrder({
      buyer: null,
      lines: [{ product: { priceE4: 100_000, minimumOrderQuantity: 1, availableQuantity: 10, archived: false, taxClass: 'reduced' }, quantity: 1 }],
      paymentMethod: 'card',
      now: '2026-11-28T10:00:00.000Z',
      shipping: { priceCents: 1500 },
      tax: ctx(),
    });
    expect(plan.shippingTax).toMatchObject({ rule: 'standard', rateBp: 1900, amountCents: 285 });
    expect(plan.totals).toEqual({
      subtotalCents: 1000,
      shippingCents: 1500,
      tax: [
        { name: 'VAT 7%', rateBp: 700, baseCents: 1000, amountCents: 70 },
        { name: 'VAT 19%', rateBp: 1900, baseCents: 1500, amountCents: 285 },
      ],
      taxTotalCents: 355,
      totalCents: 2855,
    });
    expect(orderTotals([{ lineTotalCents: 5, tax: null }]).totalCents).toBe(5);
  });
});
