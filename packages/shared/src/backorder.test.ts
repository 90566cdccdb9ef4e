import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, availabilityText, dispatchEstimate, lineAvailability, nextWorkingDay, promisedDispatchFor, type BackorderSettings } from './backorder.js';
import { planOrder } from './plan-order.js';

const TODAY = '2026-12-02'; // a Wednesday
const allowed = (s: Partial<BackorderSettings> = {}): BackorderSettings => ({ allowed: true, leadTimeDays: null, nextRestockDate: null, ...s });

describe('backorders with a promised date (issue 31)', () => {
  it('promises the restock day, else today plus the lead time, on a working day; nothing known: no date', () => {
    expect(promisedDispatchFor(allowed({ nextRestockDate: '2026-12-15', leadTimeDays: 3 }), TODAY)).toBe('2026-12-15');
    expect(promisedDispatchFor(allowed({ nextRestockDate: '2026-11-01', leadTimeDays: 3 }), TODAY)).toBe('2026-12-07'); // Saturday → Monday
    expect(promisedDispatchFor(allowed({ leadTimeDays: 0 }), TODAY)).toBe(TODAY);
    expect(promisedDispatchFor(allowed({ nextRestockDate: '2026-12-13' }), TODAY)).toBe('2026-12-14'); // Sunday → Monday
    expect(promisedDispatchFor(allowed(), TODAY)).toBeNull();
  });

  it('splits a line at the stock only when backorders are allowed; the text says what ships when', () => {
    expect(lineAvailability(500, 300, allowed({ nextRestockDate: '2026-12-11' }), TODAY)).toEqual({
      now: 300,
      backordered: 200,
      promisedDispatch: '2026-12-11',
    });
    expect(availabilityText({ now: 300, backordered: 200, promisedDispatch: '2026-12-11' })).toBe('300 now, 200 by 11 Dec');
    expect(availabilityText(lineAvailability(500, 0, allowed({ leadTimeDays: 7 }), TODAY))).toBe('Ships by 9 Dec');
    expect(availabilityText(lineAvailability(500, 900, allowed(), TODAY))).toBe('Ships now');
    expect(lineAvailability(500, 100, { ...allowed(), allowed: false }, TODAY)).toEqual({ now: 500, backordered: 0, promisedDispatch: null });
  });

  it('the dispatch estimate: today with anything in stock; ship complete waits for the last promised day', () => {
    const lines = [lineAvailability(100, 100, allowed(), TODAY), lineAvailability(100, 0, allowed({ leadTimeDays: 10 }), TODAY)];
    expect(dispatchEstimate(lines, 'ship_as_available', TODAY)).toEqual({ first: TODAY, last: '2026-12-14', unknown: false });
    expect(dispatchEstimate(lines, 'ship_complete', TODAY)).toEqual({ first: '2026-12-14', last: '2026-12-14', unknown: false });
  });

  it('property: every piece is either now or backordered, never more now than in stock; planOrder uses the same rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: -10, max: 3000 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        (quantity, available, lead) => {
          const settings = allowed({ leadTimeDays: lead });
          const a = lineAvailability(quantity, available, settings, TODAY);
          expect(a.now + a.backordered).toBe(quantity);
          expect(a.now).toBeLessThanOrEqual(Math.max(0, available));
          expect(a.promisedDispatch).toBe(a.backordered > 0 && lead !== null ? nextWorkingDay(addDays(TODAY, lead)) : null);
          const plan = planOrder({
            buyer: null,
            lines: [{ product: { priceE4: 100, minimumOrderQuantity: 1, availableQuantity: available, archived: false, backorder: settings }, quantity }],
            paymentMethod: 'card',
            now: `${TODAY}T10:00:00.000Z`,
          });
          expect(plan.lines[0]!.availability).toEqual(a);
          expect(plan.lines[0]!.problem?.kind).not.toBe('stock');
        },
      ),
    );
  });
});
