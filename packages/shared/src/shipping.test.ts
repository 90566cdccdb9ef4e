import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryEstimate, dispatchDay, isWorkingDay, sellerClock } from './delivery-estimate.js';
import { bandPrice, countryCodeOf, defaultShipping, gramsOfKg, shippingOptions, type ShippingMethodRule } from './shipping.js';
import { methodAnswerOf, methodRuleOf, shippingMethodSchema } from './schemas/shipping.js';
import { planOrder } from './plan-order.js';

const parcel: ShippingMethodRule = {
  code: 'parcel',
  name: 'Parcel',
  kind: 'parcel',
  countries: ['GB', 'DE'],
  bands: [
    { upToGrams: 2000, priceCents: 695 },
    { upToGrams: 10000, priceCents: 1295 },
    { upToGrams: 30000, priceCents: 2495 },
  ],
  freeOverCents: 50000,
  transitDays: [1, 2],
};
const freight: ShippingMethodRule = {
  code: 'pallet',
  name: 'Pallet',
  kind: 'freight',
  countries: '*',
  bands: [{ upToGrams: 1_000_000, priceCents: 14900 }],
  freeOverCents: null,
  transitDays: [2, 4],
};
const collect: ShippingMethodRule = { code: 'collect', name: 'Collect', kind: 'collect', countries: '*', bands: [], freeOverCents: null, transitDays: [1, 3] };
const pickup: ShippingMethodRule = {
  ...collect,
  code: 'pickup',
  name: 'Pickup',
  kind: 'pickup',
  countries: ['GB'],
  transitDays: [0, 0],
  pickupAddress: '1 Depot Lane',
};
const RULE = { cutoff: '14:00', timeZone: 'Europe/London' };

describe('shipping bands and options (issue 30)', () => {
  it('prices a weight by the narrowest band holding it, at its boundaries', () => {
    expect(bandPrice(parcel.bands, 0)).toBe(695);
    expect(bandPrice(parcel.bands, 2000)).toBe(695);
    expect(bandPrice(parcel.bands, 2001)).toBe(1295);
    expect(bandPrice(parcel.bands, 30000)).toBe(2495);
    expect(bandPrice(parcel.bands, 30001)).toBeNull();
  });

  it('offers what fits the weight and destination, free over a value, collect and pickup at 0, cheapest first', () => {
    const at = (grams: number, valueCents: number, country: string | null) =>
      shippingOptions([parcel, freight, collect, pickup], { grams, valueCents, country }).map((o) => [o.method.code, o.priceCents]);
    expect(at(5000, 10000, 'GB')).toEqual([
      ['collect', 0],
      ['pickup', 0],
      ['parcel', 1295],
      ['pallet', 14900],
    ]);
    expect(at(5000, 49999, 'DE')).toEqual([
      ['collect', 0],
      ['parcel', 1295],
      ['pallet', 14900],
    ]);
    expect(at(5000, 50000, 'DE')).toContainEqual(['parcel', 0]);
    expect(at(40000, 10000, 'US')).toEqual([
      ['collect', 0],
      ['pallet', 14900],
    ]);
    expect(shippingOptions([parcel, freight], { grams: 2_000_000, valueCents: 1, country: 'GB' })).toEqual([]);
  });

  it('the default method is the cheapest offered, never collect', () => {
    expect(defaultShipping(shippingOptions([parcel, freight, collect], { grams: 100, valueCents: 100, country: 'GB' }))?.method.code).toBe('parcel');
    expect(defaultShipping(shippingOptions([collect], { grams: 100, valueCents: 100, country: 'GB' }))).toBeNull();
  });

  it('reads country names and codes; weights in kg to grams without drift', () => {
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf(' de ')).toBe('DE');
    expect(countryCodeOf('UK')).toBe('GB');
    expect(countryCodeOf('Nowhere')).toBeNull();
    expect(gramsOfKg(1.005)).toBe(1005);
    expect(gramsOfKg(0.001)).toBe(1);
  });

  it('the API shape round-trips through the rule; a pickup needs its address, parcel its bands', () => {
    const written = shippingMethodSchema.parse({
      code: 'Parcel',
      name: 'Parcel',
      kind: 'parcel',
      countries: ['gb'],
      rates: [{ upToKg: 2, price: 6.95 }],
      freeOver: 500,
      transitDays: [1, 2],
    });
    expect(methodAnswerOf(methodRuleOf(written))).toEqual({
      code: 'parcel',
      name: 'Parcel',
      kind: 'parcel',
      countries: ['GB'],
      rates: [{ upToKg: 2, price: 6.95 }],
      freeOver: 500,
      transitDays: [1, 2],
      pickupAddress: null,
    });
    expect(shippingMethodSchema.safeParse({ code: 'p', name: 'P', kind: 'pickup', countries: '*', transitDays: [0, 0] }).success).toBe(false);
    expect(shippingMethodSchema.safeParse({ code: 'p', name: 'P', kind: 'parcel', countries: '*', rates: [], transitDays: [0, 0] }).success).toBe(false);
    expect(
      shippingMethodSchema.safeParse({ code: 'p', name: 'P', kind: 'parcel', countries: '*', rates: [{ upToKg: 1.0005, price: 1 }], transitDays: [0, 0] })
        .success,
    ).toBe(false);
  });

  it('property: a price is one of the bands, and the heavier never pays less within one method', () => {
    const bands = fc.array(fc.record({ upToGrams: fc.integer({ min: 1, max: 100000 }), priceCents: fc.integer({ min: 0, max: 100000 }) }), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(bands, fc.integer({ min: 0, max: 120000 }), (bs, grams) => {
        const price = bandPrice(bs, grams);
        const fits = bs.some((b) => grams <= b.upToGrams);
        expect(price === null).toBe(!fits);
        if (price !== null) expect(bs.map((b) => b.priceCents)).toContain(price);
      }),
    );
  });

  it('planOrder adds the shipping charge to the total', () => {
    const product = { priceE4: 25_000, priceTiers: [], minimumOrderQuantity: 1, availableQuantity: 100, archived: false };
    const plan = planOrder({
      buyer: null,
      lines: [{ product, quantity: 4 }],
      paymentMethod: 'card',
      now: '2026-12-02T10:00:00.000Z',
      shipping: { priceCents: 695 },
    });
    expect([plan.shippingCents, plan.totalCents]).toEqual([695, 1695]);
    expect(planOrder({ buyer: null, lines: [{ product, quantity: 4 }], paymentMethod: 'card', now: '2026-12-02T10:00:00.000Z' }).shippingCents).toBe(0);
  });
});

describe('delivery estimate (issue 30)', () => {
  it('dispatches today before the cutoff on the seller clock, else the next working day', () => {
    // 13:59 in London (GMT in December) on Wednesday 2 Dec 2026.
    expect(dispatchDay('2026-12-02T13:59:00.000Z', RULE, true)).toBe('2026-12-02');
    expect(dispatchDay('2026-12-02T14:00:00.000Z', RULE, true)).toBe('2026-12-03');
    expect(dispatchDay('2026-12-02T10:00:00.000Z', RULE, false)).toBe('2026-12-03');
    // Friday after the cutoff, and Saturday: Monday.
    expect(dispatchDay('2026-12-04T15:00:00.000Z', RULE, true)).toBe('2026-12-07');
    expect(dispatchDay('2026-12-05T09:00:00.000Z', RULE, true)).toBe('2026-12-07');
    // 13:30 UTC is 14:30 in Berlin: past the cutoff there.
    expect(dispatchDay('2026-12-02T13:30:00.000Z', { cutoff: '14:00', timeZone: 'Europe/Berlin' }, true)).toBe('2026-12-03');
    // The seller's day, not UTC's: 23:30 UTC Tuesday is Wednesday morning in Tokyo.
    expect(sellerClock('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ day: '2026-12-02', minutes: 8 * 60 + 30 });
  });

  it('adds the transit working days; backordered pieces leave on their promised day', () => {
    expect(deliveryEstimate({ now: '2026-12-03T09:00:00.000Z', rule: RULE, transitDays: [1, 2] })).toEqual({ from: '2026-12-04', to: '2026-12-07' });
    expect(deliveryEstimate({ now: '2026-12-03T09:00:00.000Z', rule: RULE, transitDays: [0, 0] })).toEqual({ from: '2026-12-03', to: '2026-12-03' });
    expect(
      deliveryEstimate({
        now: '2026-12-03T09:00:00.000Z',
        rule: RULE,
        transitDays: [1, 2],
        backorders: { first: '2026-12-03', last: '2026-12-14', unknown: false },
      }),
    ).toEqual({ from: '2026-12-07', to: '2026-12-16' });
    expect(
      deliveryEstimate({ now: '2026-12-03T09:00:00.000Z', rule: RULE, transitDays: [1, 2], backorders: { first: null, last: null, unknown: true } }),
    ).toBeNull();
  });

  it('property: working days land on Monday to Friday, in order, and never before the order', () => {
    const instant = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.boolean(), (now, a, b, inStock) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const day = dispatchDay(now, RULE, inStock);
        expect(isWorkingDay(day)).toBe(true);
        expect(day >= sellerClock(now, RULE.timeZone).day).toBe(true);
        if (!inStock) expect(day > sellerClock(now, RULE.timeZone).day).toBe(true);
        const shipsOn = dispatchDay(now, RULE, true);
        const est = deliveryEstimate({ now, rule: RULE, transitDays: [min, max] })!;
        expect(isWorkingDay(est.from) && isWorkingDay(est.to)).toBe(true);
        expect(est.from <= est.to && est.from >= shipsOn).toBe(true);
        expect([addWorkingDays(shipsOn, min), addWorkingDays(shipsOn, max)]).toEqual([est.from, est.to]);
      }),
    );
  });
});
